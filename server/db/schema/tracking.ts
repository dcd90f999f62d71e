import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LogCorrection, RecordKind } from '../../../contract/tracking';
import type { DistanceUnit, WeightUnit, WorkoutCategory } from '../../../contract/training-vocabulary';
import { exercises } from './library';
import { organizations } from './organizations';
import { scheduleEntries, workoutSnapshots } from './schedule';
import { users } from './users';

export const workoutLogStatusEnum = pgEnum('workout_log_status', ['in_progress', 'completed']);

/**
 * One per schedule entry (issue 15): its id is made on the device, so starting is an upsert. The entry's date,
 * category and copy of the workout are kept here too: a started entry is never moved, and the lists and the
 * history read logs without joining entries.
 */
export const workoutLogs = pgTable(
  'workout_logs',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .unique('workout_logs_entry_key')
      .references(() => scheduleEntries.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category').$type<WorkoutCategory>().notNull(),
    snapshotId: uuid('snapshot_id')
      .notNull()
      .references(() => workoutSnapshots.id),
    status: workoutLogStatusEnum('status').notNull().default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    sessionRpe: real('session_rpe'),
    notes: text('notes'),
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    finishedBy: uuid('finished_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // An athlete's logs by date (history's "before", compliance) and a group's completed month (athlete IN …).
    index('workout_logs_athlete_date_idx').on(table.organizationId, table.athleteId, table.date),
    // The organisation's completed workouts, newest first.
    index('workout_logs_completed_date_idx')
      .on(table.organizationId, table.date, table.finishedAt)
      .where(sql`${table.status} = 'completed'`),
  ],
);

/**
 * What was done in one set, a row per set (product.md): its id is made on the device; `changed_at` (the device's
 * clock) decides between two devices; `removed` is a tombstone, so a late replay cannot bring a set back.
 */
export const loggedSets = pgTable(
  'logged_sets',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    logId: uuid('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockExerciseId: uuid('block_exercise_id').notNull(),
    // No cascade: an exercise with logged sets is archived, never deleted (history keeps its name).
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id),
    setNumber: integer('set_number').notNull(),
    reps: integer('reps'),
    load: doublePrecision('load'),
    loadUnit: text('load_unit').$type<WeightUnit>(),
    /** The load in kg: sets in lb and in kg compare on it. */
    loadKg: doublePrecision('load_kg'),
    rpe: real('rpe'),
    timeSeconds: integer('time_seconds'),
    distance: doublePrecision('distance'),
    distanceUnit: text('distance_unit').$type<DistanceUnit>(),
    velocityMph: doublePrecision('velocity_mph'),
    done: boolean('done').notNull().default(false),
    removed: boolean('removed').notNull().default(false),
    /** Epley's estimate in the set's unit and in kg, when reps are 1-12. */
    estimatedOneRm: doublePrecision('estimated_one_rm'),
    estimatedOneRmKg: doublePrecision('estimated_one_rm_kg'),
    /** The log's date: an athlete's history of an exercise is read from this table alone. */
    performedOn: date('performed_on', { mode: 'string' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('logged_sets_log_idx').on(table.logId),
    // History of one exercise and the bests before a date: only sets that count.
    index('logged_sets_history_idx')
      .on(table.organizationId, table.athleteId, table.exerciseId, table.performedOn)
      .where(sql`${table.done} and not ${table.removed}`),
    index('logged_sets_exercise_idx').on(table.exerciseId),
  ],
);

/**
 * Per workout log and exercise, the sets that count (done, not removed) added up: how many, their reps, Σ load × reps
 * in kg and the best estimated 1RM in kg. PostgreSQL keeps it from `logged_sets` by statement triggers (migration
 * 0023, as `throwing_days`), so no write path can forget it; the report (issue 27) sums these, a few rows per log,
 * instead of every set. docs/decisions/076-report-rollups.md
 */
export const logExerciseTotals = pgTable(
  'log_exercise_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    logId: uuid('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    // Derived from the log's sets: it goes with the log, and its exercise and athlete are the sets' own.
    exerciseId: uuid('exercise_id').notNull(),
    athleteId: uuid('athlete_id').notNull(),
    /** The log's date, as its sets carry it. */
    performedOn: date('performed_on', { mode: 'string' }).notNull(),
    sets: integer('sets').notNull(),
    reps: integer('reps').notNull(),
    loadKg: doublePrecision('load_kg').notNull(),
    bestOneRmKg: doublePrecision('best_one_rm_kg'),
  },
  (table) => [
    primaryKey({ columns: [table.logId, table.exerciseId] }),
    // A group's or an athlete's range, and each athlete's best before the range.
    index('log_exercise_totals_athlete_idx').on(table.organizationId, table.athleteId, table.performedOn),
  ],
);

/**
 * Per workout log, its exercise totals added up: what the report's training volume reads, one row per workout.
 * Kept by the same trigger as `logExerciseTotals`, from it.
 */
export const logTotals = pgTable(
  'log_totals',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    logId: uuid('log_id')
      .primaryKey()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id').notNull(),
    performedOn: date('performed_on', { mode: 'string' }).notNull(),
    sets: integer('sets').notNull(),
    reps: integer('reps').notNull(),
    loadKg: doublePrecision('load_kg').notNull(),
  },
  (table) => [index('log_totals_athlete_idx').on(table.organizationId, table.athleteId, table.performedOn)],
);

/** Per exercise of a log: the exercise it was swapped for, and notes (the later change wins). */
export const loggedExercises = pgTable(
  'logged_exercises',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    logId: uuid('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    blockExerciseId: uuid('block_exercise_id').notNull(),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id),
    notes: text('notes'),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    primaryKey({ columns: [table.logId, table.blockExerciseId] }),
    index('logged_exercises_exercise_idx').on(table.exerciseId),
  ],
);

/** A record set in a log: at most one of each kind per exercise and log, recomputed when its sets change. */
export const personalRecords = pgTable(
  'personal_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id),
    logId: uuid('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    setId: uuid('set_id')
      .notNull()
      .references(() => loggedSets.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RecordKind>().notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').$type<'lb' | 'kg' | 'reps' | 'mph'>().notNull(),
    load: doublePrecision('load'),
    previous: doublePrecision('previous'),
    achievedAt: timestamp('achieved_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('personal_records_log_exercise_kind_key').on(table.logId, table.exerciseId, table.kind),
    index('personal_records_athlete_idx').on(table.organizationId, table.athleteId, table.achievedAt),
    index('personal_records_organization_idx').on(table.organizationId, table.achievedAt),
  ],
);

/**
 * An athlete's maxes as history: each test (staff) and each estimate that beat the max (from a set) is a row;
 * the current max is the latest per athlete, exercise and kind.
 */
export const athleteMaxes = pgTable(
  'athlete_maxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id),
    kind: text('kind').$type<'one_rm' | 'velocity'>().notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').$type<'lb' | 'kg' | 'mph'>().notNull(),
    /** kg for a 1RM, mph for a velocity: maxes in lb and kg compare on it. */
    comparable: doublePrecision('comparable').notNull(),
    source: text('source').$type<'tested' | 'estimated'>().notNull(),
    /** The set an estimate came from: a later change of that set replaces it. */
    setId: uuid('set_id').references(() => loggedSets.id, { onDelete: 'cascade' }),
    recordedOn: date('recorded_on', { mode: 'string' }).notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('athlete_maxes_current_idx').on(
      table.organizationId,
      table.athleteId,
      table.exerciseId,
      table.kind,
      table.recordedOn,
    ),
    uniqueIndex('athlete_maxes_set_key').on(table.setId),
  ],
);

/** A staff correction of a completed log: who, when, why, and each value before and after. */
export const logCorrections = pgTable(
  'log_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    logId: uuid('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    correctedBy: uuid('corrected_by').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    changes: jsonb('changes').$type<LogCorrection['changes']>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('log_corrections_log_idx').on(table.logId)],
);

/** The organisation's activity feed (spec's activities): a workout completed, a record set. */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind')
      .$type<'workout_completed' | 'record_set' | 'program_applied' | 'athlete_joined'>()
      .notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    athleteId: uuid('athlete_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    workoutLogId: uuid('workout_log_id').references(() => workoutLogs.id, { onDelete: 'cascade' }),
    /** A record's activity goes with the record when a correction takes it away. */
    recordId: uuid('record_id')
      .unique('activities_record_key')
      .references(() => personalRecords.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activities_organization_idx').on(table.organizationId, table.createdAt),
    index('activities_athlete_idx').on(table.organizationId, table.athleteId, table.createdAt),
  ],
);
