import type { QueryClient } from '@tanstack/react-query';
import { addDaysTo } from '@/lib/schedule/calendar-range';
import { registerOutboxSender } from '@/lib/tracking-sync/outbox-sync';
import { answerOutboxSender } from './answer-outbox';
import { athleteToday } from './due-queries';
import { deviceAnswersLoaded, removeOldSentAnswers } from './device-answers';

/** Sent answers are kept this many days: the due list of the coming week holds them by then. */
const sentKeptDays = 14;

/** Adds the questionnaire answers to the device's outbox loop (ADR 067); started with the tracking sync. */
export async function startQuestionnaireSync(queryClient: QueryClient): Promise<() => void> {
  const stop = registerOutboxSender('questionnaires', answerOutboxSender(queryClient));
  await deviceAnswersLoaded();
  await removeOldSentAnswers(addDaysTo(athleteToday(queryClient), -sentKeptDays)).catch(() => undefined);
  return stop;
}
