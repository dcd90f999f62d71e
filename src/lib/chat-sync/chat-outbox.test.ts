import { demoUsers } from '@mocks/data';
import { createChatFake, demoChatIds } from '@mocks/handlers/chat';
import { server } from '@mocks/server';
import { waitFor } from '@testing-library/react';
import { v7 as uuidv7 } from 'uuid';
import type { DeviceAttachment, UploadOutcome } from '@/lib/chat-uploads/device-attachment';
import { configureOutboxSync, registerOutboxSender, resetOutboxSync } from '@/lib/tracking-sync/outbox-sync';
import { createTestQueryClient } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import { useMessageUpload } from '@/stores/messages-store';
import { renderHook } from '@testing-library/react';
import { chatOutboxSender, writeMessage } from './chat-outbox';
import {
  configureDeviceMessageStorage,
  createMemoryDeviceMessageStorage,
  forgetDeviceMessagesInMemory,
} from './device-messages';

const upload = vi.hoisted((): { outcome: UploadOutcome; removed: string[] } => ({
  outcome: { status: 'later' },
  removed: [],
}));
vi.mock('@/lib/chat-uploads/ensure-uploaded', () => ({
  ensureUploaded: (_conversationId: string, _attachment: unknown, onProgress: (percent: number) => void) => {
    onProgress(50);
    return Promise.resolve(upload.outcome);
  },
}));
vi.mock('@/lib/chat-uploads/device-files', () => ({
  removeDeviceFile: (uploadId: string) => {
    upload.removed.push(uploadId);
    return Promise.resolve();
  },
}));

const athlete = demoUsers.athlete;
const photo: DeviceAttachment = {
  uploadId: '0c4a9000-0000-4000-8000-000000000001',
  fileName: 'squat.jpg',
  type: 'image/jpeg',
  size: 1000,
  sha256: 'a'.repeat(64),
  durationMs: null,
  waveform: null,
};
let fake: ReturnType<typeof createChatFake>;
let device: ReturnType<typeof createMemoryDeviceMessageStorage>;
let stop: () => void;

beforeEach(() => {
  fake = createChatFake();
  server.use(...fake.handlers);
  device = createMemoryDeviceMessageStorage();
  configureDeviceMessageStorage(device);
  signInAs(athlete);
  configureOutboxSync({ currentUserId: () => athlete.id, onAnswered: () => undefined });
  stop = registerOutboxSender('chat', chatOutboxSender(createTestQueryClient()));
  upload.removed = [];
});

afterEach(() => {
  stop();
  resetOutboxSync();
  forgetDeviceMessagesInMemory();
  configureDeviceMessageStorage(null);
});

const photoMessage = () => ({
  id: uuidv7(),
  conversationId: demoChatIds.direct,
  userId: athlete.id,
  text: 'Form check',
  about: null,
  attachment: photo,
});

describe('a message with an attachment in the device outbox', () => {
  it('waits while the upload says later, and sends nothing', async () => {
    upload.outcome = { status: 'later' };
    const message = photoMessage();
    await writeMessage(message);
    const progress = renderHook(() => useMessageUpload(message.id));
    await waitFor(() => expect(progress.result.current?.uploadProgress).toBe(50));
    expect(fake.sends).toHaveLength(0);
    expect(device.messages.get(message.id)?.refusal).toBeNull();
  });

  it('is sent with its upload id once uploaded; the device file and record go', async () => {
    upload.outcome = { status: 'uploaded' };
    const message = photoMessage();
    await writeMessage(message);
    await waitFor(() => expect(device.messages.size).toBe(0));
    expect(fake.sends).toHaveLength(1);
    expect(fake.sends[0]!.body).toMatchObject({
      id: message.id,
      uploadId: photo.uploadId,
      text: 'Form check',
    });
    expect(upload.removed).toEqual([photo.uploadId]);
    const progress = renderHook(() => useMessageUpload(message.id));
    expect(progress.result.current?.uploadStatus).toBe('uploaded');
  });

  it('is refused when the upload is refused, with the upload’s reason, and never POSTed', async () => {
    upload.outcome = { status: 'refused', message: 'This file type cannot be sent.' };
    const message = photoMessage();
    await writeMessage(message);
    await waitFor(() =>
      expect(device.messages.get(message.id)?.refusal).toBe('This file type cannot be sent.'),
    );
    expect(fake.sends).toHaveLength(0);
    const progress = renderHook(() => useMessageUpload(message.id));
    expect(progress.result.current).toMatchObject({
      uploadStatus: 'failed',
      error: 'This file type cannot be sent.',
    });
  });
});
