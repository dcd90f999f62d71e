import { create } from 'zustand';
import { registerStoreReset } from './store-reset';

/**
 * An attachment's upload: 'pending' from the start until the first progress event, 'uploading' while chunks go
 * up, then 'uploaded' (with its file URL) or 'failed' (with the error).
 */
export const messageUploadStatuses = ['pending', 'uploading', 'uploaded', 'failed'] as const;
export type MessageUploadStatus = (typeof messageUploadStatuses)[number];

/** Spec 3 message upload record, kept per message id. */
export interface MessageUpload {
  content: string;
  isUploading: boolean;
  containsFile: boolean;
  uploadStatus: MessageUploadStatus;
  /** Percent, 0 to 100. */
  uploadProgress: number;
  /** '' until the upload gives one; a later event without one keeps the previous value. */
  fileUrl: string;
  error: string | null;
}

/** A message of the open chat; the upload fields are there when it carries an attachment. */
export interface ChatMessage {
  id: string;
  senderId: string;
  content: string;
  /** ISO 8601 instant. */
  createdAt: string;
  uploadStatus?: MessageUploadStatus;
  uploadProgress?: number;
  fileUrl?: string;
}

export interface Chat {
  id: string | null;
  messages: ChatMessage[];
}

interface MessagesState {
  chat: Chat;
  newMessage: string;
  /** The open chat should be refreshed. */
  update: boolean;
  /** The composer asked for `newMessage` to be sent. */
  sendToAPI: boolean;
  /** A file is attached to the message being written. */
  readyToUploadFile: boolean;
  messageUploads: Record<string, MessageUpload>;
  actions: {
    chatOpened: (chat: { id: string; messages: ChatMessage[] }) => void;
    /** A message to show: sent from here or received; one with a known id replaces it. */
    messageReceived: (message: ChatMessage) => void;
    newMessageChanged: (text: string) => void;
    sendRequested: () => void;
    updateRequested: () => void;
    /** After a send: newMessage, the send flag and the update flag reset (spec 4). */
    messageSent: () => void;
    attachmentChosen: () => void;
    attachmentRemoved: () => void;
    uploadStarted: (messageId: string, upload: { content: string; containsFile: boolean }) => void;
    uploadProgressed: (messageId: string, progressPercent: number) => void;
    uploadCompleted: (messageId: string, fileUrl: string) => void;
    uploadFailed: (messageId: string, error: string) => void;
    /** Clears the chat, the composer and every upload. */
    messagesReset: () => void;
  };
}

const initialState = {
  chat: { id: null, messages: [] },
  newMessage: '',
  update: false,
  sendToAPI: false,
  readyToUploadFile: false,
  messageUploads: {},
} satisfies Omit<MessagesState, 'actions'>;

function newMessageUpload(previous?: MessageUpload): MessageUpload {
  return {
    content: previous?.content ?? '',
    isUploading: false,
    containsFile: previous?.containsFile ?? false,
    uploadStatus: 'pending',
    uploadProgress: 0,
    fileUrl: previous?.fileUrl ?? '',
    error: null,
  };
}

const clampPercent = (value: number) => Math.min(100, Math.max(0, value));

type UploadChange = (upload: MessageUpload) => MessageUpload;

/** Applies an upload event to the record and mirrors it onto the chat message with the same id. */
function changeUpload(state: MessagesState, messageId: string, change: UploadChange) {
  const upload = change(state.messageUploads[messageId] ?? newMessageUpload());
  const { uploadStatus, uploadProgress, fileUrl } = upload;
  return {
    messageUploads: { ...state.messageUploads, [messageId]: upload },
    chat: state.chat.messages.some((message) => message.id === messageId)
      ? {
          ...state.chat,
          messages: state.chat.messages.map((message) =>
            message.id === messageId ? { ...message, uploadStatus, uploadProgress, fileUrl } : message,
          ),
        }
      : state.chat,
  };
}

const useMessagesStore = create<MessagesState>()((set) => ({
  ...initialState,
  actions: {
    chatOpened: (chat) => set({ chat }),
    messageReceived: (message) =>
      set(({ chat }) => ({
        chat: {
          ...chat,
          messages: chat.messages.some((known) => known.id === message.id)
            ? chat.messages.map((known) => (known.id === message.id ? message : known))
            : [...chat.messages, message],
        },
      })),
    newMessageChanged: (newMessage) => set({ newMessage }),
    sendRequested: () => set({ sendToAPI: true }),
    updateRequested: () => set({ update: true }),
    messageSent: () => set({ newMessage: '', sendToAPI: false, update: false }),
    attachmentChosen: () => set({ readyToUploadFile: true }),
    attachmentRemoved: () => set({ readyToUploadFile: false }),
    uploadStarted: (messageId, { content, containsFile }) =>
      set((state) => ({
        ...changeUpload(state, messageId, (previous) => ({
          ...newMessageUpload(previous),
          content,
          containsFile,
          isUploading: true,
        })),
        // The chosen file is now this message's upload.
        readyToUploadFile: false,
      })),
    uploadProgressed: (messageId, progressPercent) =>
      set((state) =>
        changeUpload(state, messageId, (upload) => ({
          ...upload,
          isUploading: true,
          uploadStatus: 'uploading',
          uploadProgress: clampPercent(progressPercent),
          error: null,
        })),
      ),
    uploadCompleted: (messageId, fileUrl) =>
      set((state) =>
        changeUpload(state, messageId, (upload) => ({
          ...upload,
          isUploading: false,
          uploadStatus: 'uploaded',
          uploadProgress: 100,
          fileUrl: fileUrl || upload.fileUrl,
          error: null,
        })),
      ),
    uploadFailed: (messageId, error) =>
      set((state) =>
        changeUpload(state, messageId, (upload) => ({
          ...upload,
          isUploading: false,
          uploadStatus: 'failed',
          error,
        })),
      ),
    messagesReset: () => set(initialState),
  },
}));

registerStoreReset(() => useMessagesStore.setState(initialState));

export const useChat = () => useMessagesStore((state) => state.chat);
export const useNewMessage = () => useMessagesStore((state) => state.newMessage);
export const useChatNeedsUpdate = () => useMessagesStore((state) => state.update);
export const useSendToApi = () => useMessagesStore((state) => state.sendToAPI);
export const useReadyToUploadFile = () => useMessagesStore((state) => state.readyToUploadFile);
/** Spec 3 `fileUploading`: derived, true while any attachment is still going up. */
export const useFileUploading = () =>
  useMessagesStore((state) => Object.values(state.messageUploads).some((upload) => upload.isUploading));
export const useMessageUpload = (messageId: string): MessageUpload | undefined =>
  useMessagesStore((state) => state.messageUploads[messageId]);
export const useMessageActions = () => useMessagesStore((state) => state.actions);
/** The actions outside React: the device's message outbox drives uploads from the sync loop. */
export const messageActions = () => useMessagesStore.getState().actions;
