import type { QueryClient } from '@tanstack/react-query';
import { registerOutboxSender } from '@/lib/tracking-sync/outbox-sync';
import { chatOutboxSender } from './chat-outbox';
import { deviceMessagesLoaded } from './device-messages';

/** Adds the chat messages to the device's outbox loop (ADR 062); started with the tracking sync. */
export async function startChatSync(queryClient: QueryClient): Promise<() => void> {
  const stop = registerOutboxSender('chat', chatOutboxSender(queryClient));
  await deviceMessagesLoaded();
  return stop;
}
