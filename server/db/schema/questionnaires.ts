import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AssignmentRepeat, QuestionnaireTemplate } from '../../../contract/questionnaires';
import type {
  AnswerValues,
  Question,
  QuestionnaireTotal,
  WindowStats,
} from '../../../contract/questionnaire-rules';
import { athleteGroups } from './groups';
import { organizations } from './organizations';
import { users } from './users';

/**
 * A questionnaire (issue 26, ADR 065). Its questions live in versions: saving questions a questionnaire already has
 * answers to makes a new version, so every answer stays readable with the questions it was given to.
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    template: text('template').$type<QuestionnaireTemplate>(),
    currentVersion: integer('current_version').notNull().default(1),
    archivedAt: timestamp('archived_at', { withTimezone: true, precision: 3 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('questionnaires_organization_idx').on(table.organizationId, table.archivedAt)],
);

export const questionnaireVersions = pgTable(
  'questionnaire_versions',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    questions: jsonb('questions').$type<Question[]>().notNull(),
    anyDay: boolean('any_day').notNull().default(false),
    total: jsonb('total').$type<QuestionnaireTotal | null>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'questionnaire_versions_pkey', columns: [table.questionnaireId, table.version] }),
  ],
);

/**
 * Who answers a questionnaire on which days: an athlete, or a group (its members read from the group each time,
 * so an athlete joining gets the group's questionnaires from then on). `stoppedAt` ends it; answers stay.
 */
export const questionnaireAssignments = pgTable(
  'questionnaire_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => athleteGroups.id, { onDelete: 'cascade' }),
    repeat: text('repeat').$type<AssignmentRepeat>().notNull(),
    /** `once`: its dates (YYYY-MM-DD). */
    dates: jsonb('dates').$type<string[]>().notNull().default([]),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** `weekly`: Monday 0 … Sunday 6. */
    weekdays: jsonb('weekdays').$type<number[]>().notNull().default([]),
    timeOfDay: text('time_of_day').notNull().default('07:00'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    index('questionnaire_assignments_organization_idx').on(table.organizationId, table.questionnaireId),
    index('questionnaire_assignments_athlete_idx').on(table.athleteId),
    index('questionnaire_assignments_group_idx').on(table.groupId),
  ],
);

/**
 * One athlete's answers to one questionnaire on one date (one row per the three: a change the same day updates it).
 * The id is made on the device, so a resend is the same answer. `total` and `load` are kept for trends.
 */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    values: jsonb('values').$type<AnswerValues>().notNull(),
    /** The scale answers' sum when the version has a total. */
    total: real('total'),
    /** Session-RPE load (effort × minutes) when the version measures it. */
    load: real('load'),
    /**
     * Each numeric item's (and the total's) stats over this athlete's answers of the 28 days before, kept up to date
     * on every write (ADR 071): trends and the readiness card read one row per answer, not its 28 days.
     */
    baselines: jsonb('baselines').$type<Record<string, WindowStats>>().notNull().default({}),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('questionnaire_answers_one_per_day_idx').on(
      table.questionnaireId,
      table.athleteId,
      table.date,
    ),
    index('questionnaire_answers_organization_date_idx').on(table.organizationId, table.date),
    index('questionnaire_answers_athlete_date_idx').on(table.athleteId, table.date),
    // The report's session-RPE loads: the few answers that carry one, not every answer of the range.
    index('questionnaire_answers_load_idx')
      .on(table.organizationId, table.date, table.athleteId, table.load)
      .where(sql`${table.load} is not null`),
  ],
);

/**
 * Each number of an answer (every numeric question and the total) with the baseline kept for it, one row per item:
 * kept by a trigger from `questionnaire_answers` on every write path, so a group's trend adds typed numbers up in
 * the database instead of reading every answer's json into Node (ADR 072).
 */
export const questionnaireAnswerItems = pgTable(
  'questionnaire_answer_items',
  {
    answerId: uuid('answer_id')
      .notNull()
      .references(() => questionnaireAnswers.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    questionnaireId: uuid('questionnaire_id').notNull(),
    athleteId: uuid('athlete_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    itemId: text('item_id').notNull(),
    value: doublePrecision('value').notNull(),
    /** The answer's baseline for this item (ADR 071): the count, mean and SD of the 28 days before. */
    baseCount: integer('base_count').notNull(),
    baseMean: doublePrecision('base_mean'),
    baseSd: doublePrecision('base_sd'),
  },
  (table) => [
    primaryKey({ columns: [table.answerId, table.itemId] }),
    index('questionnaire_answer_items_trend_idx').on(table.questionnaireId, table.athleteId, table.date),
  ],
);

/**
 * A reminder sent: one per athlete, questionnaire and date, so the minute sweep of every process reminds once,
 * even after the athlete deleted the notification (ADR 070).
 */
export const questionnaireReminders = pgTable(
  'questionnaire_reminders',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    questionnaireId: uuid('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'questionnaire_reminders_pkey',
      columns: [table.questionnaireId, table.athleteId, table.date],
    }),
  ],
);
