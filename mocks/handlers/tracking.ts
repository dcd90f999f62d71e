import type {
  AthleteMax,
  ExerciseHistoryResponse,
  LoggedExercise,
  LoggedSet,
  PersonalRecord,
  User,
  WorkoutLog,
} from '@contract';
import {
  athleteMaxListResponseSchema,
  errorCodes,
  estimatedOneRm,
  exerciseHistoryResponseSchema,
  finishWorkoutLogRequestSchema,
  loggedExerciseResponseSchema,
  loggedSetResponseSchema,
  startWorkoutLogRequestSchema,
  upsertLoggedExerciseRequestSchema,
  upsertLoggedSetRequestSchema,
  workoutLogLookupResponseSchema,
  workoutLogResponseSchema,
} from '@contract';
import { convertLoad } from '@contract/training-vocabulary';
import { demoSettings, demoUsers } from '../data';
import { demoExercises } from '../library-data';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';
import { fakeScheduleEntries } from './schedule';

/**
 * The tracking API (issue 15) as the server keeps it, for the web tests: one log per entry with ids made on the
 * device, one row per set id whose later change wins (`changedAt`), finish twice = a no-op, and the
 * `Idempotency-Key` of ADR 004 (a replay gets the stored answer and is not applied again). It counts what it
 * received per set, so a test can say "each set arrived once". Entries come from the schedule fake, whose
 * status follows (in_progress, completed).
 */

const trapBar = demoExercises[0]!;

/** The demo athlete's maxes and last time at the trap-bar deadlift. */
export const demoAthleteTraining = {
  maxes: [
    {
      id: '3c1d7a10-0000-4000-8000-000000000001',
      exerciseId: trapBar.id,
      exerciseName: trapBar.name,
      kind: 'one_rm',
      value: 315,
      unit: 'lb',
      source: 'tested',
      setId: null,
      recordedOn: '2026-10-01',
      recordedBy: null,
    },
  ] satisfies AthleteMax[],
  lastTime: {
    date: '2026-11-17',
    logId: '3c1d7a10-0000-4000-8000-0000000000aa',
    estimatedOneRm: 274,
    topSet: { load: 235, reps: 5 },
    bestVelocityMph: null,
    doneSets: 4,
  },
};

interface StoredLog {
  log: Omit<WorkoutLog, 'sets' | 'exercises' | 'volume' | 'volumeUnit' | 'doneSetCount' | 'records'>;
  sets: Map<string, LoggedSet>;
  exercises: Map<string, LoggedExercise>;
  records: PersonalRecord[];
}

const personRef = (user: Pick<User, 'id' | 'firstName' | 'lastName'>) => ({
  id: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
});

export function createTrackingFake() {
  const logs = new Map<string, StoredLog>();
  const answers = new Map<string, { status: number; body: unknown }>();
  /** Requests that reached the fake, per set id (replays included). */
  const setRequests = new Map<string, number>();
  /** Set writes applied (not replays), per set id. */
  const setWrites = new Map<string, number>();
  const maxes = new Map<string, AthleteMax[]>([[demoUsers.athlete.id, demoAthleteTraining.maxes]]);

  const exerciseName = (stored: StoredLog | undefined, exerciseId: string) =>
    demoExercises.find((exercise) => exercise.id === exerciseId)?.name ??
    stored?.log.workoutName ??
    'Exercise';

  const logOf = (stored: StoredLog): WorkoutLog => {
    const sets = [...stored.sets.values()].sort(
      (a, b) => a.blockExerciseId.localeCompare(b.blockExerciseId) || a.setNumber - b.setNumber,
    );
    const done = sets.filter((loggedSet) => loggedSet.done && !loggedSet.removed);
    const volume = done.reduce(
      (sum, loggedSet) =>
        loggedSet.reps !== null && loggedSet.load !== null
          ? sum +
            loggedSet.reps * convertLoad(loggedSet.load, loggedSet.loadUnit ?? 'lb', demoSettings.weightUnit)
          : sum,
      0,
    );
    return {
      ...stored.log,
      sets,
      exercises: [...stored.exercises.values()],
      records: stored.records,
      volume: Math.round(volume * 10) / 10,
      volumeUnit: demoSettings.weightUnit,
      doneSetCount: done.length,
    };
  };

  const refused = (status: 403 | 404, message: string) =>
    apiError(status, { code: status === 403 ? errorCodes.forbidden : errorCodes.notFound, message });

  /** The signed-in user and the log, when that user may write it. */
  const access = (request: Request, logId: string) => {
    const viewer = requestUser(request);
    if (!viewer) return { failure: unauthorized() };
    const stored = logs.get(logId);
    if (!stored) return { failure: refused(404, 'This workout log does not exist.') };
    if (viewer.role === 'athlete' && stored.log.athlete.id !== viewer.id) {
      return { failure: refused(403, 'You can track only your own workouts.') };
    }
    return { viewer, stored };
  };

  /** ADR 004: a key already answered gets its stored answer; the first answer (below 500) is kept. */
  const once = async (request: Request, apply: (viewer: User) => Promise<Response> | Response) => {
    const viewer = requestUser(request);
    if (!viewer) return unauthorized();
    const key = request.headers.get('Idempotency-Key');
    const stored = key ? answers.get(`${viewer.id}:${key}`) : undefined;
    if (stored) return Response.json(stored.body, { status: stored.status });
    const response = await apply(viewer);
    if (key && response.status < 500) {
      answers.set(`${viewer.id}:${key}`, { status: response.status, body: await response.clone().json() });
    }
    return response;
  };

  /** The records a done set beats: its estimated 1RM against the athlete's current max. */
  const recordsOf = (stored: StoredLog, loggedSet: LoggedSet): PersonalRecord[] => {
    if (!loggedSet.done || loggedSet.removed || loggedSet.estimatedOneRm === null) return [];
    const max = maxes
      .get(stored.log.athlete.id)
      ?.find((candidate) => candidate.exerciseId === loggedSet.exerciseId && candidate.kind === 'one_rm');
    if (!max || max.unit === 'mph') return [];
    const previous = convertLoad(max.value, max.unit, loggedSet.loadUnit ?? 'lb');
    if (loggedSet.estimatedOneRm <= previous) return [];
    return [
      {
        id: crypto.randomUUID(),
        kind: 'estimated_one_rm',
        athlete: stored.log.athlete,
        exerciseId: loggedSet.exerciseId,
        exerciseName: loggedSet.exerciseName,
        workoutLogId: stored.log.id,
        setId: loggedSet.id,
        value: Math.round(loggedSet.estimatedOneRm * 10) / 10,
        unit: loggedSet.loadUnit ?? 'lb',
        load: null,
        previous,
        achievedAt: loggedSet.changedAt,
      },
    ];
  };

  const handlers = [
    apiRoute(
      { method: 'get', path: '/api/workout-logs', responses: { 200: workoutLogLookupResponseSchema } },
      ({ request, reply }) => {
        if (!requestUser(request)) return unauthorized();
        const entryId = new URL(request.url).searchParams.get('entryId');
        const stored = [...logs.values()].find((candidate) => candidate.log.entryId === entryId);
        return reply(200, { data: stored ? logOf(stored) : null });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/workout-logs/{logId}', responses: { 200: workoutLogResponseSchema } },
      ({ request, params, reply }) => {
        const { failure, stored } = access(request, params.logId);
        if (failure) return failure;
        return reply(200, { message: 'OK', data: logOf(stored) });
      },
    ),
    apiRoute(
      {
        method: 'put',
        path: '/api/workout-logs/{logId}',
        responses: { 200: workoutLogResponseSchema, 201: workoutLogResponseSchema },
      },
      async ({ request, params, reply }) =>
        once(request, async (viewer) => {
          const body = startWorkoutLogRequestSchema.safeParse(await request.json());
          if (!body.success) return validationFailure(body.error);
          const existing = logs.get(params.logId);
          if (existing) return reply(200, { message: 'Already started.', data: logOf(existing) });
          const entry = fakeScheduleEntries.entry(body.data.entryId);
          if (!entry) return refused(404, 'This workout is not on the schedule.');
          if (viewer.role === 'athlete' && entry.athleteId !== viewer.id) {
            return refused(403, 'You can track only your own workouts.');
          }
          const other = [...logs.values()].find((candidate) => candidate.log.entryId === body.data.entryId);
          if (other) {
            return apiError(409, {
              code: errorCodes.conflict,
              message: 'This workout is already being tracked on another device.',
              fields: { logId: other.log.id },
            });
          }
          const stored: StoredLog = {
            log: {
              id: params.logId,
              entryId: body.data.entryId,
              date: entry.detail.date,
              athlete: entry.detail.athlete ?? personRef(demoUsers.athlete),
              workoutName: entry.detail.workout.name,
              category: entry.detail.workout.category,
              status: 'in_progress',
              startedAt: body.data.startedAt,
              finishedAt: null,
              durationSeconds: null,
              sessionRpe: null,
              notes: null,
              startedBy: personRef(viewer),
              finishedBy: null,
              corrections: [],
            },
            sets: new Map(),
            exercises: new Map(),
            records: [],
          };
          logs.set(params.logId, stored);
          fakeScheduleEntries.setEntryStatus(body.data.entryId, 'in_progress');
          return reply(201, { message: 'Started.', data: logOf(stored) });
        }),
    ),
    apiRoute(
      {
        method: 'put',
        path: '/api/workout-logs/{logId}/sets/{setId}',
        responses: { 200: loggedSetResponseSchema },
      },
      async ({ request, params, reply }) => {
        setRequests.set(params.setId, (setRequests.get(params.setId) ?? 0) + 1);
        return once(request, async (viewer) => {
          const { failure, stored } = access(request, params.logId);
          if (failure) return failure;
          const body = upsertLoggedSetRequestSchema.safeParse(await request.json());
          if (!body.success) return validationFailure(body.error);
          const entry = fakeScheduleEntries.entry(stored.log.entryId);
          const inWorkout = entry?.detail.workout.blocks.some((block) =>
            block.exercises.some((slot) => slot.id === body.data.blockExerciseId),
          );
          if (!inWorkout) {
            return apiError(400, {
              code: errorCodes.validation,
              message: 'Check the highlighted fields.',
              fields: { blockExerciseId: 'This exercise is not in the workout' },
            });
          }
          const current = stored.sets.get(params.setId);
          if (current && Date.parse(current.changedAt) > Date.parse(body.data.changedAt)) {
            return reply(200, { data: current, applied: false, records: stored.records });
          }
          setWrites.set(params.setId, (setWrites.get(params.setId) ?? 0) + 1);
          const loggedSet: LoggedSet = {
            id: params.setId,
            ...body.data,
            exerciseName: exerciseName(stored, body.data.exerciseId),
            estimatedOneRm: estimatedOneRm(body.data.load, body.data.reps),
            changedBy: personRef(viewer),
          };
          stored.sets.set(params.setId, loggedSet);
          stored.records = [
            ...stored.records.filter((record) => record.setId !== params.setId),
            ...recordsOf(stored, loggedSet),
          ];
          return reply(200, { data: loggedSet, applied: true, records: stored.records });
        });
      },
    ),
    apiRoute(
      {
        method: 'put',
        path: '/api/workout-logs/{logId}/exercises/{blockExerciseId}',
        responses: { 200: loggedExerciseResponseSchema },
      },
      async ({ request, params, reply }) =>
        once(request, async () => {
          const { failure, stored } = access(request, params.logId);
          if (failure) return failure;
          const body = upsertLoggedExerciseRequestSchema.safeParse(await request.json());
          if (!body.success) return validationFailure(body.error);
          const current = stored.exercises.get(params.blockExerciseId);
          if (current && Date.parse(current.changedAt) > Date.parse(body.data.changedAt)) {
            return reply(200, { data: current, applied: false });
          }
          const exercise: LoggedExercise = {
            blockExerciseId: params.blockExerciseId,
            exerciseId: body.data.exerciseId,
            exerciseName: exerciseName(stored, body.data.exerciseId),
            notes: body.data.notes ?? current?.notes ?? null,
            changedAt: body.data.changedAt,
          };
          stored.exercises.set(params.blockExerciseId, exercise);
          return reply(200, { data: exercise, applied: true });
        }),
    ),
    apiRoute(
      {
        method: 'post',
        path: '/api/workout-logs/{logId}/finish',
        responses: { 200: workoutLogResponseSchema },
      },
      async ({ request, params, reply }) =>
        once(request, async (viewer) => {
          const { failure, stored } = access(request, params.logId);
          if (failure) return failure;
          const body = finishWorkoutLogRequestSchema.safeParse(await request.json());
          if (!body.success) return validationFailure(body.error);
          if (stored.log.status === 'completed') {
            return reply(200, { message: 'Already completed.', data: logOf(stored) });
          }
          stored.log = {
            ...stored.log,
            status: 'completed',
            finishedAt: body.data.finishedAt,
            durationSeconds: body.data.durationSeconds,
            sessionRpe: body.data.sessionRpe,
            notes: body.data.notes ?? null,
            finishedBy: personRef(viewer),
          };
          fakeScheduleEntries.setEntryStatus(stored.log.entryId, 'completed');
          return reply(200, { message: 'Completed.', data: logOf(stored) });
        }),
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/athletes/{athleteId}/maxes',
        responses: { 200: athleteMaxListResponseSchema },
      },
      ({ request, params, reply }) => {
        if (!requestUser(request)) return unauthorized();
        return reply(200, { data: maxes.get(params.athleteId) ?? [] });
      },
    ),
    apiRoute(
      {
        method: 'get',
        path: '/api/athletes/{athleteId}/history',
        responses: { 200: exerciseHistoryResponseSchema },
      },
      ({ request, params, reply }) => {
        if (!requestUser(request)) return unauthorized();
        const exerciseId = new URL(request.url).searchParams.get('exerciseId') ?? '';
        const exercise = demoExercises.find((candidate) => candidate.id === exerciseId);
        if (!exercise) return refused(404, 'No such exercise.');
        const points: ExerciseHistoryResponse['points'] =
          params.athleteId === demoUsers.athlete.id && exercise.id === trapBar.id
            ? [demoAthleteTraining.lastTime]
            : [];
        return reply(200, {
          exercise: { id: exercise.id, name: exercise.name },
          unit: demoSettings.weightUnit,
          points,
        });
      },
    ),
  ];

  return {
    handlers,
    /** The server's log of an entry, as it would answer it. */
    logOfEntry: (entryId: string) => {
      const stored = [...logs.values()].find((candidate) => candidate.log.entryId === entryId);
      return stored ? logOf(stored) : undefined;
    },
    setRequests,
    setWrites,
    /** Each athlete's maxes: a test gives another athlete their own. */
    maxes,
  };
}

/** The happy path; a test that counts or writes installs its own copy. */
export const trackingHandlersOfDemo = createTrackingFake().handlers;
