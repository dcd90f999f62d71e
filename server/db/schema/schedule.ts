import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProgramProgression } from '../../../contract/program-progression';
import type { WorkoutCategory } from '../../../contract/training-vocabulary';
import { athleteGroups } from './groups';
import { workouts, type StoredWorkoutBlock } from './library';
import { organizations } from './organizations';
import { users } from './users';

export const entryStatusEnum = pgEnum('schedule_entry_status', [
  'scheduled',
  'in_progress',
  'completed',
  'skipped',
]);

/**
 * The copies of library workouts that the schedule keeps (product.md: a schedule entry keeps its own copy, so
 * editing the library never rewrites history). One row per workout and version, shared by every entry and
 * assignment made from that version: 365,000 entries need not carry 365,000 copies of the same blocks.
 */
export const workoutSnapshots = pgTable(
  'workout_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The library workout it was taken from; null once that workout is deleted. */
    workoutId: uuid('workout_id').references(() => workouts.id, { onDelete: 'set null' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    category: text('category').$type<WorkoutCategory>().notNull(),
    notes: text('notes'),
    blocks: jsonb('blocks').$type<StoredWorkoutBlock[]>().notNull(),
    /**
     * Null for the library version as it is; for a program week's numbers (ADR 052), a hash of its blocks, so
     * every application of the same week shares one copy.
     */
    progressionKey: text('progression_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('workout_snapshots_workout_version_key').on(
      table.workoutId,
      table.version,
      sql`coalesce(${table.progressionKey}, '')`,
    ),
  ],
);

/** Programs (the spec's schedule templates): workouts on day offsets. */
export const programs = pgTable(
  'programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** How its weeks change from week 1; null: every week repeats it. */
    progression: jsonb('progression').$type<ProgramProgression>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('programs_organization_name_key').on(table.organizationId, sql`lower(${table.name})`),
  ],
);

export const programWorkouts = pgTable(
  'program_workouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    /** Day 1 is the start date of an application. */
    day: integer('day').notNull(),
    position: integer('position').notNull().default(0),
    // No cascade: a library workout a program uses is archived, not deleted.
    workoutId: uuid('workout_id')
      .notNull()
      .references(() => workouts.id),
  },
  (table) => [
    index('program_workouts_program_idx').on(table.programId, table.day, table.position),
    index('program_workouts_workout_idx').on(table.workoutId),
  ],
);

/** A program applied to an athlete or a group from a start date; its entries link to it and leave with it. */
export const programApplications = pgTable(
  'program_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    programId: uuid('program_id').references(() => programs.id, { onDelete: 'set null' }),
    /** The program's name when applied: the application stays readable after the program is renamed or deleted. */
    programName: text('program_name').notNull(),
    athleteId: uuid('athlete_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => athleteGroups.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('program_applications_program_idx').on(table.programId)],
);

/**
 * A workout put on a date for a group: shown once on the group's calendar, fanned out to one entry per member
 * (schedule_entries.group_assignment_id). Name and category are copied for the calendar; the blocks live in the
 * snapshot.
 */
export const groupAssignments = pgTable(
  'group_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => athleteGroups.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    position: integer('position').notNull().default(0),
    /** HH:MM, or null for "any time that day". */
    timeOfDay: text('time_of_day'),
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => workoutSnapshots.id),
    name: text('name').notNull(),
    category: text('category').$type<WorkoutCategory>().notNull(),
    programApplicationId: uuid('program_application_id').references(() => programApplications.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('group_assignments_group_date_idx').on(table.organizationId, table.groupId, table.date),
    index('group_assignments_date_idx').on(table.organizationId, table.date),
    index('group_assignments_application_idx').on(table.programApplicationId),
  ],
);

/** One workout on one date for one athlete: what the athlete trains and tracks (the tracking issue logs it). */
export const scheduleEntries = pgTable(
  'schedule_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    position: integer('position').notNull().default(0),
    timeOfDay: text('time_of_day'),
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => workoutSnapshots.id),
    name: text('name').notNull(),
    category: text('category').$type<WorkoutCategory>().notNull(),
    status: entryStatusEnum('status').notNull().default('scheduled'),
    skipReason: text('skip_reason'),
    /** The group assignment it was fanned out from (kept after it is changed alone, for history). */
    groupAssignmentId: uuid('group_assignment_id').references(() => groupAssignments.id, {
      onDelete: 'set null',
    }),
    /** Still follows its assignment: changing the assignment changes it, while it is not started. */
    followsAssignment: boolean('follows_assignment').notNull().default(false),
    programApplicationId: uuid('program_application_id').references(() => programApplications.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('schedule_entries_athlete_date_idx').on(table.organizationId, table.athleteId, table.date),
    index('schedule_entries_assignment_idx').on(table.groupAssignmentId),
    index('schedule_entries_application_idx').on(table.programApplicationId),
    // The organisation's calendar lists entries that do not follow a group assignment (those show once, as it).
    index('schedule_entries_individual_date_idx')
      .on(table.organizationId, table.date)
      .where(sql`${table.followsAssignment} = false`),
  ],
);

/** A bulk change of the schedule that can be undone once: what it made, and what it removed (as rows). */
export const scheduleBatches = pgTable(
  'schedule_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'copy' | 'delete'>().notNull(),
    createdEntryIds: uuid('created_entry_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAssignmentIds: uuid('created_assignment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /**
     * Rows removed by the change, to put back on undo, and the links of entries that stayed to an assignment
     * removed (the foreign key cleared them).
     */
    removed: jsonb('removed').$type<{
      entries: unknown[];
      assignments: unknown[];
      unlinked?: { entryId: string; assignmentId: string; followed: boolean }[];
    }>(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('schedule_batches_organization_idx').on(table.organizationId, table.createdAt)],
);
