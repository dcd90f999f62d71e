import type { MessageAboutKind } from '@contract/chat';
import { createStore, del, entries, set } from 'idb-keyval';
import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';

/**
 * The chat messages written on this device and not yet answered by the server (ADR 062): one IndexedDB record
 * per message, stored BEFORE the message shows, so a reload, a closed tab or a dropped request never loses one.
 * The outbox loop (tracking-sync/outbox-sync.ts) sends them; an answered one leaves the device.
 */
export interface DeviceMessage {
  /** Made on the device: the message's id on the server too, so a send repeated is the same message. */
  id: string;
  conversationId: string;
  /** Who wrote it: only that user's session sends it. */
  userId: string;
  text: string;
  /** What it is about, with the words the composer showed. */
  about: { kind: MessageAboutKind; id: string; label: string | null } | null;
  attachment: DeviceAttachment | null;
  madeAt: string;
  /** The server's reason when it refused the message for good; null while it waits. */
  refusal: string | null;
}

/** Where the messages are kept: IndexedDB in the browser; tests hand in a memory one shared by their "tabs". */
export interface DeviceMessageStorage {
  readAll: () => Promise<DeviceMessage[]>;
  put: (message: DeviceMessage) => Promise<void>;
  remove: (messageId: string) => Promise<void>;
  /** This tab's line to the other tabs: `announce` tells them messages changed, `heard` hears theirs. */
  connect: (heard: () => void) => { announce: () => void; close: () => void };
}

export const chatDatabase = {
  name: 'connect-chat',
  store: 'messages',
  channel: 'connect-chat-messages',
} as const;

function broadcastChannelConnection(heard: () => void): ReturnType<DeviceMessageStorage['connect']> {
  if (typeof BroadcastChannel === 'undefined') return { announce: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(chatDatabase.channel);
  channel.onmessage = () => heard();
  return { announce: () => channel.postMessage('changed'), close: () => channel.close() };
}

function indexedDbStorage(): DeviceMessageStorage | null {
  if (typeof indexedDB === 'undefined') return null;
  try {
    const store = createStore(chatDatabase.name, chatDatabase.store);
    return {
      readAll: async () => (await entries<string, DeviceMessage>(store)).map(([, message]) => message),
      put: (message) => set(message.id, message, store),
      remove: (messageId) => del(messageId, store),
      connect: broadcastChannelConnection,
    };
  } catch {
    return null;
  }
}

/** Tests (jsdom has no IndexedDB): structured copies, as IndexedDB keeps, told to the other "tabs" a task later. */
export function createMemoryDeviceMessageStorage(): DeviceMessageStorage & {
  messages: Map<string, DeviceMessage>;
} {
  const messages = new Map<string, DeviceMessage>();
  const tabs = new Set<() => void>();
  return {
    messages,
    readAll: () => Promise.resolve([...messages.values()].map((message) => structuredClone(message))),
    put: (message) => {
      messages.set(message.id, structuredClone(message));
      return Promise.resolve();
    },
    remove: (messageId) => {
      messages.delete(messageId);
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

let storage: DeviceMessageStorage | null | undefined;
let connection: ReturnType<DeviceMessageStorage['connect']> | null = null;
const shown = new Map<string, DeviceMessage>();
const listeners = new Set<() => void>();
let version = 0;
let loading: Promise<void> | null = null;

function storageOf(): DeviceMessageStorage | null {
  // Without IndexedDB (a private window of an old browser) the messages live in this page only.
  storage ??= indexedDbStorage() ?? createMemoryDeviceMessageStorage();
  connection ??= storage.connect(() => void loadDeviceMessages());
  return storage;
}

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export const subscribeToDeviceMessages = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const deviceMessagesVersion = (): number => version;

/** The waiting and refused messages of one conversation, in the order written. */
export const deviceMessagesOf = (conversationId: string): DeviceMessage[] =>
  [...shown.values()]
    .filter((message) => message.conversationId === conversationId)
    .sort((a, b) => a.madeAt.localeCompare(b.madeAt));

export const allDeviceMessages = (): DeviceMessage[] =>
  [...shown.values()].sort((a, b) => a.madeAt.localeCompare(b.madeAt));

/** Reads what the device holds (another tab's or an earlier page's messages). */
export async function loadDeviceMessages(): Promise<void> {
  const target = storageOf();
  if (!target) return;
  const stored = await target.readAll().catch(() => null);
  if (!stored) return;
  shown.clear();
  for (const message of stored) shown.set(message.id, message);
  notify();
}

export function deviceMessagesLoaded(): Promise<void> {
  loading ??= loadDeviceMessages();
  return loading;
}

/** Stores a message first, then shows it: what shows as "Sending…" is on the device. */
export async function saveDeviceMessage(message: DeviceMessage): Promise<void> {
  const target = storageOf();
  await target?.put(message);
  shown.set(message.id, message);
  notify();
  connection?.announce();
}

export async function removeDeviceMessage(messageId: string): Promise<void> {
  await storageOf()?.remove(messageId);
  shown.delete(messageId);
  notify();
  connection?.announce();
}

export const getDeviceMessage = (messageId: string): DeviceMessage | undefined => shown.get(messageId);

/** Tests: the storage a "page" uses (null: the browser's). */
export function configureDeviceMessageStorage(next: DeviceMessageStorage | null): void {
  connection?.close();
  connection = null;
  storage = next ?? undefined;
  loading = null;
}

/** Tests: a fresh page's memory. */
export function forgetDeviceMessagesInMemory(): void {
  shown.clear();
  loading = null;
  notify();
}
