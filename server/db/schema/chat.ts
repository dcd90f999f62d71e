import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { athleteGroups } from './groups';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A conversation (issue 25, ADR 060): `direct` between two people (`directKey` is their two ids in order, so a
 * pair has one), `team` for an athlete group (its members are the group's athletes and the organisation's staff,
 * read from the group at each request, so it is always in step), or `group`, made by staff with chosen members.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'direct' | 'team' | 'group'>().notNull(),
    /** A group's name; a team's follows its athlete group; null for direct. */
    name: text('name'),
    athleteGroupId: uuid('athlete_group_id').references(() => athleteGroups.id, { onDelete: 'cascade' }),
    directKey: text('direct_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The newest message's time (the list's order); the creation time until the first. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_direct_idx').on(table.organizationId, table.directKey),
    uniqueIndex('conversations_team_idx').on(table.athleteGroupId),
    index('conversations_organization_idx').on(table.organizationId, table.lastMessageAt),
  ],
);

/** Who is in a direct or group conversation (a team's members come from its athlete group). */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'conversation_members_pkey', columns: [table.conversationId, table.userId] }),
    index('conversation_members_user_idx').on(table.userId),
  ],
);

/** How far each person has read a conversation (any kind): every message up to `readUpTo` (server time). */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readUpTo: timestamp('read_up_to', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [primaryKey({ name: 'conversation_reads_pkey', columns: [table.conversationId, table.userId] })],
);

/**
 * A message. Its id is made on the device (a send repeated after a dropped answer is one message); `createdAt` is
 * the server's time of its first arrival, the conversation's order. It may carry one finished upload and point at
 * a workout, a completed workout or a record.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    // A removed sender's messages stay, shown as a former user's.
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** What the message is about: 'workout' (a schedule entry), 'completed_workout' (a log) or 'record'. */
    aboutKind: text('about_kind'),
    aboutId: uuid('about_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // The latest page and the pages before it: newest first.
    index('chat_messages_conversation_idx').on(table.conversationId, table.createdAt, table.id),
  ],
);

/**
 * A file going up in chunks (issue 25, ADR 061), then a message's attachment. Its id is made on the device, so a
 * reload picks the same upload up at `committedBytes`. Unfinished uploads expire after a day.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The conversation it is for: only its members see the file. */
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The type the device declared; `detectedType` is what the content turned out to be. */
    declaredType: text('declared_type').notNull(),
    detectedType: text('detected_type'),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    committedBytes: bigint('committed_bytes', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<'uploading' | 'complete'>().notNull().default('uploading'),
    /** Where the storage keeps the file and its image preview. */
    storageKey: text('storage_key').notNull(),
    previewKey: text('preview_key'),
    /** Voice messages: length and a waveform of 0–1 peaks for the player. */
    durationMs: integer('duration_ms'),
    waveform: jsonb('waveform').$type<number[]>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [index('uploads_expiry_idx').on(table.status, table.createdAt)],
);

/**
 * Secrets every server process of a deployment shares, made once on first use (issue 25): the key that signs
 * file links, so a link signed by one process opens on another.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});
