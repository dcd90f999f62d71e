import type { MessageAboutKind } from '@contract/chat';
import type { DeviceAttachment } from '@/lib/chat-uploads/device-attachment';
import {
  createDeviceRecords,
  createMemoryDeviceStorage,
  type DeviceRecordStorage,
} from '@/lib/device-records';

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
export type DeviceMessageStorage = DeviceRecordStorage<DeviceMessage>;

export const chatDatabase = {
  name: 'connect-chat',
  store: 'messages',
  channel: 'connect-chat-messages',
} as const;

/** Tests (jsdom has no IndexedDB): structured copies, as IndexedDB keeps, told to the other "tabs" a task later. */
export function createMemoryDeviceMessageStorage(): DeviceMessageStorage & {
  messages: Map<string, DeviceMessage>;
} {
  const storage = createMemoryDeviceStorage<DeviceMessage>();
  return Object.assign(storage, { messages: storage.records });
}

const messages = createDeviceRecords<DeviceMessage>(chatDatabase);

export const subscribeToDeviceMessages = messages.subscribe;
export const deviceMessagesVersion = messages.version;

const inOrderWritten = (list: DeviceMessage[]) => list.sort((a, b) => a.madeAt.localeCompare(b.madeAt));

/** The waiting and refused messages of one conversation, in the order written. */
export const deviceMessagesOf = (conversationId: string): DeviceMessage[] =>
  inOrderWritten(messages.all().filter((message) => message.conversationId === conversationId));

export const allDeviceMessages = (): DeviceMessage[] => inOrderWritten(messages.all());

/** Reads what the device holds (another tab's or an earlier page's messages). */
export const loadDeviceMessages = messages.load;
export const deviceMessagesLoaded = messages.loaded;
/** Stores a message first, then shows it: what shows as "Sending…" is on the device. */
export const saveDeviceMessage = messages.put;
export const removeDeviceMessage = messages.remove;
export const getDeviceMessage = messages.get;
/** Tests: the storage a "page" uses (null: the browser's). */
export const configureDeviceMessageStorage = messages.configure;
/** Tests: a fresh page's memory. */
export const forgetDeviceMessagesInMemory = messages.forgetInMemory;
