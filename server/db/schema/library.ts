import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { BlockExercise, WorkoutBlock } from '../../../contract/library';
import type { Measure, WorkoutCategory } from '../../../contract/training-vocabulary';
import { organizations } from './organizations';
import { users } from './users';

/** The workout library's exercises (issue 13); names are unique in an organisation whatever their case. */
export const exercises = pgTable(
  'exercises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').$type<WorkoutCategory>().notNull(),
    instructions: text('instructions'),
    videoUrl: text('video_url'),
    /** In the vocabulary's order (contract/training-vocabulary.ts). */
    measures: text('measures').array().$type<Measure[]>().notNull(),
    unilateral: boolean('unilateral').notNull().default(false),
    /** Set when archived: hidden from pickers, kept for the workouts (and history) that use it. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('exercises_organization_name_key').on(table.organizationId, sql`lower(${table.name})`),
    index('exercises_organization_category_idx').on(table.organizationId, table.category),
  ],
);

/** A block exercise as stored in a workout's document: the exercise by id only, read back joined. */
export type StoredBlockExercise = Omit<BlockExercise, 'exercise'>;
export type StoredWorkoutBlock = Omit<WorkoutBlock, 'exercises'> & { exercises: StoredBlockExercise[] };

/**
 * Workouts: the structure (blocks → exercises → prescribed sets) is one JSON document validated by the
 * contract's schema (product.md "Training model"); workout_exercises indexes which exercises it uses.
 */
export const workouts = pgTable(
  'workouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').$type<WorkoutCategory>().notNull(),
    notes: text('notes'),
    blocks: jsonb('blocks').$type<StoredWorkoutBlock[]>().notNull().default([]),
    /** Goes up by one with each save; a save made from an older version is refused (409). */
    version: integer('version').notNull().default(1),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('workouts_organization_name_key').on(table.organizationId, sql`lower(${table.name})`),
    index('workouts_organization_category_idx').on(table.organizationId, table.category),
  ],
);

/** Which exercises each workout uses: an exercise with a row here is archived instead of deleted. */
export const workoutExercises = pgTable(
  'workout_exercises',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    workoutId: uuid('workout_id')
      .notNull()
      .references(() => workouts.id, { onDelete: 'cascade' }),
    // No cascade: the database itself refuses to delete an exercise a workout uses (checked at the end of
    // the statement, so deleting a whole organisation still cascades).
    exerciseId: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id),
  },
  (table) => [
    primaryKey({ columns: [table.workoutId, table.exerciseId] }),
    index('workout_exercises_exercise_idx').on(table.exerciseId),
  ],
);
