import type { ChatMessageItem, ChatPerson, Conversation, ConversationKind } from '@contract/chat';
import {
  chatLimits,
  chatMessageResponseSchema,
  conversationListResponseSchema,
  conversationReadResponseSchema,
  conversationResponseSchema,
  openedConversationResponseSchema,
  createConversationRequestSchema,
  messagePageQuerySchema,
  messagePageSchema,
  readUpToRequestSchema,
  sendMessageRequestSchema,
} from '@contract/chat';
import { errorCodes } from '@contract/error-codes';
import { demoPeople, demoUsers } from '../data';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';

const idOf = (prefix: string, n: number) => `0c4a${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const person = (id: string): ChatPerson | null => {
  const found = demoPeople.find((candidate) => candidate.id === id);
  return found
    ? { id: found.id, firstName: found.firstName, lastName: found.lastName, role: found.role }
    : null;
};
const approved = demoPeople.filter((candidate) => candidate.status === 'approved');
const pitchersGroupId = '3f1e2d3c-0000-4000-8000-000000000002';

/** The demo's coach and athlete: their direct conversation, the Pitchers team and the staff group. */
export const demoChatIds = {
  direct: idOf('0001', 1),
  team: idOf('0001', 2),
  group: idOf('0001', 3),
} as const;
export const demoAboutLogId = '0d7e0001-0000-4000-8000-0000000000a1';

interface FakeConversation {
  id: string;
  kind: ConversationKind;
  name: string | null;
  athleteGroupId: string | null;
  memberIds: string[];
  messages: ChatMessageItem[];
  /** Per person: how many of the messages they have read. */
  readCount: Map<string, number>;
}

const lines = [
  'How did the bullpen feel today?',
  'Arm felt loose, a bit tight in the last set.',
  'Good. Keep the long toss light tomorrow.',
  'Will do. Should I still lift?',
  'Yes, lower body only. Skip the overhead work.',
];

function demoMessages(
  conversationId: string,
  senders: string[],
  count: number,
  now: number,
): ChatMessageItem[] {
  return Array.from({ length: count }, (_, index): ChatMessageItem => {
    const senderId = senders[index % senders.length]!;
    return {
      id: idOf(`1${conversationId.slice(-1)}00`, index + 1),
      conversationId,
      sender: person(senderId),
      text: `${lines[index % lines.length]!}${count > 5 ? ` (${index + 1})` : ''}`,
      attachment: null,
      about:
        index === count - 2
          ? {
              kind: 'completed_workout',
              id: demoAboutLogId,
              label: 'Lower body A · Tue',
              link: `/app/completed/${demoAboutLogId}`,
            }
          : null,
      // Two hours apart, the last a few minutes ago: the thread spans several days.
      createdAt: new Date(now - (count - index - 1) * 2 * 3_600_000 - 300_000).toISOString(),
      readBy: [],
    };
  });
}

/**
 * `/api/chats*` and `/api/chatGroupsMessage/*` (issue 25) kept in memory as the server keeps them: members only
 * (404 otherwise), pages oldest first before a message, a send with a known id answering the message again (200).
 * Install a fresh copy per test; `sends` counts the POSTed messages, `reads` the PATCHes.
 */
/** Yesterday at noon, local time: the team's messages, hours apart, all fall on that one day whatever the hour now. */
function noonOfDayBefore(now: number): number {
  const day = new Date(now);
  day.setDate(day.getDate() - 1);
  day.setHours(12, 0, 0, 0);
  return day.getTime();
}

export function createChatFake({ directCount = 45, now = Date.now() } = {}) {
  const coach = demoUsers.coach.id;
  const athlete = demoUsers.athlete.id;
  const admin = demoUsers.admin.id;
  const conversations: FakeConversation[] = [
    {
      id: demoChatIds.direct,
      kind: 'direct',
      name: null,
      athleteGroupId: null,
      memberIds: [coach, athlete],
      messages: demoMessages(demoChatIds.direct, [coach, athlete], directCount, now),
      readCount: new Map([
        [coach, directCount],
        [athlete, Math.max(0, directCount - 1)],
      ]),
    },
    {
      id: demoChatIds.team,
      kind: 'team',
      name: 'Pitchers',
      athleteGroupId: pitchersGroupId,
      memberIds: [
        admin,
        coach,
        ...approved
          .filter((candidate) => candidate.groups.some((group) => group.id === pitchersGroupId))
          .map((candidate) => candidate.id),
      ],
      messages: demoMessages(
        demoChatIds.team,
        [admin, athlete, '5a0c8a8e-1d2b-4c4e-8f00-000000000005'],
        3,
        noonOfDayBefore(now),
      ),
      readCount: new Map([[coach, 1]]),
    },
    {
      id: demoChatIds.group,
      kind: 'group',
      name: 'Throwing staff',
      athleteGroupId: null,
      memberIds: [admin, coach],
      messages: [],
      readCount: new Map(),
    },
  ];
  const sends: { conversationId: string; body: unknown; key: string | null }[] = [];
  const reads: { conversationId: string; readUpTo: string }[] = [];

  const withReceipts = (conversation: FakeConversation, message: ChatMessageItem, index: number) => ({
    ...message,
    readBy: conversation.memberIds.filter(
      (memberId) => memberId !== message.sender?.id && (conversation.readCount.get(memberId) ?? 0) > index,
    ),
  });
  const unreadOf = (conversation: FakeConversation, viewerId: string) =>
    conversation.messages
      .slice(conversation.readCount.get(viewerId) ?? 0)
      .filter((message) => message.sender?.id !== viewerId).length;
  const viewOf = (conversation: FakeConversation, viewerId: string): Conversation => {
    const other = conversation.memberIds.find((memberId) => memberId !== viewerId);
    const otherPerson = other ? person(other) : null;
    const last = conversation.messages.length - 1;
    return {
      id: conversation.id,
      kind: conversation.kind,
      title:
        conversation.name ??
        (otherPerson ? `${otherPerson.firstName} ${otherPerson.lastName}` : 'Former user'),
      athleteGroupId: conversation.athleteGroupId,
      members: conversation.memberIds.map(person).filter((member) => member !== null),
      lastMessage: last >= 0 ? withReceipts(conversation, conversation.messages[last]!, last) : null,
      unread: unreadOf(conversation, viewerId),
      lastMessageAt: conversation.messages.at(-1)?.createdAt ?? new Date(now - 7 * 86_400_000).toISOString(),
    };
  };
  const pageOf = (conversation: FakeConversation, before: string | undefined, size: number) => {
    const end = before
      ? conversation.messages.findIndex((message) => message.id === before)
      : conversation.messages.length;
    const stop = end < 0 ? 0 : end;
    const start = Math.max(0, stop - size);
    return {
      data: conversation.messages
        .slice(start, stop)
        .map((message, offset) => withReceipts(conversation, message, start + offset)),
      hasOlder: start > 0,
    };
  };
  const notFound = () =>
    apiError(404, { code: errorCodes.notFound, message: 'This conversation was not found.' });
  const memberOf = (id: string, viewerId: string) =>
    conversations.find((conversation) => conversation.id === id && conversation.memberIds.includes(viewerId));

  const handlers = [
    apiRoute(
      { method: 'get', path: '/api/chats', responses: { 200: conversationListResponseSchema } },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const data = conversations
          .filter((conversation) => conversation.memberIds.includes(viewer.id))
          .map((conversation) => viewOf(conversation, viewer.id))
          .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
        return reply(200, { data });
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/chats',
        responses: { 200: openedConversationResponseSchema, 201: openedConversationResponseSchema },
      },
      async ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const parsed = createConversationRequestSchema.safeParse(await request.json());
        if (!parsed.success) return validationFailure(parsed.error);
        const asked = parsed.data;
        if (asked.kind === 'direct') {
          const pair = [viewer.id, asked.memberId].sort().join(':');
          const known = conversations.find(
            (conversation) =>
              conversation.kind === 'direct' && [...conversation.memberIds].sort().join(':') === pair,
          );
          if (known) return reply(200, { data: viewOf(known, viewer.id) });
        } else if (viewer.role === 'athlete') {
          return apiError(403, {
            code: errorCodes.forbidden,
            message: 'You do not have permission to do this.',
          });
        }
        const made: FakeConversation = {
          id: idOf('0002', conversations.length + 1),
          kind: asked.kind,
          name: asked.kind === 'group' ? asked.name : null,
          athleteGroupId: null,
          memberIds:
            asked.kind === 'group'
              ? [viewer.id, ...asked.memberIds.filter((id) => id !== viewer.id)]
              : [viewer.id, asked.memberId],
          messages: [],
          readCount: new Map(),
        };
        conversations.push(made);
        return reply(201, { data: viewOf(made, viewer.id) });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/chats/{id}', responses: { 200: conversationResponseSchema } },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const conversation = memberOf(params.id, viewer.id);
        if (!conversation) return notFound();
        return reply(200, {
          data: viewOf(conversation, viewer.id),
          messages: pageOf(conversation, undefined, chatLimits.pageDefault),
        });
      },
    ),
    apiRoute(
      { method: 'patch', path: '/api/chats/{id}', responses: { 200: conversationReadResponseSchema } },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const conversation = memberOf(params.id, viewer.id);
        if (!conversation) return notFound();
        const parsed = readUpToRequestSchema.safeParse(await request.json());
        if (!parsed.success) return validationFailure(parsed.error);
        reads.push({ conversationId: conversation.id, readUpTo: parsed.data.readUpTo });
        const index = conversation.messages.findIndex((message) => message.id === parsed.data.readUpTo);
        // Read receipts move forward only.
        conversation.readCount.set(
          viewer.id,
          Math.max(conversation.readCount.get(viewer.id) ?? 0, index + 1),
        );
        return reply(200, { data: { unread: unreadOf(conversation, viewer.id) } });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/chatGroupsMessage/{id}', responses: { 200: messagePageSchema } },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const conversation = memberOf(params.id, viewer.id);
        if (!conversation) return notFound();
        const query = messagePageQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return validationFailure(query.error);
        return reply(200, pageOf(conversation, query.data.before, query.data.size));
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/chatGroupsMessage/{id}',
        responses: { 200: chatMessageResponseSchema, 201: chatMessageResponseSchema },
      },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const conversation = memberOf(params.id, viewer.id);
        if (!conversation) return notFound();
        const body: unknown = await request.json();
        sends.push({ conversationId: conversation.id, body, key: request.headers.get('Idempotency-Key') });
        const parsed = sendMessageRequestSchema.safeParse(body);
        if (!parsed.success) return validationFailure(parsed.error);
        const index = conversation.messages.findIndex((message) => message.id === parsed.data.id);
        if (index >= 0)
          return reply(200, { data: withReceipts(conversation, conversation.messages[index]!, index) });
        const about = parsed.data.about;
        const message: ChatMessageItem = {
          id: parsed.data.id,
          conversationId: conversation.id,
          sender: person(viewer.id),
          text: parsed.data.text,
          attachment: null,
          about: about
            ? {
                ...about,
                label: 'Lower body A · Tue',
                link: about.kind === 'completed_workout' ? `/app/completed/${about.id}` : null,
              }
            : null,
          createdAt: new Date().toISOString(),
          readBy: [],
        };
        conversation.messages.push(message);
        conversation.readCount.set(viewer.id, conversation.messages.length);
        return reply(201, { data: message });
      },
    ),
  ];
  return { conversations, sends, reads, handlers };
}

export const chatHandlersOfDemo = createChatFake().handlers;
