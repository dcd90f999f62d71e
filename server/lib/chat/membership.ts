import { and, eq, inArray } from 'drizzle-orm';
import { athleteGroupMembers, conversationMembers, conversations, users } from '../../db/schema';
import type { TenantScope } from '../tenancy';

type ConversationRow = typeof conversations.$inferSelect;

/** The organisation's approved admins and coaches: in every team conversation. */
async function staffIds(tenant: TenantScope): Promise<string[]> {
  const staff = await tenant.selectFields(
    users,
    { id: users.id },
    { where: and(inArray(users.role, ['admin', 'coach']), eq(users.status, 'approved')) },
  );
  return staff.map((person) => person.id);
}

/**
 * Who is in a conversation now (ADR 060): a team's are its athlete group's athletes and the organisation's
 * staff, read from the group each time; a direct or group conversation's are its stored members.
 */
export async function conversationMemberIds(
  tenant: TenantScope,
  conversation: Pick<ConversationRow, 'id' | 'kind' | 'athleteGroupId'>,
): Promise<string[]> {
  if (conversation.kind === 'team' && conversation.athleteGroupId) {
    const athletes = await tenant.selectFields(
      athleteGroupMembers,
      { id: athleteGroupMembers.userId },
      { where: eq(athleteGroupMembers.groupId, conversation.athleteGroupId) },
    );
    return [...new Set([...(await staffIds(tenant)), ...athletes.map((athlete) => athlete.id)])];
  }
  const members = await tenant.selectFields(
    conversationMembers,
    { id: conversationMembers.userId },
    { where: eq(conversationMembers.conversationId, conversation.id) },
  );
  return members.map((member) => member.id);
}

/**
 * The conversation when the user is in it, else undefined: the caller answers 404 either way, so someone outside
 * never learns that it exists. Another organisation's is never found (the tenant scope).
 */
export async function conversationOfMember(
  tenant: TenantScope,
  conversationId: string,
  userId: string,
): Promise<ConversationRow | undefined> {
  const conversation = await tenant.first(conversations, eq(conversations.id, conversationId.toLowerCase()));
  if (!conversation) return undefined;
  const members = await conversationMemberIds(tenant, conversation);
  return members.includes(userId) ? conversation : undefined;
}

/**
 * The members of many conversations in at most three queries (the list of conversations, no query per row): the
 * same rule as conversationMemberIds.
 */
export async function membersOfConversations(
  tenant: TenantScope,
  conversationRows: readonly Pick<ConversationRow, 'id' | 'kind' | 'athleteGroupId'>[],
): Promise<Map<string, string[]>> {
  const teams = conversationRows.filter((row) => row.kind === 'team' && row.athleteGroupId);
  const others = conversationRows.filter((row) => !(row.kind === 'team' && row.athleteGroupId));
  const members = new Map<string, string[]>(conversationRows.map((row) => [row.id, []]));
  if (others.length > 0) {
    const stored = await tenant.selectFields(
      conversationMembers,
      { conversationId: conversationMembers.conversationId, userId: conversationMembers.userId },
      {
        where: inArray(
          conversationMembers.conversationId,
          others.map((row) => row.id),
        ),
      },
    );
    for (const member of stored) members.get(member.conversationId)?.push(member.userId);
  }
  if (teams.length > 0) {
    const staff = await staffIds(tenant);
    const athletes = await tenant.selectFields(
      athleteGroupMembers,
      { groupId: athleteGroupMembers.groupId, userId: athleteGroupMembers.userId },
      {
        where: inArray(
          athleteGroupMembers.groupId,
          teams.map((row) => row.athleteGroupId!),
        ),
      },
    );
    for (const team of teams) {
      const inGroup = athletes.filter((row) => row.groupId === team.athleteGroupId).map((row) => row.userId);
      members.set(team.id, [...new Set([...staff, ...inGroup])]);
    }
  }
  return members;
}
