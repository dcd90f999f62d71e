import { createFileRoute } from '@tanstack/react-router';
import { AnswerPage } from '@/features/questionnaire-answers/components/answer-page';
import { authQueries } from '@/lib/auth/auth-queries';
import { deviceAnswersLoaded } from '@/lib/questionnaire-sync/device-answers';
import { settingsQueries } from '@/lib/settings/settings-queries';

export const Route = createFileRoute('/app/questionnaires/answer/$questionnaireId/$date')({
  // The device's answers first: a day answered offline reopens with its answers, never blank. The settings name
  // the athlete's today (its time zone), which the week's key starts at.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(authQueries.me()),
      context.queryClient.ensureQueryData(settingsQueries.full()).catch(() => undefined),
      deviceAnswersLoaded(),
    ]),
  component: AnswerPage,
});
