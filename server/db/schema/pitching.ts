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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { ImportFormat, ImportKind, ImportMapping, ThrowSource } from '../../../contract/pitching';
import type { PitchResult, PitchType } from '../../../contract/throwing';
import { organizations } from './organizations';
import { workoutLogs } from './tracking';
import { users } from './users';

/**
 * A pitch of a completed workout (issue 16). The log's athlete and date are copied here, so an athlete's pitch
 * counts and trends are read from this table alone.
 */
export const pitches = pgTable(
  'pitches',
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
    date: date('date', { mode: 'string' }).notNull(),
    sequence: integer('sequence').notNull(),
    pitchType: text('pitch_type').$type<PitchType>().notNull(),
    velocityMph: real('velocity_mph').notNull(),
    spinRateRpm: real('spin_rate_rpm'),
    spinAxisDegrees: real('spin_axis_degrees'),
    inducedVerticalBreakIn: real('induced_vertical_break_in'),
    horizontalBreakIn: real('horizontal_break_in'),
    releaseHeightFt: real('release_height_ft'),
    releaseSideFt: real('release_side_ft'),
    extensionFt: real('extension_ft'),
    result: text('result').$type<PitchResult>(),
    strike: boolean('strike'),
    note: text('note'),
    source: text('source').$type<ThrowSource>().notNull().default('manual'),
    importId: uuid('import_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A pitch number names one pitch of the log (issue 22): two devices' pitch 1 cannot both be stored as 1.
    uniqueIndex('pitches_log_sequence_key').on(table.logId, table.sequence),
    // An athlete's counts per day, trends and mix; the dashboard's "pitched today".
    index('pitches_athlete_date_idx').on(table.organizationId, table.athleteId, table.date),
    index('pitches_org_date_idx').on(table.organizationId, table.date),
  ],
);

/** A throw measured by an arm sensor, with its workload (product.md) computed when it is saved. */
export const sensorThrows = pgTable(
  'sensor_throws',
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
    date: date('date', { mode: 'string' }).notNull(),
    sequence: integer('sequence').notNull(),
    /**
     * The pitch this throw was (issue 22): matched by number when the throw is written, or when a pitch of its number
     * arrives while it has none; kept when pitches are renumbered later, emptied when the pitch is removed.
     */
    pitchId: uuid('pitch_id').references((): AnyPgColumn => pitches.id, { onDelete: 'set null' }),
    thrownAt: timestamp('thrown_at', { withTimezone: true }),
    armSpeedDegPerS: real('arm_speed_deg_per_s'),
    elbowTorqueNm: real('elbow_torque_nm'),
    armSlotDegrees: real('arm_slot_degrees'),
    shoulderRotationDegrees: real('shoulder_rotation_degrees'),
    /** From the torque and the athlete's height and weight when saved; null when one is missing. */
    workload: real('workload'),
    source: text('source').$type<ThrowSource>().notNull().default('manual'),
    importId: uuid('import_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sensor_throws_log_idx').on(table.logId, table.sequence),
    // Daily workloads for the acute and chronic averages.
    index('sensor_throws_athlete_date_idx')
      .on(table.organizationId, table.athleteId, table.date)
      .where(sql`${table.workload} is not null`),
    index('sensor_throws_org_date_idx').on(table.organizationId, table.date),
    // The pitch's delete sets its throws' pitch_id to null through this index.
    index('sensor_throws_pitch_idx').on(table.pitchId),
  ],
);

/**
 * An athlete's pitches of one type on one day, summed (issue 16): the throwing summary reads these few thousand
 * rows instead of two years' ≈100,000 pitches. Kept by PostgreSQL itself: statement triggers on `pitches`
 * recompute the days a statement touched (migration 0007, docs/decisions/040-throwing-rollups.md). Never written by
 * the application.
 */
export const throwingDays = pgTable(
  'throwing_days',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    pitchType: text('pitch_type').$type<PitchType>().notNull(),
    pitches: integer('pitches').notNull(),
    velocitySum: doublePrecision('velocity_sum').notNull(),
    velocityTop: real('velocity_top').notNull(),
    /** Pitches whose result says strike, of the `strikesKnown` whose result is known. */
    strikes: integer('strikes').notNull(),
    strikesKnown: integer('strikes_known').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.athleteId, table.date, table.pitchType] }),
    // The dashboard's "pitched today" across the organisation.
    index('throwing_days_org_date_idx').on(table.organizationId, table.date),
  ],
);

/** An athlete's arm-sensor throws of one day, with their workloads summed; kept like `throwingDays`. */
export const workloadDays = pgTable(
  'workload_days',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    throws: integer('throws').notNull(),
    /** Null when none of the day's throws has a workload (the athlete's height or weight was missing). */
    workloadSum: doublePrecision('workload_sum'),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.athleteId, table.date] }),
    index('workload_days_org_date_idx').on(table.organizationId, table.date),
  ],
);

/**
 * An uploaded file between its preview and its commit: the text is kept so a changed mapping parses it again.
 * Nothing reaches `pitches` or `sensor_throws` before the commit.
 */
export const throwImports = pgTable(
  'throw_imports',
  {
    id: uuid('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ImportKind>().notNull(),
    logId: uuid('log_id')
      .notNull()
      .references(() => workoutLogs.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    format: text('format').$type<ImportFormat>().notNull(),
    content: text('content').notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    pitcher: text('pitcher'),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('throw_imports_org_created_idx').on(table.organizationId, table.createdAt)],
);

/** The column mapping an organisation set for files of no known format, used again for its next files. */
export const importMappings = pgTable(
  'import_mappings',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** An importer's kind, or the workout reader's program sheets (issue 28). */
    kind: text('kind').$type<ImportKind | 'workout_program'>().notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.kind] })],
);
