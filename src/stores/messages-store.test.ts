import { act, renderHook } from '@testing-library/react';
import type { ChatMessage } from './messages-store';
import {
  useChat,
  useChatNeedsUpdate,
  useFileUploading,
  useMessageActions,
  useMessageUpload,
  useNewMessage,
  useReadyToUploadFile,
  useSendToApi,
} from './messages-store';
import { resetAllStores } from './store-reset';

const message = (id: string, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  senderId: 'coach-1',
  content: `Message ${id}`,
  createdAt: '2027-03-01T09:00:00.000Z',
  ...fields,
});

function renderMessages(messageId = 'm1') {
  return renderHook(() => ({
    chat: useChat(),
    newMessage: useNewMessage(),
    update: useChatNeedsUpdate(),
    sendToAPI: useSendToApi(),
    readyToUploadFile: useReadyToUploadFile(),
    fileUploading: useFileUploading(),
    upload: useMessageUpload(messageId),
    actions: useMessageActions(),
  })).result;
}

beforeEach(() => resetAllStores());

describe('messages store', () => {
  it('starts with no chat, an empty composer, flags off and no uploads', () => {
    const result = renderMessages();
    expect(result.current).toMatchObject({
      chat: { id: null, messages: [] },
      newMessage: '',
      update: false,
      sendToAPI: false,
      readyToUploadFile: false,
      fileUploading: false,
      upload: undefined,
    });
  });

  it('opens a chat and adds messages, replacing one whose id it knows', () => {
    const result = renderMessages();
    act(() => result.current.actions.chatOpened({ id: 'chat-1', messages: [message('m1')] }));
    act(() => result.current.actions.messageReceived(message('m2')));
    act(() => result.current.actions.messageReceived(message('m1', { content: 'Edited' })));
    expect(result.current.chat.id).toBe('chat-1');
    expect(result.current.chat.messages.map((known) => [known.id, known.content])).toEqual([
      ['m1', 'Edited'],
      ['m2', 'Message m2'],
    ]);
  });

  it('resets newMessage, the send flag and the update flag after a send', () => {
    const result = renderMessages();
    act(() => {
      result.current.actions.newMessageChanged('See you at practice');
      result.current.actions.updateRequested();
      result.current.actions.sendRequested();
    });
    expect(result.current).toMatchObject({
      newMessage: 'See you at practice',
      update: true,
      sendToAPI: true,
    });

    act(() => result.current.actions.messageSent());
    expect(result.current).toMatchObject({ newMessage: '', update: false, sendToAPI: false });
  });

  it('starts an upload pending at 0 % with no file URL and no error', () => {
    const result = renderMessages();
    act(() => result.current.actions.attachmentChosen());
    expect(result.current.readyToUploadFile).toBe(true);

    act(() => result.current.actions.uploadStarted('m1', { content: 'Bullpen video', containsFile: true }));
    expect(result.current.upload).toEqual({
      content: 'Bullpen video',
      isUploading: true,
      containsFile: true,
      uploadStatus: 'pending',
      uploadProgress: 0,
      fileUrl: '',
      error: null,
    });
    expect(result.current.fileUploading).toBe(true);
    expect(result.current.readyToUploadFile).toBe(false);
  });

  it('follows progress events to uploaded, mirroring them on the chat message', () => {
    const result = renderMessages();
    act(() => {
      result.current.actions.chatOpened({ id: 'chat-1', messages: [message('m1'), message('m2')] });
      result.current.actions.uploadStarted('m1', { content: 'Bullpen video', containsFile: true });
      result.current.actions.uploadProgressed('m1', 40);
    });
    expect(result.current.upload).toMatchObject({
      uploadStatus: 'uploading',
      uploadProgress: 40,
      isUploading: true,
    });
    expect(result.current.chat.messages[0]).toMatchObject({ uploadStatus: 'uploading', uploadProgress: 40 });

    act(() => result.current.actions.uploadCompleted('m1', 'https://files.test/bullpen.mp4'));
    expect(result.current.upload).toMatchObject({
      uploadStatus: 'uploaded',
      uploadProgress: 100,
      isUploading: false,
      fileUrl: 'https://files.test/bullpen.mp4',
    });
    expect(result.current.chat.messages[0]).toMatchObject({
      uploadStatus: 'uploaded',
      uploadProgress: 100,
      fileUrl: 'https://files.test/bullpen.mp4',
    });
    expect(result.current.chat.messages[1]).not.toHaveProperty('uploadStatus');
    expect(result.current.fileUploading).toBe(false);
  });

  it('keeps progress between 0 and 100', () => {
    const result = renderMessages();
    act(() => result.current.actions.uploadProgressed('m1', 140));
    expect(result.current.upload?.uploadProgress).toBe(100);
    act(() => result.current.actions.uploadProgressed('m1', -5));
    expect(result.current.upload?.uploadProgress).toBe(0);
  });

  it('marks a failed upload with its error and keeps the previous file URL on a retry', () => {
    const result = renderMessages();
    act(() => {
      result.current.actions.uploadStarted('m1', { content: 'Chart', containsFile: true });
      result.current.actions.uploadCompleted('m1', 'https://files.test/chart.pdf');
      result.current.actions.uploadStarted('m1', { content: 'Chart', containsFile: true });
    });
    expect(result.current.upload).toMatchObject({
      uploadStatus: 'pending',
      uploadProgress: 0,
      fileUrl: 'https://files.test/chart.pdf',
    });

    act(() => result.current.actions.uploadFailed('m1', 'The connection was lost.'));
    expect(result.current.upload).toMatchObject({
      uploadStatus: 'failed',
      isUploading: false,
      error: 'The connection was lost.',
      fileUrl: 'https://files.test/chart.pdf',
    });
  });

  it('clears the chat and every upload on a full reset', () => {
    const result = renderMessages();
    act(() => {
      result.current.actions.chatOpened({ id: 'chat-1', messages: [message('m1')] });
      result.current.actions.newMessageChanged('Draft');
      result.current.actions.uploadStarted('m1', { content: 'Video', containsFile: true });
    });
    act(() => result.current.actions.messagesReset());
    expect(result.current).toMatchObject({
      chat: { id: null, messages: [] },
      newMessage: '',
      fileUploading: false,
      upload: undefined,
    });
  });
});
