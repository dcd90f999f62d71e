import { and, eq, getTableColumns, ilike, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { errorCodes } from '../../../contract/errors';
import type { z } from 'zod';
import {
  libraryLimits,
  type createExerciseRequestSchema,
  type Exercise,
  type ExerciseDetail,
  type exerciseListQuerySchema,
  type ExerciseRef,
  type SaveWorkoutValues,
  type updateExerciseRequestSchema,
  type Workout,
  type workoutListQuerySchema,
  type WorkoutSummary,
} from '../../../contract/library';
import { measureLabels, type Measure, type WeightUnit } from '../../../contract/training-vocabulary';
import {
  exercises,
  programWorkouts,
  workoutExercises,
  workoutSnapshots,
  workouts,
  type StoredWorkoutBlock,
} from '../../db/schema';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/database-errors';
import { ApiError, invalidFields, notFound } from '../../lib/errors';
import { freeCopyName } from '../../lib/copy-names';
import { likePattern } from '../../lib/sql-text';
import type { SignedInVariables } from '../../lib/context';
import type { TenantScope } from '../../lib/tenancy';
import {
  blocksWithExercises,
  exerciseIdsOf,
  measuresStillUsed,
  readExerciseRefs,
  prepareWorkoutBlocks,
  withNewIds,
  type ExerciseFacts,
} from '../../lib/workout-document';

type ListQuery = z.output<typeof exerciseListQuerySchema> | z.output<typeof workoutListQuerySchema>;
type NewExercise = z.output<typeof createExerciseRequestSchema>;
type ExerciseChanges = z.output<typeof updateExerciseRequestSchema>;

const exerciseNotFound = () => notFound('This exercise is not in your library (it may have been deleted).');
const workoutNotFound = () => notFound('This workout is not in your library (it may have been deleted).');
const workoutInUse = (name: string, where: 'schedule' | 'program') =>
  new ApiError(
    409,
    errorCodes.conflict,
    `${name} ${where === 'schedule' ? 'has been on the schedule' : 'is in a program'}, so it cannot be deleted: archive it instead. An archived workout leaves the library's lists; what was scheduled keeps its copy.`,
  );
const staleWorkout = () =>
  new ApiError(
    409,
    errorCodes.conflict,
    'Someone else saved this workout since you opened it. Open it again to see their changes, then make yours.',
  );

/** jsonb arrives parsed from postgres.js and PGlite alike, but a driver may hand it over as text. */
const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A workout's list columns: its document summarised in SQL, so that a page never carries fifty documents. */
const workoutSummaryFields = {
  id: workouts.id,
  name: workouts.name,
  category: workouts.category,
  notes: workouts.notes,
  archivedAt: workouts.archivedAt,
  version: workouts.version,
  updatedAt: workouts.updatedAt,
  blockCount: sql<number>`jsonb_array_length(${workouts.blocks})`.mapWith(Number),
  exerciseIds: sql<
    string[]
  >`jsonb_path_query_array(${workouts.blocks}, '$[*].exercises[*].exerciseId')`.mapWith((value: unknown) =>
    fromJson<string[]>(value),
  ),
};

/**
 * By name, in any case. Names are unique per organisation in lower case (a unique index), so this is a
 * total order, and that index serves it.
 */
const byName = (name: typeof exercises.name | typeof workouts.name) => sql`lower(${name})`;

/**
 * The ids of one page of a list, by name: a list picks its page with this first, so that what it adds to each
 * row (a count, a document's summary) is worked out for the page's rows only.
 */
function pageIds(
  tenant: TenantScope,
  table: typeof exercises | typeof workouts,
  where: SQL,
  page: number,
  size: number,
): SQL {
  // `= any(array(…))` makes PostgreSQL pick the page first and then fetch its rows by primary key; with
  // `in (…)` it may scan every row of the organisation to join them.
  return sql`${table.id} = any(array(select ${table.id} from ${table} where ${tenant.own(table, where)}
    order by ${byName(table.name)} limit ${size} offset ${page * size}))`;
}

/** An exercise's columns and how many workouts use it (archived ones included). */
const exerciseWithCount = {
  ...getTableColumns(exercises),
  workoutCount:
    sql<number>`(select count(*) from ${workoutExercises} where ${workoutExercises.exerciseId} = ${exercises.id})`.mapWith(
      Number,
    ),
};
type ExerciseWithCount = typeof exercises.$inferSelect & { workoutCount: number };

/** The workouts whose index names the exercise. */
const usesExercise = (exerciseId: string) =>
  inArray(
    workouts.id,
    sql`(select ${workoutExercises.workoutId} from ${workoutExercises} where ${workoutExercises.exerciseId} = ${exerciseId})`,
  );

/** The exercises a workout's index names. */
const usedByWorkout = (workoutId: string) =>
  inArray(
    exercises.id,
    sql`(select ${workoutExercises.exerciseId} from ${workoutExercises} where ${workoutExercises.workoutId} = ${workoutId})`,
  );

function listFilters(
  table: typeof exercises | typeof workouts,
  { q, category, archived }: Pick<ListQuery, 'q' | 'category' | 'archived'>,
): SQL {
  const filters: SQL[] = [archived ? isNotNull(table.archivedAt) : isNull(table.archivedAt)];
  if (category) filters.push(eq(table.category, category));
  if (q) filters.push(ilike(table.name, likePattern(q)));
  return and(...filters)!;
}

function toExercise({ workoutCount, ...row }: ExerciseWithCount): Exercise {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    instructions: row.instructions,
    videoUrl: row.videoUrl,
    measures: row.measures,
    unilateral: row.unilateral,
    archived: row.archivedAt !== null,
    workoutCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toWorkout(row: typeof workouts.$inferSelect, refs: ReadonlyMap<string, ExerciseRef>): Workout {
  // workout_exercises' foreign key keeps every exercise a workout names.
  const blocks = blocksWithExercises(row.blocks, refs, `Workout ${row.id}`);
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    notes: row.notes,
    blockCount: blocks.length,
    exerciseCount: blocks.reduce((sum, block) => sum + block.exercises.length, 0),
    archived: row.archivedAt !== null,
    version: row.version,
    blocks,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const listedNames = (names: string[]) =>
  names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;

/**
 * The workout library's database work (issue 13, ADR 031), through the organisation's TenantScope only:
 * exercises, and workouts stored as one document each with workout_exercises as the index of what they use.
 */
export class LibraryStore {
  constructor(
    private readonly tenant: TenantScope,
    /** The organisation's unit, given to loads saved without one. */
    private readonly weightUnit: WeightUnit,
  ) {}

  // ——— Exercises ———

  async listExercises({ page, size, ...filters }: ListQuery) {
    const where = listFilters(exercises, filters);
    const [rows, total] = await Promise.all([
      this.tenant.selectFields(exercises, exerciseWithCount, {
        where: pageIds(this.tenant, exercises, where, page, size),
        orderBy: [byName(exercises.name)],
      }),
      this.tenant.count(exercises, where),
    ]);
    return { data: rows.map(toExercise), page, size, total };
  }

  async exerciseDetail(exerciseId: string): Promise<ExerciseDetail> {
    const [[row], usedBy] = await Promise.all([
      this.tenant.selectFields(exercises, exerciseWithCount, { where: eq(exercises.id, exerciseId) }),
      this.tenant.selectFields(
        workouts,
        { id: workouts.id, name: workouts.name, archivedAt: workouts.archivedAt },
        { where: usesExercise(exerciseId), orderBy: [byName(workouts.name)], limit: 50 },
      ),
    ]);
    if (!row) throw exerciseNotFound();
    return {
      ...toExercise(row),
      usedBy: usedBy.map(({ id, name, archivedAt }) => ({ id, name, archived: archivedAt !== null })),
    };
  }

  async createExercise(values: NewExercise): Promise<ExerciseDetail> {
    await this.ensureNameFree(exercises, values.name);
    const [created] = await this.nameGuarded(exercises, values.name, () =>
      this.tenant.insert(exercises, {
        name: values.name,
        category: values.category,
        instructions: values.instructions ?? null,
        videoUrl: values.videoUrl ?? null,
        measures: values.measures,
        unilateral: values.unilateral ?? false,
      }),
    );
    return { ...toExercise({ ...created!, workoutCount: 0 }), usedBy: [] };
  }

  async updateExercise(exerciseId: string, changes: ExerciseChanges): Promise<ExerciseDetail> {
    const current = await this.tenant.first(exercises, eq(exercises.id, exerciseId));
    if (!current) throw exerciseNotFound();
    // An empty change is a no-op, not an UPDATE with nothing to set.
    if (Object.keys(changes).length === 0) return this.exerciseDetail(current.id);
    if (changes.name !== undefined) await this.ensureNameFree(exercises, changes.name, current.id);
    if (changes.measures) await this.ensureMeasuresUnused(current, changes.measures);
    await this.nameGuarded(exercises, changes.name ?? current.name, () =>
      this.tenant.update(exercises, { ...changes, updatedAt: new Date() }, eq(exercises.id, current.id)),
    );
    return this.exerciseDetail(current.id);
  }

  async archiveExercise(exerciseId: string): Promise<ExerciseDetail> {
    await this.setArchived(exercises, exerciseId, true);
    return this.exerciseDetail(exerciseId);
  }

  async restoreExercise(exerciseId: string): Promise<ExerciseDetail> {
    await this.setArchived(exercises, exerciseId, false);
    return this.exerciseDetail(exerciseId);
  }

  /**
   * Deletes an exercise no workout uses; one that a workout uses is archived instead, so the workout keeps it, and
   * so is one that only a scheduled copy of an earlier version of a workout names (ADR 033).
   */
  async deleteExercise(
    exerciseId: string,
  ): Promise<
    | { outcome: 'deleted'; name: string }
    | { outcome: 'archived'; exercise: ExerciseDetail; onSchedule: boolean }
  > {
    const current = await this.exerciseDetail(exerciseId);
    const onSchedule = current.workoutCount === 0 && (await this.namedBySchedule(current.id));
    if (current.workoutCount === 0 && !onSchedule) {
      try {
        const [deleted] = await this.tenant.delete(exercises, eq(exercises.id, current.id));
        if (!deleted) throw exerciseNotFound();
        return { outcome: 'deleted', name: deleted.name };
      } catch (error) {
        // A workout took it up since the count: the database's foreign key refused the delete.
        if (!isForeignKeyViolation(error)) throw error;
      }
    }
    return { outcome: 'archived', exercise: await this.archiveExercise(current.id), onSchedule };
  }

  /** Whether a schedule's copy of a workout names the exercise (jsonb containment: any block, any place). */
  private async namedBySchedule(exerciseId: string): Promise<boolean> {
    const named = JSON.stringify([{ exercises: [{ exerciseId }] }]);
    const [copy] = await this.tenant.selectFields(
      workoutSnapshots,
      { id: workoutSnapshots.id },
      { where: sql`${workoutSnapshots.blocks} @> ${named}::jsonb`, limit: 1 },
    );
    return copy !== undefined;
  }

  /** Refuses to take a measure away from an exercise while a workout's sets still give targets for it. */
  private async ensureMeasuresUnused(exercise: typeof exercises.$inferSelect, measures: Measure[]) {
    if (exercise.measures.every((measure) => measures.includes(measure))) return;
    const using = await this.tenant.selectFields(
      workouts,
      { name: workouts.name, blocks: workouts.blocks },
      { where: usesExercise(exercise.id), orderBy: [byName(workouts.name)] },
    );
    const stillUsed = new Set<Measure>();
    const workoutNames: string[] = [];
    for (const workout of using) {
      const used = measuresStillUsed(workout.blocks, exercise.id, measures);
      if (used.length === 0) continue;
      workoutNames.push(workout.name);
      for (const measure of used) stillUsed.add(measure);
    }
    if (workoutNames.length === 0) return;
    const labels = [...stillUsed].map((measure) => measureLabels[measure]).join(', ');
    throw invalidFields({
      measures: `${listedNames(workoutNames)} ${workoutNames.length === 1 ? 'gives' : 'give'} ${exercise.name} ${labels} targets: change ${workoutNames.length === 1 ? 'that workout' : 'those workouts'} first`,
    });
  }

  // ——— Workouts ———

  async listWorkouts({ page, size, ...filters }: ListQuery): Promise<{
    data: WorkoutSummary[];
    page: number;
    size: number;
    total: number;
  }> {
    const where = listFilters(workouts, filters);
    const [rows, total] = await Promise.all([
      this.tenant.selectFields(workouts, workoutSummaryFields, {
        where: pageIds(this.tenant, workouts, where, page, size),
        orderBy: [byName(workouts.name)],
      }),
      this.tenant.count(workouts, where),
    ]);
    const exerciseIds = [...new Set(rows.flatMap((row) => row.exerciseIds))];
    const names =
      exerciseIds.length === 0
        ? []
        : await this.tenant.selectFields(
            exercises,
            { id: exercises.id, name: exercises.name },
            { where: inArray(exercises.id, exerciseIds) },
          );
    const nameById = new Map(names.map(({ id, name }) => [id, name]));
    const data = rows.map(({ exerciseIds: ids, archivedAt, updatedAt, ...row }) => ({
      ...row,
      exerciseCount: ids.length,
      exerciseNames: ids.map((id) => nameById.get(id) ?? ''),
      archived: archivedAt !== null,
      updatedAt: updatedAt.toISOString(),
    }));
    return { data, page, size, total };
  }

  async workout(workoutId: string): Promise<Workout> {
    // The workout and, through its index, its exercises at once.
    const [row, refs] = await Promise.all([
      this.tenant.first(workouts, eq(workouts.id, workoutId)),
      readExerciseRefs(this.tenant, usedByWorkout(workoutId)),
    ]);
    if (!row) throw workoutNotFound();
    return toWorkout(row, refs);
  }

  async createWorkout(values: SaveWorkoutValues, createdBy: string): Promise<Workout> {
    return this.savingWorkout(values.name, (scope) =>
      this.writeWorkout(scope, values, async (blocks) => {
        const [created] = await scope.insert(workouts, {
          name: values.name,
          category: values.category,
          notes: values.notes ?? null,
          blocks,
          createdBy,
        });
        return created!;
      }),
    );
  }

  /** Replaces the whole workout; a save made from an older version than the stored one is refused (409). */
  async updateWorkout(workoutId: string, values: SaveWorkoutValues): Promise<Workout> {
    return this.savingWorkout(values.name, async (scope) => {
      const current = await scope.first(workouts, eq(workouts.id, workoutId));
      if (!current) throw workoutNotFound();
      if (values.version !== undefined && values.version !== current.version) throw staleWorkout();
      return this.writeWorkout(
        scope,
        values,
        async (blocks) => {
          // The version read above must still be the stored one: a save in between makes this one stale.
          const [updated] = await scope.update(
            workouts,
            {
              name: values.name,
              category: values.category,
              notes: values.notes ?? null,
              blocks,
              version: current.version + 1,
              updatedAt: new Date(),
            },
            and(eq(workouts.id, current.id), eq(workouts.version, current.version))!,
          );
          if (!updated) throw staleWorkout();
          await scope.delete(workoutExercises, eq(workoutExercises.workoutId, current.id));
          return updated;
        },
        current,
      );
    });
  }

  async archiveWorkout(workoutId: string): Promise<Workout> {
    await this.setArchived(workouts, workoutId, true);
    return this.workout(workoutId);
  }

  async restoreWorkout(workoutId: string): Promise<Workout> {
    await this.setArchived(workouts, workoutId, false);
    return this.workout(workoutId);
  }

  /** A new workout with the same document under new ids, named `name` or "X (copy)", "X (copy 2)", …. */
  async duplicateWorkout(workoutId: string, name: string | undefined, createdBy: string): Promise<Workout> {
    const source = await this.tenant.first(workouts, eq(workouts.id, workoutId));
    if (!source) throw workoutNotFound();
    const copyName =
      name ?? (await freeCopyName(this.tenant, workouts, source.name, libraryLimits.nameMaxLength));
    return this.savingWorkout(copyName, async (scope) => {
      await this.ensureNameFree(workouts, copyName, undefined, scope);
      const blocks = withNewIds(source.blocks);
      const [created] = await scope.insert(workouts, {
        name: copyName,
        category: source.category,
        notes: source.notes,
        blocks,
        createdBy,
      });
      await this.writeIndex(scope, created!.id, blocks);
      return toWorkout(created!, await this.exerciseRefs(scope, exerciseIdsOf(blocks)));
    });
  }

  /**
   * Deletes a workout and its index rows. One that was ever scheduled (the schedule keeps a copy of it) or that
   * a program uses is refused (409): it can only be archived (ADR 031, 033).
   */
  async deleteWorkout(workoutId: string): Promise<{ name: string }> {
    const current = await this.tenant.first(workouts, eq(workouts.id, workoutId));
    if (!current) throw workoutNotFound();
    const [[scheduled], [inProgram]] = await Promise.all([
      this.tenant.selectFields(
        workoutSnapshots,
        { id: workoutSnapshots.id },
        { where: eq(workoutSnapshots.workoutId, current.id), limit: 1 },
      ),
      this.tenant.selectFields(
        programWorkouts,
        { id: programWorkouts.id },
        { where: eq(programWorkouts.workoutId, current.id), limit: 1 },
      ),
    ]);
    if (scheduled || inProgram) throw workoutInUse(current.name, scheduled ? 'schedule' : 'program');
    try {
      const [deleted] = await this.tenant.delete(workouts, eq(workouts.id, current.id));
      if (!deleted) throw workoutNotFound();
      return { name: deleted.name };
    } catch (error) {
      // A program took it up since the check: its foreign key refused the delete.
      if (isForeignKeyViolation(error)) throw workoutInUse(current.name, 'program');
      throw error;
    }
  }

  /**
   * Checks the document against the library (in the transaction, so what it checked is what it writes),
   * writes the row with `write` and the index of the exercises it uses, and answers the workout as saved.
   */
  private async writeWorkout(
    scope: TenantScope,
    values: SaveWorkoutValues,
    write: (blocks: StoredWorkoutBlock[]) => Promise<typeof workouts.$inferSelect>,
    current?: typeof workouts.$inferSelect,
  ): Promise<Workout> {
    const named = [
      ...new Set(
        values.blocks.flatMap((block) => block.exercises.map((entry) => entry.exerciseId.toLowerCase())),
      ),
    ];
    const refs = await this.exerciseRefs(scope, named);
    const facts = new Map<string, ExerciseFacts>(
      [...refs].map(([id, ref]) => [id, { name: ref.name, measures: ref.measures, archived: ref.archived }]),
    );
    const prepared = prepareWorkoutBlocks(values.blocks, {
      exercises: facts,
      weightUnit: this.weightUnit,
      alreadyUsed: new Set(current ? exerciseIdsOf(current.blocks) : []),
    });
    if (!prepared.ok) throw invalidFields(prepared.fields);
    await this.ensureNameFree(workouts, values.name, current?.id, scope);
    const row = await write(prepared.blocks);
    await this.writeIndex(scope, row.id, prepared.blocks);
    return toWorkout(row, refs);
  }

  /** Runs a workout's writes in one transaction; a name taken meanwhile or an exercise deleted meanwhile is a 400. */
  private async savingWorkout<T>(name: string, work: (scope: TenantScope) => Promise<T>): Promise<T> {
    try {
      return await this.nameGuarded(workouts, name, () => this.tenant.transaction(work));
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      throw invalidFields({ blocks: 'An exercise of this workout was deleted meanwhile: choose it again' });
    }
  }

  private async writeIndex(scope: TenantScope, workoutId: string, blocks: readonly StoredWorkoutBlock[]) {
    const exerciseIds = exerciseIdsOf(blocks);
    if (exerciseIds.length === 0) return;
    await scope.insert(
      workoutExercises,
      exerciseIds.map((exerciseId) => ({ workoutId, exerciseId })),
    );
  }

  private async exerciseRefs(scope: TenantScope, exerciseIds: string[]): Promise<Map<string, ExerciseRef>> {
    return exerciseIds.length === 0 ? new Map() : readExerciseRefs(scope, inArray(exercises.id, exerciseIds));
  }

  /** Archives or restores; archiving twice keeps the first date. A missing id changes nothing (the read says 404). */
  private async setArchived(table: typeof exercises | typeof workouts, id: string, archived: boolean) {
    await this.tenant.update(
      table,
      { archivedAt: archived ? new Date() : null },
      archived ? and(eq(table.id, id), isNull(table.archivedAt))! : eq(table.id, id),
    );
  }

  // ——— Names ———

  /** Names are unique in the organisation whatever their case, archived ones included. */
  private async ensureNameFree(
    table: typeof exercises | typeof workouts,
    name: string,
    exceptId?: string,
    scope = this.tenant,
  ): Promise<void> {
    const sameName = sql`lower(${table.name}) = lower(${name})`;
    const [clash] = await scope.selectFields(
      table,
      { name: table.name, archivedAt: table.archivedAt },
      { where: exceptId ? and(sameName, ne(table.id, exceptId)) : sameName, limit: 1 },
    );
    if (clash) throw nameTaken(table, clash);
  }

  /** The unique index's refusal (two saves of one name at once) answered like the check before it. */
  private async nameGuarded<T>(
    table: typeof exercises | typeof workouts,
    name: string,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(table, { name, archivedAt: null });
      throw error;
    }
  }
}

function nameTaken(
  table: typeof exercises | typeof workouts,
  clash: { name: string; archivedAt: Date | null },
): ApiError {
  const what = table === exercises ? 'an exercise' : 'a workout';
  const archived = clash.archivedAt ? ' (archived: restore it, or choose another name)' : '';
  return invalidFields({ name: `There is already ${what} called ${clash.name}${archived}` });
}

/** The library of the signed-in user's organisation. */
export const libraryOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new LibraryStore(c.var.tenant, c.var.viewer.organization.weightUnit);
