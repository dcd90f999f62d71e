import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { conversationMembers, conversations } from '../../db/schema';
import type { TenantScope } from '../tenancy';

type ConversationRow = typeof conversations.$inferSelect;

/** The pair's key: both ids in order, so a pair has one direct conversation whoever opens it (ADR 060). */
export const directKeyOf = (oneId: string, otherId: string) =>
  [oneId.toLowerCase(), otherId.toLowerCase()].sort().join(':');

/**
 * The direct conversation of two people, made when missing. Race safe: two devices opening the pair at once both
 * insert; the unique `direct_key` keeps one, and the other reads it back (after the first commits).
 */
export async function findOrCreateDirect(
  tenant: TenantScope,
  openerId: string,
  otherId: string,
): Promise<{ conversation: ConversationRow; created: boolean }> {
  const directKey = directKeyOf(openerId, otherId);
  return await tenant.transaction(async (scope) => {
    const [made] = await scope.insertMissing(conversations, {
      id: uuidv7(),
      kind: 'direct',
      directKey,
      createdBy: openerId,
    });
    if (made) {
      await scope.insert(conversationMembers, [
        { conversationId: made.id, userId: openerId },
        { conversationId: made.id, userId: otherId },
      ]);
      return { conversation: made, created: true };
    }
    const existing = await scope.first(
      conversations,
      and(eq(conversations.kind, 'direct'), eq(conversations.directKey, directKey))!,
    );
    if (!existing) throw new Error(`The direct conversation ${directKey} clashed but is not there`);
    return { conversation: existing, created: false };
  });
}
