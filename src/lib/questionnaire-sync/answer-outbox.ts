import type { AnswerValues, SaveAnswerRequest } from '@contract/questionnaires';
import { answerResponseSchema } from '@contract/questionnaires';
import type { QueryClient } from '@tanstack/react-query';
import { isApiErrorBody } from '@/lib/api/api-request-error';
import { api } from '@/lib/api/api-client';
import type { OutboxSender } from '@/lib/tracking-sync/outbox-sync';
import { isTransient, refusalOf, requestSync } from '@/lib/tracking-sync/outbox-sync';
import { questionnaireSyncKeys } from './due-queries';
import type { DeviceAnswer } from './device-answers';
import {
  allDeviceAnswers,
  deviceAnswerFor,
  getDeviceAnswer,
  loadDeviceAnswers,
  putDeviceAnswer,
  removeDeviceAnswer,
} from './device-answers';

/**
 * The questionnaire answers' sender in the device's one outbox loop (ADR 067): each pending answer is PUT with
 * its own id, which makes the send repeatable (the server upserts by it). No network, a 5xx, 408, 429 or 401
 * leaves it pending for the loop's next round; any other 4xx (a 400 naming questions, a 409 "can no longer be
 * changed", a 403) refuses it with the server's words, kept on the device to show.
 */

type Outcome = 'answered' | 'refused' | 'later';

export function answerOutboxSender(queryClient: QueryClient): OutboxSender {
  return {
    sendWaiting: async (userId) => {
      // Another tab may have answered or sent while this one waited for the lock.
      await loadDeviceAnswers();
      const pending = allDeviceAnswers().filter(
        (answer) => answer.userId === userId && answer.status === 'pending',
      );
      let later = false;
      let answered = false;
      for (const { id } of pending) {
        const outcome = await sendAnswer(id);
        if (outcome === 'later') later = true;
        else answered = true;
      }
      // The due list reads the server's answers again (the dashboard, the answer screen).
      if (answered) void queryClient.invalidateQueries({ queryKey: questionnaireSyncKeys.all });
      return later ? 'later' : 'done';
    },
  };
}

/** The server's problems by question: its fields are named `values.<questionId>`. */
function problemsOf(body: unknown): Record<string, string> {
  if (!isApiErrorBody(body)) return {};
  const problems: Record<string, string> = {};
  for (const [field, message] of Object.entries(body.error.fields ?? {})) {
    const questionId = field.startsWith('values.') ? field.slice('values.'.length) : null;
    if (questionId) problems[questionId] = message;
  }
  return problems;
}

async function sendAnswer(answerId: string): Promise<Outcome> {
  // A change made while a send is on the wire goes again, with the same id, until what was sent is the newest.
  for (;;) {
    const answer = getDeviceAnswer(answerId);
    if (!answer || answer.status !== 'pending') return 'answered';
    const body: SaveAnswerRequest = {
      questionnaireId: answer.questionnaireId,
      version: answer.version,
      date: answer.date,
      values: answer.values,
    };
    let response: Response;
    try {
      response = await api.put(`api/questionnaire-answers/${answer.id}`, {
        json: body,
        retry: 0,
        throwHttpErrors: false,
      });
    } catch {
      return 'later';
    }
    if (isTransient(response)) return 'later';
    const answerBody: unknown = await response.json().catch(() => undefined);
    const current = getDeviceAnswer(answerId);
    if (!current) return 'answered';
    if (current.savedAt !== answer.savedAt) continue;
    if (!response.ok) {
      await putDeviceAnswer({
        ...current,
        status: 'refused',
        refusal: refusalOf(response, answerBody),
        problems: problemsOf(answerBody),
      });
      return 'refused';
    }
    const stored = answerResponseSchema.safeParse(answerBody);
    const serverId = stored.success ? stored.data.answer.id : current.id;
    const sent: DeviceAnswer = { ...current, id: serverId, status: 'sent', refusal: null, problems: {} };
    // Another device answered this day first: its row is the day's answer, and this device keeps its id.
    if (serverId !== current.id) await removeDeviceAnswer(current.id);
    await putDeviceAnswer(sent);
    return 'answered';
  }
}

export interface AnswerGiven {
  userId: string;
  questionnaireId: string;
  version: number;
  date: string;
  values: AnswerValues;
  /** The day's answer the server already holds (from the due list), so a change upserts that row. */
  serverAnswerId: string | null;
}

/**
 * An answer given: on the device first (the same record for the same day, so a change keeps its id), then sent
 * by the loop. Resolves once it is stored: "Saved" is then true with no signal.
 */
export async function saveAnswer(given: AnswerGiven): Promise<DeviceAnswer> {
  const earlier = deviceAnswerFor(given.userId, given.questionnaireId, given.date);
  const answer: DeviceAnswer = {
    id: earlier?.id ?? given.serverAnswerId ?? crypto.randomUUID(),
    userId: given.userId,
    questionnaireId: given.questionnaireId,
    version: given.version,
    date: given.date,
    values: given.values,
    savedAt: new Date().toISOString(),
    status: 'pending',
    refusal: null,
    problems: {},
  };
  await putDeviceAnswer(answer);
  requestSync();
  return answer;
}
