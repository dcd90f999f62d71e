import type { AnswerValues } from '@contract/questionnaires';
import { createStore, del, entries, set } from 'idb-keyval';

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
export interface DeviceAnswerStorage {
  readAll: () => Promise<DeviceAnswer[]>;
  put: (answer: DeviceAnswer) => Promise<void>;
  remove: (answerId: string) => Promise<void>;
  /** This tab's line to the other tabs: `announce` tells them answers changed, `heard` hears theirs. */
  connect: (heard: () => void) => { announce: () => void; close: () => void };
}

export const questionnaireDatabase = {
  name: 'connect-questionnaires',
  store: 'answers',
  channel: 'connect-questionnaire-answers',
} as const;

function broadcastChannelConnection(heard: () => void): ReturnType<DeviceAnswerStorage['connect']> {
  if (typeof BroadcastChannel === 'undefined') return { announce: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(questionnaireDatabase.channel);
  channel.onmessage = () => heard();
  return { announce: () => channel.postMessage('changed'), close: () => channel.close() };
}

function indexedDbStorage(): DeviceAnswerStorage | null {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const store = createStore(questionnaireDatabase.name, questionnaireDatabase.store);
    return {
      readAll: async () => (await entries<string, DeviceAnswer>(store)).map(([, answer]) => answer),
      put: (answer) => set(answer.id, answer, store),
      remove: (answerId) => del(answerId, store),
      connect: broadcastChannelConnection,
    };
  } catch {
    return null;
  }
}

/** Tests (jsdom has no IndexedDB): structured copies, as IndexedDB keeps, told to the other "tabs" a task later. */
export function createMemoryDeviceAnswerStorage(): DeviceAnswerStorage & {
  answers: Map<string, DeviceAnswer>;
} {
  const answers = new Map<string, DeviceAnswer>();
  const tabs = new Set<() => void>();
  return {
    answers,
    readAll: () => Promise.resolve([...answers.values()].map((answer) => structuredClone(answer))),
    put: (answer) => {
      answers.set(answer.id, structuredClone(answer));
      return Promise.resolve();
    },
    remove: (answerId) => {
      answers.delete(answerId);
      return Promise.resolve();
    },
    connect: (heard) => {
      tabs.add(heard);
      return {
        announce: () => {
          for (const tab of tabs) if (tab !== heard) setTimeout(tab, 0);
        },
        close: () => tabs.delete(heard),
      };
    },
  };
}

let storage: DeviceAnswerStorage | undefined;
let connection: ReturnType<DeviceAnswerStorage['connect']> | null = null;
const known = new Map<string, DeviceAnswer>();
const listeners = new Set<() => void>();
let version = 0;
let loading: Promise<void> | null = null;

function storageOf(): DeviceAnswerStorage {
  // Without IndexedDB (a private window of an old browser) the answers live in this page only.
  storage ??= indexedDbStorage() ?? createMemoryDeviceAnswerStorage();
  connection ??= storage.connect(() => void loadDeviceAnswers());
  return storage;
}

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export const subscribeToDeviceAnswers = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const deviceAnswersVersion = (): number => version;

export const allDeviceAnswers = (): DeviceAnswer[] =>
  [...known.values()].sort((a, b) => a.savedAt.localeCompare(b.savedAt));

export const getDeviceAnswer = (answerId: string): DeviceAnswer | undefined => known.get(answerId);

/** The device's answer of one user to one questionnaire on one date (there is one per day). */
export const deviceAnswerFor = (
  userId: string,
  questionnaireId: string,
  date: string,
): DeviceAnswer | undefined =>
  [...known.values()].find(
    (answer) =>
      answer.userId === userId && answer.questionnaireId === questionnaireId && answer.date === date,
  );

/** Reads what the device holds (another tab's or an earlier page's answers). */
export async function loadDeviceAnswers(): Promise<void> {
  const stored = await storageOf()
    .readAll()
    .catch(() => null);
  if (!stored) return;
  known.clear();
  for (const answer of stored) known.set(answer.id, answer);
  notify();
}

export function deviceAnswersLoaded(): Promise<void> {
  loading ??= loadDeviceAnswers();
  return loading;
}

/** Stores an answer first, then shows it: what shows as "Saved" is on the device. */
export async function putDeviceAnswer(answer: DeviceAnswer): Promise<void> {
  await storageOf().put(answer);
  known.set(answer.id, answer);
  notify();
  connection?.announce();
}

export async function removeDeviceAnswer(answerId: string): Promise<void> {
  await storageOf().remove(answerId);
  known.delete(answerId);
  notify();
  connection?.announce();
}

/** Sent answers of days long past leave the device: the server's list has them, and the store stays small. */
export async function removeOldSentAnswers(before: string): Promise<void> {
  const old = allDeviceAnswers().filter((answer) => answer.status === 'sent' && answer.date < before);
  for (const answer of old) await removeDeviceAnswer(answer.id);
}

/** Tests: the storage a "page" uses (null: the browser's). */
export function configureDeviceAnswerStorage(next: DeviceAnswerStorage | null): void {
  connection?.close();
  connection = null;
  storage = next ?? undefined;
  loading = null;
}

/** Tests: a fresh page's memory. */
export function forgetDeviceAnswersInMemory(): void {
  known.clear();
  loading = null;
  notify();
}
