import { and, desc, eq, inArray, isNull, lt, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type {
  ChatMessageItem,
  ChatPerson,
  Conversation,
  ConversationResponse,
  CreateConversationRequest,
  MessagePage,
  SendMessageRequest,
} from '../../../contract/chat';
import { errorCodes } from '../../../contract/errors';
import { attachmentKindOf } from '../../../contract/uploads';
import {
  athleteGroupMembers,
  athleteGroups,
  chatMessages,
  conversationMembers,
  conversationReads,
  conversations,
  notifications,
  personalRecords,
  scheduleEntries,
  uploads,
  users,
  workoutLogs,
} from '../../db/schema';
import { findOrCreateDirect } from '../../lib/chat/direct-conversation';
import { membersOfConversations } from '../../lib/chat/membership';
import {
  chatLiveEvent,
  sameMessage,
  writeMessage,
  type MessageRow,
  type NewMessage,
} from '../../lib/chat/write-message';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { ApiError, forbidden, invalidFields, notFound } from '../../lib/errors';
import { messageBatchKey, messageSent } from '../../lib/notifications/makers';
import { notify } from '../../lib/notifications/notify';
import type { TenantScope } from '../../lib/tenancy';
import type { FileLinks } from '../../lib/uploads/file-links';
import { messageViews, peopleById, type ChatViewer } from './message-views';

type ConversationRow = typeof conversations.$inferSelect;
type Member = { conversation: ConversationRow & { groupName: string | null }; members: string[] };
type Send = { [K in keyof SendMessageRequest]-?: Exclude<SendMessageRequest[K], undefined> };

const notAMember = () => notFound('There is no such conversation.');
const isStaff = (role: string) => role === 'admin' || role === 'coach';

// Drizzle writes a column of the selected table unqualified inside sql``: a subquery names the outer row in full.
const outer = {
  id: sql.raw('"conversations"."id"'),
  athleteGroupId: sql.raw('"conversations"."athlete_group_id"'),
};

/** A team's title is its athlete group's name, read each time (a renamed group renames its conversation). */
const groupNameOf = sql<
  string | null
>`(select g.name from ${athleteGroups} g where g.id = ${outer.athleteGroupId})`;

/**
 * Conversations and messages (issue 25, ADR 060). Someone outside a conversation, or in another organisation,
 * finds no such conversation (404). Message ids are made on the device: a resend is the same message.
 */
export class ChatStore {
  private readonly viewer: ChatViewer;

  constructor(
    private readonly tenant: TenantScope,
    private readonly signedIn: Pick<Viewer, 'user' | 'organization'>,
    private readonly links: FileLinks,
  ) {
    this.viewer = { id: signedIn.user.id, role: signedIn.user.role, locale: signedIn.organization.locale };
  }

  /** One team conversation per athlete group, made when missing; the unique group id keeps one under a race. */
  private async ensureTeams(): Promise<void> {
    const missing = await this.tenant.selectFields(
      athleteGroups,
      { id: athleteGroups.id },
      {
        where: notExists(
          sql`(select 1 from ${conversations} c where c.athlete_group_id = "athlete_groups"."id")`,
        ),
      },
    );
    if (missing.length === 0) return;
    await this.tenant.insertMissing(
      conversations,
      missing.map((group) => ({ id: uuidv7(), kind: 'team' as const, athleteGroupId: group.id })),
    );
  }

  /** The viewer's conversations: a team's by the group (staff: every team), the others' by their stored members. */
  private viewersConversations(): SQL {
    const viewerId = this.viewer.id;
    const teams = isStaff(this.viewer.role)
      ? eq(conversations.kind, 'team')
      : and(
          eq(conversations.kind, 'team'),
          sql`${outer.athleteGroupId} in (select gm.group_id from ${athleteGroupMembers} gm where gm.user_id = ${viewerId})`,
        );
    return or(
      teams,
      sql`exists (select 1 from ${conversationMembers} cm where cm.conversation_id = ${outer.id} and cm.user_id = ${viewerId})`,
    )!;
  }

  /** Newest message first, each with its members, last message and the viewer's unread count (no query per row). */
  async list(): Promise<Conversation[]> {
    await this.ensureTeams();
    const viewerId = this.viewer.id;
    const rows = await this.tenant.selectFields(
      conversations,
      {
        id: conversations.id,
        kind: conversations.kind,
        name: conversations.name,
        athleteGroupId: conversations.athleteGroupId,
        lastMessageAt: conversations.lastMessageAt,
        groupName: groupNameOf,
        lastMessageId: sql<
          string | null
        >`(select m.id from ${chatMessages} m where m.conversation_id = ${outer.id} order by m.created_at desc, m.id desc limit 1)`,
        unread: sql<number>`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${outer.id} and m.sender_id is distinct from ${viewerId} and m.created_at > coalesce((select r.read_up_to from ${conversationReads} r where r.conversation_id = ${outer.id} and r.user_id = ${viewerId}), '-infinity'::timestamptz))`,
      },
      {
        where: this.viewersConversations(),
        orderBy: [desc(conversations.lastMessageAt), desc(conversations.id)],
      },
    );
    if (rows.length === 0) return [];
    const members = await membersOfConversations(this.tenant, rows);
    const lastIds = rows.flatMap((row) => (row.lastMessageId ? [row.lastMessageId] : []));
    const lastMessages =
      lastIds.length === 0
        ? []
        : await this.tenant.select(chatMessages, { where: inArray(chatMessages.id, lastIds) });
    const people = await peopleById(this.tenant, [
      ...[...members.values()].flat(),
      ...lastMessages.flatMap((row) => (row.senderId ? [row.senderId] : [])),
    ]);
    const views = await messageViews(
      this.tenant,
      this.viewer,
      lastMessages,
      (id) => members.get(id) ?? [],
      this.links,
      people,
    );
    const viewById = new Map(views.map((view) => [view.id, view]));
    return rows.map((row) =>
      this.conversationView(
        row,
        members.get(row.id) ?? [],
        people,
        (row.lastMessageId && viewById.get(row.lastMessageId)) || null,
        row.unread,
      ),
    );
  }

  private conversationView(
    row: Pick<ConversationRow, 'id' | 'kind' | 'name' | 'athleteGroupId' | 'lastMessageAt'> & {
      groupName: string | null;
    },
    memberIds: readonly string[],
    people: Map<string, Conversation['members'][number]>,
    lastMessage: ChatMessageItem | null,
    unread: number,
  ): Conversation {
    const members = memberIds.flatMap((id) => {
      const person = people.get(id);
      return person ? [person] : [];
    });
    let title = row.name ?? row.groupName ?? 'Conversation';
    if (row.kind === 'direct') {
      const other = members.find((person) => person.id !== this.viewer.id);
      title = other ? `${other.firstName} ${other.lastName}` : 'Former user';
    } else if (row.kind === 'team') title = row.groupName ?? 'Team';
    return {
      id: row.id,
      kind: row.kind,
      title,
      athleteGroupId: row.athleteGroupId,
      members,
      lastMessage,
      unread,
      lastMessageAt: row.lastMessageAt.toISOString(),
    };
  }

  /**
   * The conversation the viewer is in with its members, else 404 (also another organisation's, or an unknown id):
   * the members are read once per request, they serve the check, the receipts and the notifications.
   */
  private async memberOf(conversationId: string): Promise<Member> {
    const [conversation] = await this.tenant.selectFields(
      conversations,
      {
        id: conversations.id,
        organizationId: conversations.organizationId,
        kind: conversations.kind,
        name: conversations.name,
        athleteGroupId: conversations.athleteGroupId,
        directKey: conversations.directKey,
        createdBy: conversations.createdBy,
        createdAt: conversations.createdAt,
        lastMessageAt: conversations.lastMessageAt,
        groupName: groupNameOf,
      },
      { where: eq(conversations.id, conversationId.toLowerCase()), limit: 1 },
    );
    if (!conversation) throw notAMember();
    const members = (await membersOfConversations(this.tenant, [conversation])).get(conversation.id) ?? [];
    if (!members.includes(this.viewer.id)) throw notAMember();
    return { conversation, members };
  }

  /** A direct conversation (the pair's existing one, or made: `created`) or a new group (staff). */
  async open(request: CreateConversationRequest): Promise<{ conversation: Conversation; created: boolean }> {
    if (request.kind === 'direct') {
      const otherId = request.memberId.toLowerCase();
      const [other] =
        otherId === this.viewer.id
          ? []
          : await this.tenant.selectFields(
              users,
              { id: users.id, role: users.role },
              { where: and(eq(users.id, otherId), eq(users.status, 'approved')), limit: 1 },
            );
      if (!other) throw invalidFields({ memberId: 'This person is not a member of your organisation' });
      if (
        this.viewer.role === 'athlete' &&
        !isStaff(other.role) &&
        this.signedIn.organization.chatAthletesToStaffOnly
      ) {
        throw forbidden('In your organisation athletes message coaches and admins only.');
      }
      const { conversation, created } = await findOrCreateDirect(this.tenant, this.viewer.id, other.id);
      if (created) {
        await this.tenant.recordLiveEvents([chatLiveEvent(conversation, [this.viewer.id, other.id])]);
      }
      return { conversation: await this.viewOf(await this.memberOf(conversation.id)), created };
    }
    if (!isStaff(this.viewer.role)) throw forbidden('Coaches and admins make group conversations.');
    const memberIds = [...new Set(request.memberIds.map((id) => id.toLowerCase()))];
    const known = await this.tenant.selectFields(
      users,
      { id: users.id },
      { where: and(inArray(users.id, memberIds), eq(users.status, 'approved')) },
    );
    if (known.length !== memberIds.length) {
      throw invalidFields({ memberIds: 'Someone chosen is not a member of your organisation' });
    }
    const everyone = [...new Set([this.viewer.id, ...memberIds])];
    const conversation = await this.tenant.transaction(async (scope) => {
      const [made] = await scope.insert(conversations, {
        id: uuidv7(),
        kind: 'group',
        name: request.name.trim(),
        createdBy: this.viewer.id,
      });
      await scope.insert(
        conversationMembers,
        everyone.map((userId) => ({ conversationId: made!.id, userId })),
      );
      await scope.recordLiveEvents([chatLiveEvent(made!, everyone)]);
      return made!;
    });
    return { conversation: await this.viewOf(await this.memberOf(conversation.id)), created: true };
  }

  /** One conversation as the viewer sees it (members, last message, unread). */
  private async viewOf(
    { conversation, members }: Member,
    latest?: MessagePage,
    people?: Map<string, ChatPerson>,
  ): Promise<Conversation> {
    const known = people ?? (await peopleById(this.tenant, members));
    const lastMessage =
      latest?.data.at(-1) ??
      (await this.pageOf(conversation, members, { size: 1 }, known)).data.at(-1) ??
      null;
    return this.conversationView(
      conversation,
      members,
      known,
      lastMessage,
      await this.unreadIn(conversation.id),
    );
  }

  /** Messages by others after the viewer's read_up_to, in one statement. */
  private async unreadIn(conversationId: string): Promise<number> {
    return await this.tenant.count(
      chatMessages,
      and(
        eq(chatMessages.conversationId, conversationId),
        or(isNull(chatMessages.senderId), ne(chatMessages.senderId, this.viewer.id)),
        sql`${chatMessages.createdAt} > coalesce((select r.read_up_to from ${conversationReads} r where r.conversation_id = ${conversationId} and r.user_id = ${this.viewer.id}), '-infinity'::timestamptz)`,
      ),
    );
  }

  /** A page of messages, oldest first: the latest, or those before a message of this conversation. */
  private async pageOf(
    conversation: ConversationRow,
    members: readonly string[],
    { before, size }: { before?: MessageRow; size: number },
    people?: Map<string, ChatPerson>,
  ): Promise<MessagePage> {
    const rows = await this.tenant.select(chatMessages, {
      where: and(
        eq(chatMessages.conversationId, conversation.id),
        before
          ? sql`(${chatMessages.createdAt}, ${chatMessages.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
      orderBy: [desc(chatMessages.createdAt), desc(chatMessages.id)],
      limit: size + 1,
    });
    const page = rows.slice(0, size).reverse();
    return {
      data: await messageViews(this.tenant, this.viewer, page, () => members, this.links, people),
      hasOlder: rows.length > size,
    };
  }

  async show(conversationId: string, size: number): Promise<ConversationResponse> {
    const member = await this.memberOf(conversationId);
    const [people, unread] = await Promise.all([
      peopleById(this.tenant, member.members),
      this.unreadIn(member.conversation.id),
    ]);
    const messages = await this.pageOf(member.conversation, member.members, { size }, people);
    const data = this.conversationView(
      member.conversation,
      member.members,
      people,
      messages.data.at(-1) ?? null,
      unread,
    );
    return { data, messages };
  }

  async olderPage(conversationId: string, beforeId: string | undefined, size: number): Promise<MessagePage> {
    const { conversation, members } = await this.memberOf(conversationId);
    let before: MessageRow | undefined;
    if (beforeId) {
      before = await this.tenant.first(
        chatMessages,
        and(eq(chatMessages.id, beforeId.toLowerCase()), eq(chatMessages.conversationId, conversation.id))!,
      );
      if (!before) throw invalidFields({ before: 'This message is not in the conversation' }, 'query');
    }
    return await this.pageOf(conversation, members, { before, size });
  }

  /** What a message may point at: the organisation's; for an athlete sender only their own training. */
  private async checkAbout(about: NonNullable<Send['about']>): Promise<void> {
    const id = about.id.toLowerCase();
    const table = { workout: scheduleEntries, completed_workout: workoutLogs, record: personalRecords }[
      about.kind
    ];
    const [found] = await this.tenant.selectFields(
      table,
      { athleteId: table.athleteId },
      { where: eq(table.id, id), limit: 1 },
    );
    const own = found && (this.viewer.role !== 'athlete' || found.athleteId === this.viewer.id);
    if (!own)
      throw invalidFields({ about: 'There is no such workout, completed workout or record of yours' });
  }

  /**
   * Sends a message: 201 the first time, 200 with the stored message for the same id and content again (a resend
   * after a dropped answer), 409 for the same id with other content or in another conversation.
   */
  async send(conversationId: string, request: Send): Promise<{ message: ChatMessageItem; created: boolean }> {
    const { conversation, members } = await this.memberOf(conversationId);
    const message: NewMessage = {
      id: request.id.toLowerCase(),
      text: request.text,
      uploadId: request.uploadId?.toLowerCase() ?? null,
      about: request.about ? { kind: request.about.kind, id: request.about.id.toLowerCase() } : null,
    };
    let attachmentKind: ReturnType<typeof attachmentKindOf> | null = null;
    if (message.uploadId) {
      const upload = await this.tenant.first(
        uploads,
        and(
          eq(uploads.id, message.uploadId),
          eq(uploads.status, 'complete'),
          eq(uploads.ownerId, this.viewer.id),
          eq(uploads.conversationId, conversation.id),
        )!,
      );
      if (!upload)
        throw invalidFields({ uploadId: 'Attach a finished upload of yours for this conversation' });
      attachmentKind = attachmentKindOf(upload.detectedType ?? upload.declaredType);
    }
    if (request.about) await this.checkAbout(request.about);

    const sender = this.signedIn.user;
    const written = await this.tenant.transaction(async (scope) => {
      const result = await writeMessage(scope, conversation, sender.id, message);
      if (!result.created) return result;
      const title = conversation.name ?? conversation.groupName ?? '';
      await notify(
        scope,
        messageSent({ ...conversation, title }, sender, { text: message.text, attachmentKind }, members),
        { actorId: sender.id },
      );
      await scope.recordLiveEvents([chatLiveEvent(conversation, members, message.id)]);
      return result;
    });
    if (!written.row || !sameMessage(written.row, conversation.id, sender.id, message)) {
      throw new ApiError(409, errorCodes.conflict, 'This message id is already taken: make a new one.');
    }
    const [view] = await messageViews(this.tenant, this.viewer, [written.row], () => members, this.links);
    return { message: view!, created: written.created };
  }

  /**
   * The viewer has read up to a message: `read_up_to` only moves forward (a late request from an old tab does
   * not un-read), the conversation's message notifications are read, and members see the receipt live.
   */
  async read(conversationId: string, readUpTo: string): Promise<{ unread: number }> {
    const { conversation, members } = await this.memberOf(conversationId);
    const message = await this.tenant.first(
      chatMessages,
      and(eq(chatMessages.id, readUpTo.toLowerCase()), eq(chatMessages.conversationId, conversation.id))!,
    );
    if (!message) throw invalidFields({ readUpTo: 'This message is not in the conversation' });
    await this.tenant.transaction(async (scope) => {
      const moved = await scope.upsert(
        conversationReads,
        { conversationId: conversation.id, userId: this.viewer.id, readUpTo: message.createdAt },
        {
          target: [conversationReads.conversationId, conversationReads.userId],
          set: { readUpTo: message.createdAt },
          when: lt(conversationReads.readUpTo, message.createdAt),
        },
      );
      // Read, and let go of the batch key: the next message starts a fresh "new message", not "4 new messages".
      const seen = await scope.update(
        notifications,
        { readAt: new Date(), batchKey: null },
        and(
          eq(notifications.userId, this.viewer.id),
          eq(notifications.kind, 'message'),
          eq(notifications.batchKey, messageBatchKey(conversation.id)),
        )!,
      );
      await scope.recordLiveEvents([
        ...(moved.length > 0 ? [chatLiveEvent(conversation, members)] : []),
        ...seen.map((row) => ({
          kind: 'notifications' as const,
          userIds: [this.viewer.id],
          data: { notificationId: row.id },
        })),
      ]);
    });
    return { unread: await this.unreadIn(conversation.id) };
  }
}

export const chatOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer' | 'fileLinks'> }) =>
  new ChatStore(c.var.tenant, c.var.viewer, c.var.fileLinks);
