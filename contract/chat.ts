import { z } from 'zod';
import { queryIntegerSchema } from './paging';
import { attachmentSchema } from './uploads';
import { roleSchema } from './users';

/**
 * Chat (issue 25, ADR 060). Conversations are direct (two people), team (one per athlete group: its athletes and
 * the organisation's staff, always in step with the group) or group (made by staff). Message ids are made on the
 * device: a send repeated after a dropped answer is the same message (201 first, 200 after).
 *
 * - `GET /api/chats`: the viewer's conversations, newest message first, with the last message and unread count.
 * - `POST /api/chats`: open a direct conversation with someone (the pair's existing one if there is one) or make
 *   a group (staff).
 * - `GET /api/chats/{id}`: one conversation, its members and the latest page of messages.
 * - `GET /api/chatGroupsMessage/{id}?before={messageId}&size=`: the page of messages before one (older).
 * - `POST /api/chatGroupsMessage/{id}`: send a message (id made on the device) to the conversation.
 * - `PATCH /api/chats/{id}` `{ readUpTo }`: the viewer has read up to a message (on the spec's quiet path, spec 9).
 * Someone outside a conversation gets 404 for it, its messages and its files.
 */

export const chatLimits = {
  textMax: 4000,
  groupNameMax: 80,
  groupMembersMax: 200,
  pageDefault: 30,
  pageMax: 100,
} as const;

export const conversationKinds = ['direct', 'team', 'group'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

/** What a message may point at: "comment on this set". */
export const messageAboutKinds = ['workout', 'completed_workout', 'record'] as const;
export type MessageAboutKind = (typeof messageAboutKinds)[number];

export const chatPersonSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  role: roleSchema,
});
export type ChatPerson = z.infer<typeof chatPersonSchema>;

export const messageAboutSchema = z.object({
  kind: z.enum(messageAboutKinds),
  id: z.uuid(),
  /** Words to show for it ("Lower body A · Tue 3 Mar"); null when it is gone or not visible to the viewer. */
  label: z.string().nullable(),
  /** The app path that opens it, or null. */
  link: z.string().nullable(),
});
export type MessageAbout = z.infer<typeof messageAboutSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  /** Null for a former user. */
  sender: chatPersonSchema.nullable(),
  text: z.string(),
  attachment: attachmentSchema.nullable(),
  about: messageAboutSchema.nullable(),
  /** Server time of its arrival: the conversation's order. */
  createdAt: z.iso.datetime({ offset: true }),
  /** Members other than the sender who have read it. */
  readBy: z.array(z.uuid()),
});
export type ChatMessageItem = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(conversationKinds),
  /** A group's or team's name; for direct, the other person's name. */
  title: z.string(),
  athleteGroupId: z.uuid().nullable(),
  members: z.array(chatPersonSchema),
  lastMessage: chatMessageSchema.nullable(),
  unread: z.int(),
  lastMessageAt: z.iso.datetime({ offset: true }),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListResponseSchema = z.object({ data: z.array(conversationSchema) });

export const messagePageSchema = z.object({
  /** Oldest first (a conversation reads downwards). */
  data: z.array(chatMessageSchema),
  /** Whether older messages exist before the first of this page. */
  hasOlder: z.boolean(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const conversationResponseSchema = z.object({
  data: conversationSchema,
  messages: messagePageSchema,
});
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

/** POST /api/chats: the conversation opened or made (its messages are read with GET /api/chats/{id}). */
export const openedConversationResponseSchema = z.object({ data: conversationSchema });

export const conversationParamSchema = z.object({
  id: z.uuid({ error: 'id must be a conversation id (UUID)' }),
});

export const messagePageQuerySchema = z.object({
  before: z.uuid({ error: 'before must be a message id (UUID)' }).optional(),
  size: queryIntegerSchema(
    z
      .int({ error: 'size must be a whole number' })
      .min(1, 'size must be at least 1')
      .max(chatLimits.pageMax, `size must be at most ${chatLimits.pageMax}`),
    chatLimits.pageDefault,
  ),
});

export const createConversationRequestSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('direct'),
      memberId: z.uuid({ error: 'memberId must be a person of the organisation (UUID)' }),
    }),
    z.object({
      kind: z.literal('group'),
      name: z
        .string({ error: 'Name the group' })
        .trim()
        .min(1, 'Name the group')
        .max(chatLimits.groupNameMax, `A group name is at most ${chatLimits.groupNameMax} characters`),
      memberIds: z
        .array(z.uuid({ error: 'memberIds must be people of the organisation (UUIDs)' }))
        .min(1, 'Choose at least one member')
        .max(chatLimits.groupMembersMax, `A group has at most ${chatLimits.groupMembersMax} members`),
    }),
  ],
  { error: 'kind must be direct or group' },
);
export type CreateConversationRequest = z.input<typeof createConversationRequestSchema>;

export const sendMessageRequestSchema = z
  .object({
    id: z.uuid({ error: 'id must be a message id (UUID) made on the device' }),
    text: z
      .string({ error: 'text must be a string' })
      .trim()
      .max(chatLimits.textMax, `A message is at most ${chatLimits.textMax} characters`)
      .default(''),
    /** A complete upload of the sender's for this conversation. */
    uploadId: z.uuid({ error: 'uploadId must be an upload id (UUID)' }).nullable().default(null),
    about: z
      .object({ kind: z.enum(messageAboutKinds), id: z.uuid() })
      .nullable()
      .default(null),
  })
  .refine((message) => message.text.length > 0 || message.uploadId !== null, {
    path: ['text'],
    message: 'Write a message or attach a file',
  });
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

export const chatMessageResponseSchema = z.object({ data: chatMessageSchema });

/** PATCH /api/chats/{id}: read receipts move forward only. */
export const readUpToRequestSchema = z.object({
  readUpTo: z.uuid({ error: 'readUpTo must be a message id (UUID)' }),
});
export const conversationReadResponseSchema = z.object({ data: z.object({ unread: z.int() }) });
