import type { MessageAboutKind } from '@contract/chat';
import { eq } from 'drizzle-orm';
import { chatMessages, conversationReads, conversations } from '../../db/schema';
import type { NewLiveEvent } from '../live-events/record-live-events';
import type { TenantScope } from '../tenancy';

type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

export interface NewMessage {
  /** Made on the device (or derived from what made it): a repeat is the same message. */
  id: string;
  text: string;
  uploadId: string | null;
  about: { kind: MessageAboutKind; id: string } | null;
}

/** Whether a stored message is the one sent again (a resend after a dropped answer), not another under its id. */
export const sameMessage = (row: MessageRow, conversationId: string, senderId: string, message: NewMessage) =>
  row.conversationId === conversationId &&
  row.senderId === senderId &&
  row.text === message.text &&
  row.uploadId === message.uploadId &&
  row.aboutKind === (message.about?.kind ?? null) &&
  row.aboutId === (message.about?.id ?? null);

/**
 * Writes a message in the caller's transaction: the row (once per id), the conversation's `last_message_at`, and
 * the sender's `read_up_to`. It locks the conversation first, so its messages get strictly increasing times in
 * commit order: the order readers page by and read receipts compare with never goes back. Notifying and live
 * events are the caller's (notify before recordLiveEvents, ADR 055). Answers the row and whether it is new.
 */
export async function writeMessage(
  scope: TenantScope,
  conversation: Pick<ConversationRow, 'id'>,
  senderId: string,
  message: NewMessage,
): Promise<{ row: MessageRow | undefined; created: boolean }> {
  await scope.lock(conversations, eq(conversations.id, conversation.id));
  const existing = await scope.first(chatMessages, eq(chatMessages.id, message.id));
  if (existing) return { row: existing, created: false };
  const [current] = await scope.selectFields(
    conversations,
    { lastMessageAt: conversations.lastMessageAt },
    { where: eq(conversations.id, conversation.id), limit: 1 },
  );
  const now = Date.now();
  const after = (current?.lastMessageAt.getTime() ?? 0) + 1;
  const createdAt = new Date(Math.max(now, after));
  const [row] = await scope.insertMissing(chatMessages, {
    id: message.id,
    conversationId: conversation.id,
    senderId,
    text: message.text,
    uploadId: message.uploadId,
    aboutKind: message.about?.kind ?? null,
    aboutId: message.about?.id ?? null,
    createdAt,
  });
  // Taken by another organisation's message (never read across): the caller answers 409 like any other clash.
  if (!row) return { row: undefined, created: false };
  await scope.update(conversations, { lastMessageAt: createdAt }, eq(conversations.id, conversation.id));
  await scope.upsert(
    conversationReads,
    { conversationId: conversation.id, userId: senderId, readUpTo: createdAt },
    { target: [conversationReads.conversationId, conversationReads.userId], set: { readUpTo: createdAt } },
  );
  return { row, created: true };
}

/** The live event of a conversation's change (a message, a read receipt) to its members (ADR 054). */
export function chatLiveEvent(
  conversation: Pick<ConversationRow, 'id' | 'kind'>,
  memberIds: readonly string[],
  messageId?: string,
): Omit<NewLiveEvent, 'organizationId'> {
  return {
    kind: 'chat',
    // A team's staff are all the organisation's: the stream's staff delivery reaches the ones who join later too.
    toStaff: conversation.kind === 'team',
    userIds: memberIds,
    data: { conversationId: conversation.id, ...(messageId ? { messageId } : {}) },
  };
}
