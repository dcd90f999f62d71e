import type { AnswerValues } from '@contract/questionnaires';
import {
  createDeviceRecords,
  createMemoryDeviceStorage,
  type DeviceRecordStorage,
} from '@/lib/device-records';

/**
 * The questionnaire answers given on this device (ADR 067): one IndexedDB record per answer, stored BEFORE the
 * screen says "Saved", so a reload, a closed tab or no signal never loses one. The outbox loop
 * (tracking-sync/outbox-sync.ts) sends the pending ones; a sent one stays, so the dashboard counts it as
 * answered until the server's list says so too.
 */
export type DeviceAnswerStatus = 'pending' | 'sent' | 'refused';

export interface DeviceAnswer {
  /** Made on the device (or the server's, once adopted): the PUT's id, so a send repeated is the same answer. */
  id: string;
  /** Who answered: only that user's session sends it. */
  userId: string;
  questionnaireId: string;
  version: number;
  /** The athlete's calendar date the answer is for. */
  date: string;
  values: AnswerValues;
  /** When it was last changed on the device: a change made while a send is on the wire is sent again. */
  savedAt: string;
  status: DeviceAnswerStatus;
  /** The server's words when it refused the answer; null otherwise. */
  refusal: string | null;
  /** The server's problem per question id (from its `values.<id>` fields), to show next to each question. */
  problems: Record<string, string>;
}

/** Where the answers are kept: IndexedDB in the browser; tests hand in a memory one shared by their "tabs". */
export type DeviceAnswerStorage = DeviceRecordStorage<DeviceAnswer>;

export const questionnaireDatabase = {
  name: 'connect-questionnaires',
  store: 'answers',
  channel: 'connect-questionnaire-answers',
} as const;

/** Tests (jsdom has no IndexedDB): structured copies, as IndexedDB keeps, told to the other "tabs" a task later. */
export function createMemoryDeviceAnswerStorage(): DeviceAnswerStorage & {
  answers: Map<string, DeviceAnswer>;
} {
  const storage = createMemoryDeviceStorage<DeviceAnswer>();
  return Object.assign(storage, { answers: storage.records });
}

const answers = createDeviceRecords<DeviceAnswer>(questionnaireDatabase);

export const subscribeToDeviceAnswers = answers.subscribe;
export const deviceAnswersVersion = answers.version;

export const allDeviceAnswers = (): DeviceAnswer[] =>
  answers.all().sort((a, b) => a.savedAt.localeCompare(b.savedAt));

export const getDeviceAnswer = answers.get;

/** The device's answer of one user to one questionnaire on one date (there is one per day). */
export const deviceAnswerFor = (
  userId: string,
  questionnaireId: string,
  date: string,
): DeviceAnswer | undefined =>
  answers
    .all()
    .find(
      (answer) =>
        answer.userId === userId && answer.questionnaireId === questionnaireId && answer.date === date,
    );

/** Reads what the device holds (another tab's or an earlier page's answers). */
export const loadDeviceAnswers = answers.load;
export const deviceAnswersLoaded = answers.loaded;
/** Stores an answer first, then shows it: what shows as "Saved" is on the device. */
export const putDeviceAnswer = answers.put;
export const removeDeviceAnswer = answers.remove;

/** Sent answers of days long past leave the device: the server's list has them, and the store stays small. */
export async function removeOldSentAnswers(before: string): Promise<void> {
  const old = allDeviceAnswers().filter((answer) => answer.status === 'sent' && answer.date < before);
  for (const answer of old) await removeDeviceAnswer(answer.id);
}

/** Tests: the storage a "page" uses (null: the browser's). */
export const configureDeviceAnswerStorage = answers.configure;
/** Tests: a fresh page's memory. */
export const forgetDeviceAnswersInMemory = answers.forgetInMemory;
