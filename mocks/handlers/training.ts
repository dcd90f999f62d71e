import type {
  Activity,
  AthleteMax,
  BlockExercise,
  CompletedWorkoutSummary,
  LogCorrection,
  LoggedSet,
  PersonalRecord,
  ScheduleItemDetail,
  Workout,
  WorkoutLog,
} from '@contract';
import {
  activityListResponseSchema,
  activityQuerySchema,
  athleteMaxListResponseSchema,
  athleteMaxResponseSchema,
  athleteTrainingResponseSchema,
  completedWorkoutListResponseSchema,
  completedWorkoutQuerySchema,
  correctWorkoutLogRequestSchema,
  errorCodes,
  estimatedOneRm,
  exerciseHistoryQuerySchema,
  exerciseHistoryResponseSchema,
  recordMaxRequestSchema,
  scheduleItemResponseSchema,
  weekComplianceResponseSchema,
  workoutLogResponseSchema,
} from '@contract';
import { takesOneRm } from '@contract/strength';
import { addDays, format, parseISO } from 'date-fns';
import { demoGroups, demoPeople, demoUsers } from '../data';
import { demoExercises, demoWorkouts } from '../library-data';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';
import { demoToday } from './schedule';

/* Completed workouts, an athlete's training, activities and the week's compliance (issue 15's results screens). */

const shift = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');
const personRef = (id: string) => {
  const person = demoPeople.find((candidate) => candidate.id === id) ?? demoPeople[2]!;
  return { id: person.id, firstName: person.firstName, lastName: person.lastName };
};
const athleteIds = demoPeople
  .filter((person) => person.role === 'athlete' && person.status === 'approved')
  .map((person) => person.id);
const coachRef = personRef(demoUsers.coach.id);

/** A fixed id for the n-th thing of a kind, so tests can name them. */
const idOf = (kind: number, n: number) =>
  `0d7e${String(kind).padStart(4, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The demo athlete's completed "Lower Body Strength A" of yesterday, which the tests open. */
export const demoLogId = idOf(1, 1);
export const demoEntryId = idOf(2, 1);

type Performed = Partial<Pick<LoggedSet, 'reps' | 'load' | 'rpe' | 'timeSeconds' | 'done'>>;

interface StoredLog {
  log: WorkoutLog;
  workout: Workout;
  groupIds: string[];
}

/** The sets of a block exercise as done: one per round and prescribed set unless told otherwise. */
function setsOf(
  exercise: BlockExercise,
  performed: Performed[],
  changedAt: string,
  changedBy: LoggedSet['changedBy'],
  nextId: () => string,
): LoggedSet[] {
  return performed.map((done, index) => {
    const reps = done.reps ?? null;
    const load = done.load ?? null;
    return {
      id: nextId(),
      blockExerciseId: exercise.id,
      exerciseId: exercise.exerciseId,
      exerciseName: exercise.exercise.name,
      setNumber: index + 1,
      reps,
      load,
      loadUnit: load === null ? null : 'lb',
      rpe: done.rpe ?? null,
      timeSeconds: done.timeSeconds ?? null,
      distance: null,
      distanceUnit: null,
      velocityMph: null,
      done: done.done ?? true,
      removed: false,
      estimatedOneRm: estimatedOneRm(load, reps),
      changedAt,
      changedBy,
    };
  });
}

function summaryOf({ log }: StoredLog): CompletedWorkoutSummary {
  return {
    logId: log.id,
    entryId: log.entryId,
    date: log.date,
    athlete: log.athlete,
    workoutName: log.workoutName,
    category: log.category,
    finishedAt: log.finishedAt ?? log.startedAt,
    durationSeconds: log.durationSeconds,
    sessionRpe: log.sessionRpe,
    doneSetCount: log.doneSetCount,
    volume: log.volume,
    volumeUnit: log.volumeUnit,
    recordCount: log.records.length,
    finishedBy: log.finishedBy,
    corrected: log.corrections.length > 0,
  };
}

/** What a log adds up to once its sets change (a correction): sets done and the volume lifted. */
function recount(log: WorkoutLog) {
  const done = log.sets.filter((set) => set.done && !set.removed);
  log.doneSetCount = done.length;
  log.volume = done.reduce((sum, set) => sum + (set.reps ?? 0) * (set.load ?? 0), 0);
  for (const set of log.sets) set.estimatedOneRm = estimatedOneRm(set.load, set.reps);
}

/**
 * The completed workouts of the demo organisation over the last four weeks (one a day, the athletes in turn; the
 * demo athlete's of yesterday has records and a correction), with their entries, maxes and activities. Tests that
 * write install a fresh copy: `server.use(...completedWorkoutHandlers())`; its fake of an entry answers only the
 * entries of these logs, so use it apart from the schedule's fakes.
 */
export function completedWorkoutHandlers() {
  const today = demoToday();
  const [lower, armCare] = demoWorkouts as [Workout, Workout];
  const stored: StoredLog[] = [];
  const maxes = new Map<string, AthleteMax[]>();
  let sequence = 0;
  const nextId = () => idOf(9, ++sequence);

  for (let day = 1; day <= 28; day += 1) {
    const athleteId = day === 1 ? demoUsers.athlete.id : athleteIds[day % athleteIds.length]!;
    const athlete = personRef(athleteId);
    const workout = day % 4 === 3 ? armCare : lower;
    const date = shift(today, -day);
    const logId = idOf(1, day);
    const startedAt = `${date}T15:30:00.000-06:00`;
    const finishedAt = `${date}T16:22:00.000-06:00`;
    const finishedBy = day % 4 === 0 ? coachRef : athlete;
    const heavy = 185 + ((28 - day) % 10) * 5;
    const sets: LoggedSet[] = [];
    for (const block of workout.blocks) {
      for (const exercise of block.exercises) {
        const count = Math.max(block.rounds, 1) * exercise.sets.length;
        const performed: Performed[] = Array.from({ length: count }, (_, index) => {
          if (exercise.exerciseId === demoWorkouts[0]!.blocks[0]!.exercises[0]!.exerciseId) {
            // The main lift: the last set heavier; yesterday's last set one rep short.
            const last = index === count - 1;
            return { reps: day === 1 && last ? 4 : 5, load: last ? heavy + 10 : heavy, rpe: last ? 8.5 : 7 };
          }
          const prescribed = exercise.sets[0];
          if (prescribed?.load) return { reps: prescribed.reps ?? 5, load: prescribed.load };
          if (exercise.exercise.measures.includes('load')) return { reps: 8, load: 50, rpe: 7 };
          return { reps: 15 };
        });
        sets.push(...setsOf(exercise, performed, finishedAt, finishedBy, nextId));
      }
    }
    const log: WorkoutLog = {
      id: logId,
      entryId: idOf(2, day),
      date,
      athlete,
      workoutName: workout.name,
      category: workout.category,
      status: 'completed',
      startedAt,
      finishedAt,
      durationSeconds: 52 * 60,
      sessionRpe: 7,
      notes: day === 1 ? 'Felt strong; the last set was grindy.' : null,
      startedBy: athlete,
      finishedBy,
      exercises: workout.blocks.flatMap((block) =>
        block.exercises.map((exercise) => ({
          blockExerciseId: exercise.id,
          exerciseId: exercise.exerciseId,
          exerciseName: exercise.exercise.name,
          notes:
            day === 1 && exercise.exercise.measures.includes('rpe') && block.rounds > 1
              ? 'Left knee fine.'
              : null,
          changedAt: finishedAt,
        })),
      ),
      sets,
      records: [],
      corrections: [],
      volume: 0,
      volumeUnit: 'lb',
      doneSetCount: 0,
    };
    recount(log);
    stored.push({
      log,
      workout,
      groupIds: demoPeople.find((person) => person.id === athleteId)?.groups.map((group) => group.id) ?? [],
    });
  }

  // Yesterday's log of the demo athlete: two records from its heaviest set, and a coach's earlier correction.
  const yesterday = stored[0]!.log;
  const mainSets = yesterday.sets.filter((set) => set.blockExerciseId === lower.blocks[0]!.exercises[0]!.id);
  const topSet = mainSets.at(-2)!;
  const recordOf = (
    kind: PersonalRecord['kind'],
    value: number,
    previous: number | null,
  ): PersonalRecord => ({
    id: nextId(),
    kind,
    athlete: yesterday.athlete,
    exerciseId: topSet.exerciseId,
    exerciseName: topSet.exerciseName,
    workoutLogId: yesterday.id,
    setId: topSet.id,
    value,
    unit: 'lb',
    load: null,
    previous,
    achievedAt: yesterday.finishedAt!,
  });
  yesterday.records = [recordOf('estimated_one_rm', 268.3, 262.5), recordOf('heaviest_load', 230, 225)];
  topSet.load = 230;
  topSet.reps = 5;
  recount(yesterday);
  yesterday.corrections = [
    {
      id: nextId(),
      correctedBy: coachRef,
      correctedAt: `${yesterday.date}T18:05:00.000-06:00`,
      reason: 'Counted wrong on the second set',
      changes: [{ target: mainSets[1]!.id, field: 'reps', before: 4, after: 5 }],
    },
  ];
  maxes.set(demoUsers.athlete.id, [
    {
      id: nextId(),
      exerciseId: topSet.exerciseId,
      exerciseName: topSet.exerciseName,
      kind: 'one_rm',
      value: 268.3,
      unit: 'lb',
      source: 'estimated',
      setId: topSet.id,
      recordedOn: yesterday.date,
      recordedBy: null,
    },
  ]);

  const find = (logId: string) => stored.find(({ log }) => log.id === logId);
  const forbidden = () =>
    apiError(403, { code: errorCodes.forbidden, message: 'You do not have permission to do this.' });
  const missing = () =>
    apiError(404, {
      code: errorCodes.notFound,
      message: 'This completed workout is not in your organisation.',
    });
  /** Athletes read their own; staff their organisation's. */
  const mayRead = (viewer: NonNullable<ReturnType<typeof requestUser>>, athleteId: string) =>
    viewer.role !== 'athlete' || viewer.id === athleteId;
  const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
  const newestFirst = (a: StoredLog, b: StoredLog) => b.log.finishedAt!.localeCompare(a.log.finishedAt!);

  const entryOf = ({ log, workout }: StoredLog): ScheduleItemDetail => ({
    id: log.entryId,
    kind: 'entry',
    date: log.date,
    position: 0,
    timeOfDay: null,
    name: workout.name,
    category: workout.category,
    status: 'completed',
    athlete: log.athlete,
    group: null,
    assignmentId: null,
    programApplicationId: null,
    progress: null,
    skipReason: null,
    members: null,
    workout: {
      workoutId: workout.id,
      version: workout.version,
      name: workout.name,
      category: workout.category,
      notes: workout.notes,
      blocks: workout.blocks,
      libraryVersion: null,
    },
  });

  // The demo's activities have no likes or comments; tests of reactions install mocks/handlers/activities.ts.
  const noReactions = { likes: 0, likedByMe: false, comments: 0 };
  const activities = (): Activity[] =>
    [...stored].sort(newestFirst).flatMap(({ log }): Activity[] => [
      ...log.records.map((record) => ({
        id: record.id,
        kind: 'record_set' as const,
        actor: log.athlete,
        athlete: log.athlete,
        title: `${record.exerciseName}: ${recordKindWords[record.kind]} ${record.value} ${record.unit}`,
        workoutLogId: log.id,
        createdAt: record.achievedAt,
        ...noReactions,
      })),
      {
        id: idOf(3, Number(log.id.slice(-12))),
        kind: 'workout_completed' as const,
        actor: log.finishedBy,
        athlete: log.athlete,
        title: log.workoutName,
        workoutLogId: log.id,
        createdAt: log.finishedAt!,
        ...noReactions,
      },
    ]);

  const historyOf = (athleteId: string, exerciseId: string, from?: string, to?: string) =>
    stored
      .filter(({ log }) => log.athlete.id === athleteId)
      .filter(({ log }) => (!from || log.date >= from) && (!to || log.date <= to))
      .sort((a, b) => a.log.date.localeCompare(b.log.date))
      .flatMap(({ log }) => {
        const sets = log.sets.filter((set) => set.exerciseId === exerciseId && set.done && !set.removed);
        if (sets.length === 0) return [];
        const estimates = sets.map((set) => set.estimatedOneRm).filter((value) => value !== null);
        const loaded = sets.filter((set) => set.load !== null && set.reps !== null);
        const top = loaded.reduce<LoggedSet | null>(
          (best, set) => (!best || (set.load ?? 0) > (best.load ?? 0) ? set : best),
          null,
        );
        return [
          {
            date: log.date,
            logId: log.id,
            estimatedOneRm: estimates.length > 0 ? Math.round(Math.max(...estimates) * 10) / 10 : null,
            topSet: top ? { load: top.load ?? 0, reps: top.reps ?? 0 } : null,
            bestVelocityMph: null,
            doneSets: sets.length,
          },
        ];
      });

  return [
    apiRoute(
      {
        method: 'get',
        path: '/api/completed-workouts',
        responses: { 200: completedWorkoutListResponseSchema },
      },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const query = completedWorkoutQuerySchema.safeParse(queryOf(request));
        if (!query.success) return validationFailure(query.error);
        const { page, size, athleteId, groupId, category, from, to } = query.data;
        const matching = stored
          .filter(({ log }) => (viewer.role === 'athlete' ? log.athlete.id === viewer.id : true))
          .filter(({ log }) => !athleteId || log.athlete.id === athleteId)
          .filter(({ groupIds }) => !groupId || groupIds.includes(groupId))
          .filter(({ log }) => !category || log.category === category)
          .filter(({ log }) => (!from || log.date >= from) && (!to || log.date <= to))
          .sort(newestFirst);
        return reply(200, {
          data: matching.slice(page * size, (page + 1) * size).map(summaryOf),
          page,
          size,
          total: matching.length,
        });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/workout-logs/{logId}', responses: { 200: workoutLogResponseSchema } },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const found = find(params.logId);
        if (!found) return missing();
        if (!mayRead(viewer, found.log.athlete.id)) return forbidden();
        return reply(200, { message: 'OK', data: found.log });
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/workout-logs/{logId}/corrections',
        responses: { 200: workoutLogResponseSchema },
      },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (viewer.role === 'athlete') return forbidden();
        const found = find(params.logId);
        if (!found) return missing();
        const body = correctWorkoutLogRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const { log } = found;
        const changes: LogCorrection['changes'] = [];
        for (const [field, after] of Object.entries(body.data.session ?? {})) {
          const key = field as 'durationSeconds' | 'sessionRpe' | 'notes';
          if (after === undefined || log[key] === after) continue;
          changes.push({ target: 'session', field, before: log[key], after });
          Object.assign(log, { [key]: after });
        }
        for (const { id, ...fields } of body.data.sets) {
          const set = log.sets.find((candidate) => candidate.id === id);
          if (!set) {
            return apiError(400, {
              code: errorCodes.validation,
              message: 'Check the highlighted fields.',
              fields: { sets: 'A set is not in this workout' },
            });
          }
          for (const [field, after] of Object.entries(fields)) {
            const key = field as keyof typeof fields;
            if (after === undefined || set[key] === after) continue;
            changes.push({ target: id, field, before: set[key], after });
            Object.assign(set, { [key]: after });
          }
        }
        log.corrections.push({
          id: nextId(),
          correctedBy: personRef(viewer.id),
          correctedAt: new Date().toISOString(),
          reason: body.data.reason || null,
          changes,
        });
        recount(log);
        return reply(200, { message: 'The correction is saved.', data: log });
      },
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/schedule/entries/{entryId}',
        responses: { 200: scheduleItemResponseSchema },
      },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const found = stored.find(({ log }) => log.entryId === params.entryId);
        if (!found) {
          return apiError(404, {
            code: errorCodes.notFound,
            message: 'This workout is not on the schedule.',
          });
        }
        if (!mayRead(viewer, found.log.athlete.id)) return forbidden();
        return reply(200, { message: 'OK', data: entryOf(found) });
      },
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/athletes/{athleteId}/training',
        responses: { 200: athleteTrainingResponseSchema },
      },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (!mayRead(viewer, params.athleteId)) return forbidden();
        const logs = stored.filter(({ log }) => log.athlete.id === params.athleteId);
        const counts = new Map<string, { id: string; name: string; doneSets: number; takesOneRm: boolean }>();
        for (const set of logs.flatMap(({ log }) => log.sets)) {
          if (!set.done || set.removed) continue;
          const exercise = demoExercises.find((candidate) => candidate.id === set.exerciseId);
          const entry = counts.get(set.exerciseId) ?? {
            id: set.exerciseId,
            name: set.exerciseName,
            doneSets: 0,
            takesOneRm: exercise ? takesOneRm(exercise) : false,
          };
          entry.doneSets += 1;
          counts.set(set.exerciseId, entry);
        }
        const within = (days: number) => logs.filter(({ log }) => log.date > shift(today, -days)).length;
        return reply(200, {
          exercises: [...counts.values()].sort((a, b) => b.doneSets - a.doneSets),
          maxes: maxes.get(params.athleteId) ?? [],
          records: logs.flatMap(({ log }) => log.records),
          compliance: ([7, 30, 90] as const).map((days) => {
            // Besides the logged workouts, the fake missed one a month, had one skipped by the coach in the
            // last 30 days, and has today's still to do.
            const completed = within(days);
            const missed = Math.ceil(days / 30);
            const due = completed + missed;
            return {
              days,
              completed,
              missed,
              skipped: days >= 30 ? 1 : 0,
              openToday: 1,
              due,
              rate: due === 0 ? null : Math.round((completed / due) * 1000) / 1000,
            };
          }),
        });
      },
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/athletes/{athleteId}/history',
        responses: { 200: exerciseHistoryResponseSchema },
      },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (!mayRead(viewer, params.athleteId)) return forbidden();
        const query = exerciseHistoryQuerySchema.safeParse(queryOf(request));
        if (!query.success) return validationFailure(query.error);
        const name =
          stored.flatMap(({ log }) => log.sets).find((set) => set.exerciseId === query.data.exerciseId)
            ?.exerciseName ?? 'Exercise';
        return reply(200, {
          exercise: { id: query.data.exerciseId, name },
          unit: 'lb',
          points: historyOf(params.athleteId, query.data.exerciseId, query.data.from, query.data.to),
        });
      },
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/athletes/{athleteId}/maxes',
        responses: { 200: athleteMaxListResponseSchema },
      },
      ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (!mayRead(viewer, params.athleteId)) return forbidden();
        return reply(200, { data: maxes.get(params.athleteId) ?? [] });
      },
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/athletes/{athleteId}/maxes',
        responses: { 201: athleteMaxResponseSchema },
      },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (viewer.role === 'athlete') return forbidden();
        const body = recordMaxRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const name =
          [...demoWorkouts.flatMap((workout) => workout.blocks.flatMap((block) => block.exercises))].find(
            (exercise) => exercise.exerciseId === body.data.exerciseId,
          )?.exercise.name ?? 'Exercise';
        const max: AthleteMax = {
          id: nextId(),
          exerciseId: body.data.exerciseId,
          exerciseName: name,
          kind: body.data.kind,
          value: body.data.value,
          unit: body.data.unit,
          source: 'tested',
          setId: null,
          recordedOn: body.data.testedOn,
          recordedBy: personRef(viewer.id),
        };
        const current = (maxes.get(params.athleteId) ?? []).filter(
          (other) => !(other.exerciseId === max.exerciseId && other.kind === max.kind),
        );
        maxes.set(params.athleteId, [max, ...current]);
        return reply(201, { message: `${name}: ${max.value} ${max.unit} is recorded.`, data: max });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/activities', responses: { 200: activityListResponseSchema } },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const query = activityQuerySchema.safeParse(queryOf(request));
        if (!query.success) return validationFailure(query.error);
        const { page, size, kind } = query.data;
        const matching = activities().filter((activity) => !kind || activity.kind === kind);
        return reply(200, {
          data: matching.slice(page * size, (page + 1) * size),
          page,
          size,
          total: matching.length,
        });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/compliance/week', responses: { 200: weekComplianceResponseSchema } },
      ({ request, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        if (viewer.role === 'athlete') return forbidden();
        return reply(200, {
          from: shift(today, -3),
          to: today,
          groups: demoGroups.map((group, index) => {
            // Three days gone by, each member's workouts done but a few; the n-th group had n skipped.
            const due = group.memberCount * 3;
            const completed = Math.max(due - index * 2 - 1, 0);
            return {
              group: { id: group.id, name: group.name },
              completed,
              missed: due - completed,
              skipped: index,
              openToday: group.memberCount,
              due,
              rate: due === 0 ? null : Math.round((completed / due) * 1000) / 1000,
            };
          }),
        });
      },
    ),
  ];
}

const recordKindWords: Record<PersonalRecord['kind'], string> = {
  estimated_one_rm: 'best estimated 1RM',
  heaviest_load: 'heaviest load',
  most_reps_at_load: 'most reps at a load',
  best_velocity: 'best velocity',
};
