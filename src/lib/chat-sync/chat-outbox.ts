import { chatMessageResponseSchema } from '@contract/chat';
import type { QueryClient } from '@tanstack/react-query';
import { api, idempotencyKeyHeader } from '@/lib/api/api-client';
import { removeDeviceFile } from '@/lib/chat-uploads/device-files';
import { ensureUploaded } from '@/lib/chat-uploads/ensure-uploaded';
import type { OutboxSender } from '@/lib/tracking-sync/outbox-sync';
import { isTransient, refusalOf, requestSync } from '@/lib/tracking-sync/outbox-sync';
import { messageActions } from '@/stores/messages-store';
import { addServerMessage } from './chat-queries';
import type { DeviceMessage } from './device-messages';
import {
  allDeviceMessages,
  getDeviceMessage,
  loadDeviceMessages,
  removeDeviceMessage,
  saveDeviceMessage,
} from './device-messages';

/**
 * The chat messages' sender in the device's one outbox loop (ADR 062): each conversation's messages go in the
 * order written, each with its own id as the Idempotency-Key, so a send repeated after a dropped answer is the
 * same message. No network, a 5xx or a 401 leaves it waiting; a 4xx refuses it, kept on the device to show.
 */

type Outcome = 'answered' | 'refused' | 'later';

export function chatOutboxSender(queryClient: QueryClient): OutboxSender {
  return {
    sendWaiting: async (userId) => {
      // Another tab may have written or sent messages while this one waited for the lock.
      await loadDeviceMessages();
      const waiting = allDeviceMessages().filter(
        (message) => message.userId === userId && message.refusal === null,
      );
      const blocked = new Set<string>();
      let later = false;
      for (const message of waiting) {
        // A message waits behind the earlier one of its conversation, so they arrive in the order written.
        if (blocked.has(message.conversationId)) continue;
        if ((await sendMessage(queryClient, message.id)) === 'later') {
          blocked.add(message.conversationId);
          later = true;
        }
      }
      return later ? 'later' : 'done';
    },
  };
}

async function sendMessage(queryClient: QueryClient, messageId: string): Promise<Outcome> {
  const message = getDeviceMessage(messageId);
  if (!message || message.refusal !== null) return 'answered';
  const uploads = messageActions();
  if (message.attachment) {
    uploads.uploadStarted(message.id, { content: message.text, containsFile: true });
    const outcome = await ensureUploaded(message.conversationId, message.attachment, (percent) =>
      uploads.uploadProgressed(message.id, percent),
    ).catch(() => ({ status: 'later' }) as const);
    if (outcome.status === 'later') return 'later';
    if (outcome.status === 'refused') {
      uploads.uploadFailed(message.id, outcome.message);
      await saveDeviceMessage({ ...message, refusal: outcome.message });
      return 'refused';
    }
  }
  let response: Response;
  try {
    response = await api.post(`api/chatGroupsMessage/${message.conversationId}`, {
      json: {
        id: message.id,
        text: message.text,
        uploadId: message.attachment?.uploadId ?? null,
        about: message.about ? { kind: message.about.kind, id: message.about.id } : null,
      },
      headers: { [idempotencyKeyHeader]: message.id },
      retry: 0,
      throwHttpErrors: false,
    });
  } catch {
    return 'later';
  }
  if (isTransient(response)) return 'later';
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const reason = refusalOf(response, body);
    if (message.attachment) uploads.uploadFailed(message.id, reason);
    await saveDeviceMessage({ ...message, refusal: reason });
    return 'refused';
  }
  const answer = chatMessageResponseSchema.safeParse(body);
  // The server's message shows before the device's copy goes, so the bubble never blinks.
  if (answer.success) {
    addServerMessage(queryClient, answer.data.data);
    if (message.attachment) uploads.uploadCompleted(message.id, answer.data.data.attachment?.fileUrl ?? '');
  } else {
    void queryClient.invalidateQueries({ queryKey: ['chat', 'conversation', message.conversationId] });
  }
  await removeDeviceMessage(message.id);
  if (message.attachment) await removeDeviceFile(message.attachment.uploadId).catch(() => undefined);
  return 'answered';
}

/** A message written: on the device first, then shown, then sent by the loop. */
export async function writeMessage(message: Omit<DeviceMessage, 'madeAt' | 'refusal'>): Promise<void> {
  await saveDeviceMessage({ ...message, madeAt: new Date().toISOString(), refusal: null });
  requestSync();
}

/** "Retry" on a refused message: it waits again, in its place. */
export async function retryMessage(messageId: string): Promise<void> {
  const message = getDeviceMessage(messageId);
  if (!message) return;
  await saveDeviceMessage({ ...message, refusal: null });
  requestSync();
}

/** A refused message the writer gives up on. */
export async function discardMessage(messageId: string): Promise<void> {
  const message = getDeviceMessage(messageId);
  await removeDeviceMessage(messageId);
  if (message?.attachment) await removeDeviceFile(message.attachment.uploadId).catch(() => undefined);
}
