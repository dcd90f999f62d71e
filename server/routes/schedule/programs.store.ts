import { recordScheduleChange } from '../../lib/live-events/schedule-events';
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { scheduleDateBounds } from '../../../contract/calendar-dates';
import { progressBlocks, weekOfDay, type ProgramProgression } from '../../../contract/program-progression';
import type { PrescribedSet } from '../../../contract/library';
import type { WeightUnit, WorkoutCategory } from '../../../contract/training-vocabulary';
import {
  scheduleLimits,
  type applyProgramRequestSchema,
  type Program,
  type ProgramApplication,
  type ProgramPreview,
  type programFromScheduleRequestSchema,
  type ProgramSummary,
  type saveProgramRequestSchema,
  type ScheduleBatchResponse,
} from '../../../contract/schedule';
import {
  exercises,
  groupAssignments,
  programApplications,
  programs,
  programWorkouts,
  scheduleEntries,
  workoutSnapshots,
  workouts,
} from '../../db/schema';
import type { StoredWorkoutBlock } from '../../db/schema/library';
import { addCalendarDays, calendarDaysFrom, spokenDate } from '../../lib/calendar-days';
import type { SignedInVariables } from '../../lib/context';
import { freeCopyName } from '../../lib/copy-names';
import { isUniqueViolation } from '../../lib/database-errors';
import { invalidFields, notFound } from '../../lib/errors';
import {
  groupMemberIds,
  notStarted,
  placeForAthlete,
  placeForGroup,
  removeAssignments,
  workoutCopies,
  type WorkoutCopy,
} from '../../lib/schedule-placement';
import { programScheduled } from '../../lib/notifications/makers';
import { notify } from '../../lib/notifications/notify';
import type { TenantScope } from '../../lib/tenancy';
import { athleteRefs, calendarItems, calendarRows, groupRefs } from './calendar-items';
import { ensureWithinLimit, findTarget, ownerOf, targetName, type ScheduleTarget } from './schedule.store';

type ProgramValues = z.output<typeof saveProgramRequestSchema>;
type FromScheduleValues = z.output<typeof programFromScheduleRequestSchema>;
type ApplyValues = z.output<typeof applyProgramRequestSchema>;

const programNotFound = () => notFound('This program does not exist (it may have been deleted).');
const applicationNotFound = () =>
  notFound('This program application does not exist (it may have been removed).');
const countOf = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const byName = sql`lower(${programs.name})`;

/**
 * The outer row's id in a correlated subquery: a one-table select writes its columns without the table, and a
 * bare "id" inside the subquery would be the inner table's.
 */
const outerId = (table: typeof programs | typeof programApplications) =>
  sql`${table}.${sql.identifier('id')}`;

/** A program's list columns: its workouts and applications counted in SQL. */
const summaryFields = {
  id: programs.id,
  name: programs.name,
  description: programs.description,
  createdAt: programs.createdAt,
  updatedAt: programs.updatedAt,
  workoutCount: sql<number>`(select count(*) from ${programWorkouts}
    where ${programWorkouts.programId} = ${outerId(programs)})`.mapWith(Number),
  dayCount: sql<number>`(select coalesce(max(${programWorkouts.day}), 0) from ${programWorkouts}
    where ${programWorkouts.programId} = ${outerId(programs)})`.mapWith(Number),
  applicationCount: sql<number>`(select count(*) from ${programApplications}
    where ${programApplications.programId} = ${outerId(programs)})`.mapWith(Number),
};
interface SummaryRow {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  updatedAt: Date;
  workoutCount: number;
  dayCount: number;
  applicationCount: number;
}

function toSummary({ createdAt: _createdAt, updatedAt, ...row }: SummaryRow): ProgramSummary {
  return { ...row, updatedAt: updatedAt.toISOString() };
}

/** The application's items still on the calendar: its entries and assignments. */
const itemCountField = sql<number>`(select count(*) from ${scheduleEntries}
    where ${scheduleEntries.programApplicationId} = ${outerId(programApplications)})
  + (select count(*) from ${groupAssignments}
    where ${groupAssignments.programApplicationId} = ${outerId(programApplications)})`.mapWith(Number);

/** One item of an application: its date, week, workout and that week's blocks. */
interface PlannedWorkout {
  date: string;
  day: number;
  week: number;
  workout: { id: string; name: string; category: WorkoutCategory };
  blocks: StoredWorkoutBlock[];
}

const copyKey = (workoutId: string, week: number) => `${workoutId}#${week}`;

/** What is stored: no rules and no deloads is no progression. */
function progressionOf(values: { progression?: ProgramProgression | null }): ProgramProgression | null {
  const progression = values.progression;
  if (!progression || (progression.rules.length === 0 && progression.deloads.length === 0)) return null;
  return {
    rules: progression.rules.map((rule) => ({ ...rule, exerciseId: rule.exerciseId?.toLowerCase() ?? null })),
    deloads: [...progression.deloads].sort((a, b) => a.week - b.week),
  };
}

/** Workouts on day offsets, each day's in the order given. */
function positioned(list: readonly { day: number; workoutId: string }[]) {
  const perDay = new Map<number, number>();
  return list.map(({ day, workoutId }) => {
    const position = perDay.get(day) ?? 0;
    perDay.set(day, position + 1);
    return { day, workoutId: workoutId.toLowerCase(), position };
  });
}

/**
 * Programs (the spec's schedule templates) and their applications (issue 14, ADR 033), through the
 * organisation's TenantScope only.
 */
export class ProgramStore {
  constructor(
    private readonly tenant: TenantScope,
    /** The organisation's unit: a load written without one is in it. */
    private readonly weightUnit: WeightUnit = 'lb',
    /** How the organisation writes dates, for the athletes' notifications. */
    private readonly locale = 'en-US',
  ) {}

  async list(): Promise<ProgramSummary[]> {
    const rows = await this.tenant.selectFields(programs, summaryFields, { orderBy: [byName] });
    return rows.map(toSummary);
  }

  async program(programId: string, scope = this.tenant): Promise<Program> {
    const [row] = await scope.selectFields(programs, summaryFields, { where: eq(programs.id, programId) });
    if (!row) throw programNotFound();
    const list = await scope.selectFields(
      programWorkouts,
      {
        id: programWorkouts.id,
        day: programWorkouts.day,
        position: programWorkouts.position,
        workoutId: programWorkouts.workoutId,
      },
      {
        where: eq(programWorkouts.programId, row.id),
        orderBy: [asc(programWorkouts.day), asc(programWorkouts.position)],
      },
    );
    const refs = await scope.selectFields(
      workouts,
      {
        id: workouts.id,
        name: workouts.name,
        category: workouts.category,
        archivedAt: workouts.archivedAt,
        blocks: workouts.blocks,
      },
      { where: inArray(workouts.id, [...new Set(list.map((item) => item.workoutId))]) },
    );
    const byId = new Map(
      refs.map(({ archivedAt, blocks: _blocks, ...ref }) => [
        ref.id,
        { ...ref, archived: archivedAt !== null },
      ]),
    );
    const { progression } = (await scope.first(programs, eq(programs.id, row.id)))!;
    return {
      ...toSummary(row),
      progression,
      exercises: await this.exercisesOf(
        scope,
        refs.flatMap((ref) => ref.blocks),
      ),
      createdAt: row.createdAt.toISOString(),
      // program_workouts.workout_id has no cascade: a workout a program uses is archived, never deleted.
      workouts: list.map(({ workoutId, ...item }) => ({ ...item, workout: byId.get(workoutId)! })),
    };
  }

  async create(values: ProgramValues, createdBy: string): Promise<Program> {
    return this.saving(values.name, async (scope) => {
      await this.ensureNameFree(scope, values.name);
      await this.ensureWorkoutsUsable(scope, values.workouts, new Set());
      await this.ensureRulesForItsExercises(scope, values);
      return this.insertProgram(scope, values, positioned(values.workouts), createdBy);
    });
  }

  /** Replaces a program's name, description and workouts; an archived workout it already had may stay. */
  async update(programId: string, values: ProgramValues): Promise<Program> {
    return this.saving(values.name, async (scope) => {
      const current = await scope.first(programs, eq(programs.id, programId));
      if (!current) throw programNotFound();
      await this.ensureNameFree(scope, values.name, current.id);
      const had = await scope.selectFields(
        programWorkouts,
        { workoutId: programWorkouts.workoutId },
        { where: eq(programWorkouts.programId, current.id) },
      );
      await this.ensureWorkoutsUsable(scope, values.workouts, new Set(had.map((row) => row.workoutId)));
      await this.ensureRulesForItsExercises(scope, values);
      await scope.update(
        programs,
        {
          name: values.name,
          description: values.description ?? null,
          progression: progressionOf(values),
          updatedAt: new Date(),
        },
        eq(programs.id, current.id),
      );
      await scope.delete(programWorkouts, eq(programWorkouts.programId, current.id));
      await this.insertWorkouts(scope, current.id, positioned(values.workouts));
      return this.program(current.id, scope);
    });
  }

  /** Deletes a program; its applications stay on the calendar (they keep the program's name). */
  async delete(programId: string): Promise<{ name: string }> {
    const [deleted] = await this.tenant.delete(programs, eq(programs.id, programId));
    if (!deleted) throw programNotFound();
    return { name: deleted.name };
  }

  /** A copy named "X (copy)", "X (copy 2)", …. */
  async duplicate(programId: string, createdBy: string): Promise<Program> {
    const source = await this.program(programId);
    const name = await freeCopyName(this.tenant, programs, source.name, scheduleLimits.nameMaxLength);
    return this.saving(name, (scope) =>
      this.insertProgram(
        scope,
        { name, description: source.description, progression: source.progression },
        source.workouts.map(({ day, position, workout }) => ({ day, position, workoutId: workout.id })),
        createdBy,
      ),
    );
  }

  /** An athlete's or a group's calendar from `from` to `to` as a program: day 1 is `from`. */
  async fromSchedule(values: FromScheduleValues, createdBy: string): Promise<Program> {
    const target = await findTarget(this.tenant, values);
    const { entries, assignments } = await calendarRows(this.tenant, ownerOf(target), values);
    const items = [...entries, ...assignments];
    const snapshots = await this.tenant.selectFields(
      workoutSnapshots,
      { id: workoutSnapshots.id, workoutId: workoutSnapshots.workoutId },
      { where: inArray(workoutSnapshots.id, [...new Set(items.map((item) => item.snapshotId))]) },
    );
    const workoutOf = new Map(snapshots.map((row) => [row.id, row.workoutId]));
    const list = items.flatMap((item) => {
      const workoutId = workoutOf.get(item.snapshotId);
      return workoutId ? [{ day: calendarDaysFrom(values.from, item.date) + 1, workoutId }] : [];
    });
    if (list.length > scheduleLimits.programWorkoutsMax) {
      throw invalidFields({
        to: `A program holds at most ${scheduleLimits.programWorkoutsMax} workouts; this range has ${list.length}`,
      });
    }
    if (list.length === 0) {
      throw invalidFields({
        from: `Nothing is scheduled for ${targetName(target)} from ${spokenDate(values.from)} to ${spokenDate(values.to)}`,
      });
    }
    // What was scheduled stays usable as a plan, archived workouts included.
    return this.saving(values.name, async (scope) => {
      await this.ensureNameFree(scope, values.name);
      return this.insertProgram(scope, values, positioned(list), createdBy);
    });
  }

  // ——— Applications ———

  /** Every date and workout an application would make, what is on those dates already, and how many entries. */
  async preview(programId: string, values: ApplyValues): Promise<ProgramPreview> {
    const { program, plan, target, endDate, entryCount } = await this.plan(programId, values);
    const dates = new Set(plan.map((item) => item.date));
    const existing = await calendarItems(this.tenant, ownerOf(target), {
      from: values.startDate,
      to: endDate,
    });
    return {
      items: plan.map(({ date, day, workout }) => ({
        date,
        day,
        workout: { id: workout.id, name: workout.name, category: workout.category },
      })),
      existing: existing.filter((item) => dates.has(item.date)),
      entryCount,
      endDate,
      ...(await this.weeklyNumbers(plan, program.progression)),
    };
  }

  /** Puts the program on the calendar in one transaction, every item linked to the new application. */
  async apply(
    programId: string,
    values: ApplyValues,
    createdBy: string,
  ): Promise<{ application: ProgramApplication; message: string }> {
    const { program, plan, target, endDate, entryCount } = await this.plan(programId, values);
    ensureWithinLimit(entryCount, 'startDate', 'apply it to fewer athletes, or save a shorter program');
    return this.tenant.transaction(async (scope) => {
      const [application] = await scope.insert(programApplications, {
        programId: program.id,
        programName: program.name,
        athleteId: target.athlete?.id ?? null,
        groupId: target.group?.id ?? null,
        startDate: values.startDate,
        endDate,
        createdBy,
      });
      const copies = await this.weekCopies(scope, plan);
      const items = plan.map(({ date, workout, week }) => ({
        date,
        copy: copies.get(copyKey(workout.id, week))!,
        programApplicationId: application!.id,
      }));
      const placed = target.athlete
        ? { assignments: [], entries: await placeForAthlete(scope, target.athlete.id, items, createdBy) }
        : await placeForGroup(scope, target.group.id, items, createdBy);
      const made = placed.assignments.length + placed.entries.length;
      const athleteIds = [...new Set(placed.entries.map((entry) => entry.athleteId))];
      const span = { name: program.name, startDate: values.startDate, endDate };
      await notify(scope, programScheduled(athleteIds, span, this.locale), { actorId: createdBy });
      const [applied] = await this.applicationsWhere(scope, eq(programApplications.id, application!.id));
      await recordScheduleChange(scope, placed, { alsoActivity: true });
      return {
        application: applied!,
        message: `${program.name} is scheduled for ${targetName(target)} from ${spokenDate(values.startDate)} to ${spokenDate(endDate)} (${countOf(plan.length, 'workout')}${target.group ? `, ${countOf(made - plan.length, 'athlete entry', 'athlete entries')}` : ''}).`,
      };
    });
  }

  async applications(programId: string): Promise<ProgramApplication[]> {
    const program = await this.tenant.first(programs, eq(programs.id, programId));
    if (!program) throw programNotFound();
    return this.applicationsWhere(this.tenant, eq(programApplications.programId, program.id));
  }

  /**
   * Removes an application: its items that are not started go (a group's assignments with their members'
   * following entries); started and completed ones stay on the calendar as they are.
   */
  async removeApplication(applicationId: string): Promise<ScheduleBatchResponse> {
    return this.tenant.transaction(async (scope) => {
      const application = await scope.first(programApplications, eq(programApplications.id, applicationId));
      if (!application) throw applicationNotFound();
      const linked = await scope.selectFields(
        groupAssignments,
        { id: groupAssignments.id },
        { where: eq(groupAssignments.programApplicationId, application.id) },
      );
      const fromAssignments = await removeAssignments(
        scope,
        linked.map((row) => row.id),
      );
      const entries = await scope.delete(
        scheduleEntries,
        and(eq(scheduleEntries.programApplicationId, application.id), notStarted())!,
      );
      await scope.delete(programApplications, eq(programApplications.id, application.id));
      const count = fromAssignments.assignments.length + fromAssignments.entries.length + entries.length;
      await recordScheduleChange(scope, {
        entries: [...fromAssignments.entries, ...entries],
        assignments: fromAssignments.assignments,
      });
      return {
        message: `${application.programName} is removed from the schedule (${countOf(count, 'item')}); anything started or completed stays.`,
        count,
        batchId: null,
      };
    });
  }

  // ——— Helpers ———

  /** What applying a program from a start date makes: dates, workouts, its end and how many entries. */
  private async plan(programId: string, values: ApplyValues) {
    const [program, target] = await Promise.all([this.program(programId), findTarget(this.tenant, values)]);
    const blocks = await this.tenant.selectFields(
      workouts,
      { id: workouts.id, blocks: workouts.blocks },
      { where: inArray(workouts.id, [...new Set(program.workouts.map((item) => item.workout.id))]) },
    );
    const blocksOf = new Map(blocks.map((row) => [row.id, row.blocks]));
    const plan = program.workouts.map((item) => {
      const week = weekOfDay(item.day);
      return {
        date: addCalendarDays(values.startDate, item.day - 1),
        day: item.day,
        week,
        workout: item.workout,
        // This week's numbers: what the entry's copy of the workout will carry.
        blocks: progressBlocks(
          blocksOf.get(item.workout.id) ?? [],
          week,
          program.progression,
          this.weightUnit,
        ),
      };
    });
    const endDate = addCalendarDays(values.startDate, program.dayCount - 1);
    if (endDate > scheduleDateBounds.max) {
      throw invalidFields({
        startDate: `The program would end after ${scheduleDateBounds.max}: choose an earlier start`,
      });
    }
    const members = target.group ? (await groupMemberIds(this.tenant, target.group.id)).length : 0;
    const entryCount = target.group ? plan.length * (members + 1) : plan.length;
    return { program, plan, target: target satisfies ScheduleTarget, endDate, entryCount };
  }

  /**
   * The copies an application's items point at: the library version's own copy for a week with the numbers as
   * written, otherwise one copy per workout version and week's numbers (keyed by a hash of its blocks, so the
   * same week applied again shares it). Each is made in the transaction; history keeps them as they were.
   */
  private async weekCopies(scope: TenantScope, plan: readonly PlannedWorkout[]) {
    const plain = await workoutCopies(
      scope,
      plan.map((item) => item.workout.id),
    );
    const current = await scope.selectFields(
      workouts,
      {
        id: workouts.id,
        version: workouts.version,
        name: workouts.name,
        category: workouts.category,
        notes: workouts.notes,
        blocks: workouts.blocks,
      },
      { where: inArray(workouts.id, [...plain.keys()]) },
    );
    const byId = new Map(current.map((row) => [row.id, row]));
    const copies = new Map<string, WorkoutCopy>();
    const progressed: {
      key: string;
      workoutId: string;
      progressionKey: string;
      blocks: (typeof current)[0]['blocks'];
    }[] = [];
    for (const item of plan) {
      const key = copyKey(item.workout.id, item.week);
      const workout = byId.get(item.workout.id)!;
      const asWritten = JSON.stringify(item.blocks) === JSON.stringify(workout.blocks);
      if (asWritten) copies.set(key, plain.get(workout.id)!);
      else if (!progressed.some((row) => row.key === key)) {
        const progressionKey = createHash('sha256')
          .update(`${workout.version}:${JSON.stringify(item.blocks)}`)
          .digest('hex');
        progressed.push({ key, workoutId: workout.id, progressionKey, blocks: item.blocks });
      }
    }
    if (progressed.length === 0) return copies;
    // Two applications at once may make the same week's copy: the unique index keeps one.
    await scope.insertMissing(
      workoutSnapshots,
      progressed.map(({ workoutId, progressionKey, blocks }) => {
        const workout = byId.get(workoutId)!;
        return {
          workoutId,
          version: workout.version,
          name: workout.name,
          category: workout.category,
          notes: workout.notes,
          blocks,
          progressionKey,
        };
      }),
    );
    const made = await scope.selectFields(
      workoutSnapshots,
      {
        id: workoutSnapshots.id,
        workoutId: workoutSnapshots.workoutId,
        progressionKey: workoutSnapshots.progressionKey,
      },
      {
        where: and(
          inArray(workoutSnapshots.workoutId, [...new Set(progressed.map((row) => row.workoutId))]),
          inArray(
            workoutSnapshots.progressionKey,
            progressed.map((row) => row.progressionKey),
          ),
        ),
      },
    );
    for (const row of progressed) {
      const snapshot = made.find(
        (candidate) =>
          candidate.workoutId === row.workoutId && candidate.progressionKey === row.progressionKey,
      );
      copies.set(row.key, { ...plain.get(row.workoutId)!, snapshotId: snapshot!.id });
    }
    return copies;
  }

  /** The preview's weeks and, for each exercise of each workout, its sets in the weeks the workout is in. */
  private async weeklyNumbers(plan: readonly PlannedWorkout[], progression: ProgramProgression | null) {
    const weekCount = Math.max(0, ...plan.map((item) => item.week));
    const weeks = Array.from({ length: weekCount }, (_, index) => ({
      week: index + 1,
      deloadPercent: progression?.deloads.find((deload) => deload.week === index + 1)?.volumePercent ?? null,
    }));
    const names = new Map(
      (
        await this.exercisesOf(
          this.tenant,
          plan.flatMap((item) => item.blocks),
        )
      ).map((exercise) => [exercise.id, exercise.name]),
    );
    const rows = new Map<
      string,
      {
        workout: { id: string; name: string };
        exercise: { id: string; name: string };
        weeks: { week: number; sets: PrescribedSet[] }[];
      }
    >();
    for (const item of plan) {
      for (const exercise of item.blocks.flatMap((block) => block.exercises)) {
        const key = `${item.workout.id}/${exercise.id}`;
        const row = rows.get(key) ?? {
          workout: { id: item.workout.id, name: item.workout.name },
          exercise: { id: exercise.exerciseId, name: names.get(exercise.exerciseId) ?? 'Exercise' },
          weeks: [],
        };
        // A workout twice in a week has that week's numbers both times.
        if (!row.weeks.some((week) => week.week === item.week))
          row.weeks.push({ week: item.week, sets: exercise.sets });
        rows.set(key, row);
      }
    }
    return { weeks, exercises: [...rows.values()] };
  }

  /** The exercises these blocks use, once each, in the order they first come. */
  private async exercisesOf(scope: TenantScope, blocks: readonly StoredWorkoutBlock[]) {
    const ids = [...new Set(blocks.flatMap((block) => block.exercises.map((item) => item.exerciseId)))];
    if (ids.length === 0) return [];
    const rows = await scope.selectFields(
      exercises,
      { id: exercises.id, name: exercises.name },
      { where: inArray(exercises.id, ids) },
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  }

  /** A rule for one exercise names an exercise the program's workouts use (400 at its path). */
  private async ensureRulesForItsExercises(scope: TenantScope, values: ProgramValues) {
    const rules = values.progression?.rules ?? [];
    if (!rules.some((rule) => rule.exerciseId)) return;
    const used = await scope.selectFields(
      workouts,
      { blocks: workouts.blocks },
      {
        where: inArray(workouts.id, [
          ...new Set(values.workouts.map((item) => item.workoutId.toLowerCase())),
        ]),
      },
    );
    const ids = new Set(
      used.flatMap((row) => row.blocks.flatMap((block) => block.exercises.map((item) => item.exerciseId))),
    );
    const fields: Record<string, string> = {};
    rules.forEach((rule, index) => {
      if (rule.exerciseId && !ids.has(rule.exerciseId.toLowerCase())) {
        fields[`progression.rules.${index}.exerciseId`] = 'No workout of this program has this exercise';
      }
    });
    if (Object.keys(fields).length > 0) throw invalidFields(fields);
  }

  private async applicationsWhere(scope: TenantScope, where: SQL): Promise<ProgramApplication[]> {
    const rows = await scope.selectFields(
      programApplications,
      {
        id: programApplications.id,
        programId: programApplications.programId,
        programName: programApplications.programName,
        athleteId: programApplications.athleteId,
        groupId: programApplications.groupId,
        startDate: programApplications.startDate,
        endDate: programApplications.endDate,
        createdAt: programApplications.createdAt,
        itemCount: itemCountField,
      },
      { where, orderBy: [desc(programApplications.createdAt), asc(programApplications.id)] },
    );
    const [athletes, groups] = await Promise.all([
      athleteRefs(
        scope,
        rows.flatMap((row) => (row.athleteId ? [row.athleteId] : [])),
      ),
      groupRefs(
        scope,
        rows.flatMap((row) => (row.groupId ? [row.groupId] : [])),
      ),
    ]);
    return rows.map(({ athleteId, groupId, createdAt, ...row }) => ({
      ...row,
      athlete: (athleteId && athletes.get(athleteId)) || null,
      group: (groupId && groups.get(groupId)) || null,
      createdAt: createdAt.toISOString(),
    }));
  }

  /** Every workout is the organisation's and not archived, unless the program already had it (400 at its path). */
  private async ensureWorkoutsUsable(
    scope: TenantScope,
    list: ProgramValues['workouts'],
    alreadyUsed: ReadonlySet<string>,
  ) {
    const ids = [...new Set(list.map((item) => item.workoutId.toLowerCase()))];
    const found = await scope.selectFields(
      workouts,
      { id: workouts.id, name: workouts.name, archivedAt: workouts.archivedAt },
      { where: inArray(workouts.id, ids) },
    );
    const byId = new Map(found.map((row) => [row.id, row]));
    const fields: Record<string, string> = {};
    list.forEach((item, index) => {
      const workout = byId.get(item.workoutId.toLowerCase());
      if (!workout) fields[`workouts.${index}.workoutId`] = 'There is no such workout in your library';
      else if (workout.archivedAt && !alreadyUsed.has(workout.id)) {
        fields[`workouts.${index}.workoutId`] =
          `${workout.name} is archived: restore it in the library or choose another workout`;
      }
    });
    if (Object.keys(fields).length > 0) throw invalidFields(fields);
  }

  private async insertProgram(
    scope: TenantScope,
    values: Pick<ProgramValues, 'name' | 'description' | 'progression'>,
    list: { day: number; position: number; workoutId: string }[],
    createdBy: string,
  ): Promise<Program> {
    const [created] = await scope.insert(programs, {
      name: values.name,
      description: values.description ?? null,
      progression: progressionOf(values),
      createdBy,
    });
    await this.insertWorkouts(scope, created!.id, list);
    return this.program(created!.id, scope);
  }

  private async insertWorkouts(
    scope: TenantScope,
    programId: string,
    list: { day: number; position: number; workoutId: string }[],
  ) {
    await scope.insert(
      programWorkouts,
      list.map((item) => ({ ...item, programId })),
    );
  }

  /** Names are unique in the organisation whatever their case. */
  private async ensureNameFree(scope: TenantScope, name: string, exceptId?: string) {
    const sameName = sql`lower(${programs.name}) = lower(${name})`;
    const [clash] = await scope.selectFields(
      programs,
      { name: programs.name },
      { where: exceptId ? and(sameName, ne(programs.id, exceptId)) : sameName, limit: 1 },
    );
    if (clash) throw invalidFields({ name: `There is already a program called ${clash.name}` });
  }

  /** Runs a program's writes in one transaction; the unique index's refusal (two saves at once) is the same 400. */
  private async saving<T>(name: string, work: (scope: TenantScope) => Promise<T>): Promise<T> {
    try {
      return await this.tenant.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error))
        throw invalidFields({ name: `There is already a program called ${name}` });
      throw error;
    }
  }
}

/** The programs of the signed-in user's organisation. */
export const programsOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new ProgramStore(c.var.tenant, c.var.viewer.organization.weightUnit, c.var.viewer.organization.locale);
