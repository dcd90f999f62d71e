import type {
  Exercise,
  ExerciseDetail,
  ExerciseRef,
  SaveWorkoutValues,
  Workout,
  WorkoutSummary,
} from '@contract';
import {
  createExerciseRequestSchema,
  deleteExerciseResponseSchema,
  deleteWorkoutResponseSchema,
  duplicateWorkoutRequestSchema,
  errorCodes,
  exerciseListQuerySchema,
  exerciseListResponseSchema,
  exerciseResponseSchema,
  measureLabels,
  measureTargetField,
  measuresUsedBy,
  saveWorkoutRequestSchema,
  updateExerciseRequestSchema,
  workoutListQuerySchema,
  workoutListResponseSchema,
  workoutResponseSchema,
} from '@contract';
import { demoSettings } from '../data';
import { demoExercises, demoWorkouts } from '../library-data';
import { apiError, apiRoute, requestUser, staffOnly, unauthorized, validationFailure } from './respond';

type Issue = { path: readonly PropertyKey[]; message: string };

const invalid = (issues: readonly Issue[], message = 'Some fields are not valid.') =>
  apiError(400, {
    code: errorCodes.validation,
    message,
    fields: Object.fromEntries(issues.map((issue) => [issue.path.map(String).join('.'), issue.message])),
  });

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const now = () => new Date().toISOString();

/**
 * The library API over a copy of the demo exercises and workouts that writes update, with the server's rules
 * (names unique whatever their case, archive instead of delete for a used exercise, versions). Tests that write
 * install a fresh copy: `server.use(...libraryHandlers())`.
 */
export function libraryHandlers() {
  const exercises: Exercise[] = demoExercises.map((exercise) => ({ ...exercise }));
  const workouts: Workout[] = structuredClone(demoWorkouts);

  const usedBy = (exerciseId: string) =>
    workouts.filter((workout) =>
      workout.blocks.some((block) => block.exercises.some((slot) => slot.exerciseId === exerciseId)),
    );
  const withCount = (exercise: Exercise): Exercise => ({
    ...exercise,
    workoutCount: usedBy(exercise.id).length,
  });
  const detailOf = (exercise: Exercise): ExerciseDetail => ({
    ...withCount(exercise),
    usedBy: usedBy(exercise.id).map(({ id, name, archived }) => ({ id, name, archived })),
  });
  const refOf = ({
    id,
    name,
    category,
    measures,
    unilateral,
    videoUrl,
    archived,
  }: Exercise): ExerciseRef => ({
    id,
    name,
    category,
    measures,
    unilateral,
    videoUrl,
    archived,
  });
  const summaryOf = ({ blocks, createdAt: _created, ...workout }: Workout): WorkoutSummary => ({
    ...workout,
    exerciseNames: blocks.flatMap((block) => block.exercises.map((slot) => slot.exercise.name)),
  });
  const findExercise = (id: string) => exercises.find((exercise) => exercise.id === id);
  const findWorkout = (id: string) => workouts.find((workout) => workout.id === id);
  const missing = (what: string) =>
    apiError(404, {
      code: errorCodes.notFound,
      message: `This ${what} does not exist (it may have been deleted).`,
    });
  const nameTaken = (list: readonly { id: string; name: string }[], name: string, exceptId?: string) => {
    const clash = list.find((item) => item.id !== exceptId && item.name.toLowerCase() === name.toLowerCase());
    return clash
      ? invalid(
          [{ path: ['name'], message: `There is already one called ${clash.name}` }],
          'Choose another name.',
        )
      : null;
  };

  function page<T>(items: T[], query: { page: number; size: number }) {
    return {
      data: items.slice(query.page * query.size, (query.page + 1) * query.size),
      page: query.page,
      size: query.size,
      total: items.length,
    };
  }

  /** The workout a save asks for, or the 400 the server would answer. */
  function workoutOf(body: SaveWorkoutValues, previous: Workout | undefined): Workout | Response {
    const known = new Set(
      previous?.blocks.flatMap((block) => block.exercises.map((slot) => slot.exerciseId)),
    );
    const problems: Issue[] = [];
    const blocks = body.blocks.map((block, b) => ({
      id: block.id ?? crypto.randomUUID(),
      label: block.label ?? null,
      rounds: block.rounds,
      restSeconds: block.restSeconds,
      exercises: block.exercises.map((slot, e) => {
        const exercise = findExercise(slot.exerciseId);
        const at = ['blocks', b, 'exercises', e];
        if (!exercise)
          problems.push({ path: [...at, 'exerciseId'], message: 'No such exercise in your library' });
        else if (exercise.archived && !known.has(exercise.id)) {
          problems.push({ path: [...at, 'exerciseId'], message: `${exercise.name} is archived` });
        } else {
          slot.sets.forEach((set, s) => {
            for (const measure of measuresUsedBy(set)) {
              if (!exercise.measures.includes(measure)) {
                problems.push({
                  path: [...at, 'sets', s, measureTargetField[measure]],
                  message: `${exercise.name} is not measured by ${measureLabels[measure]}`,
                });
              }
            }
          });
        }
        return {
          id: slot.id ?? crypto.randomUUID(),
          exerciseId: slot.exerciseId,
          exercise: exercise ? refOf(exercise) : refOf(exercises[0]!),
          notes: slot.notes ?? null,
          sets: slot.sets.map((set) => ({
            ...set,
            loadUnit: set.load !== null ? (set.loadUnit ?? demoSettings.weightUnit) : null,
          })),
        };
      }),
    }));
    if (problems.length > 0) return invalid(problems);
    return {
      id: previous?.id ?? crypto.randomUUID(),
      name: body.name,
      category: body.category,
      notes: body.notes ?? null,
      blocks,
      blockCount: blocks.length,
      exerciseCount: blocks.reduce((sum, block) => sum + block.exercises.length, 0),
      archived: previous?.archived ?? false,
      version: (previous?.version ?? 0) + 1,
      createdAt: previous?.createdAt ?? now(),
      updatedAt: now(),
    };
  }

  const archiveExercise = (archived: boolean) =>
    apiRoute(
      {
        method: 'post',
        path: archived ? '/api/exercises/{exerciseId}/archive' : '/api/exercises/{exerciseId}/restore',
        responses: { 200: exerciseResponseSchema },
      },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const exercise = findExercise(params.exerciseId);
        if (!exercise) return missing('exercise');
        exercise.archived = archived;
        exercise.updatedAt = now();
        const message = archived
          ? `${exercise.name} is archived.`
          : `${exercise.name} is back in the library.`;
        return reply(200, { message, data: detailOf(exercise) });
      },
    );
  const archiveWorkout = (archived: boolean) =>
    apiRoute(
      {
        method: 'post',
        path: archived ? '/api/workouts/{workoutId}/archive' : '/api/workouts/{workoutId}/restore',
        responses: { 200: workoutResponseSchema },
      },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const workout = findWorkout(params.workoutId);
        if (!workout) return missing('workout');
        workout.archived = archived;
        workout.updatedAt = now();
        const message = archived ? `${workout.name} is archived.` : `${workout.name} is back in the library.`;
        return reply(200, { message, data: workout });
      },
    );

  return [
    apiRoute(
      { method: 'get', path: '/api/exercises', responses: { 200: exerciseListResponseSchema } },
      ({ request, reply }) => {
        if (!requestUser(request)) return unauthorized();
        const query = exerciseListQuerySchema.safeParse(
          Object.fromEntries(new URL(request.url).searchParams),
        );
        if (!query.success) return validationFailure(query.error);
        const { q, category, archived } = query.data;
        const matching = exercises
          .filter((exercise) => exercise.archived === archived)
          .filter((exercise) => !category || exercise.category === category)
          .filter((exercise) => !q || exercise.name.toLowerCase().includes(q.toLowerCase()))
          .sort(byName)
          .map(withCount);
        return reply(200, page(matching, query.data));
      },
    ),
    apiRoute(
      { method: 'post', path: '/api/exercises', responses: { 201: exerciseResponseSchema } },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const body = createExerciseRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const taken = nameTaken(exercises, body.data.name);
        if (taken) return taken;
        const exercise: Exercise = {
          id: crypto.randomUUID(),
          name: body.data.name,
          category: body.data.category,
          instructions: body.data.instructions ?? null,
          videoUrl: body.data.videoUrl ?? null,
          measures: body.data.measures,
          unilateral: body.data.unilateral ?? false,
          archived: false,
          workoutCount: 0,
          createdAt: now(),
          updatedAt: now(),
        };
        exercises.push(exercise);
        return reply(201, { message: `${exercise.name} is in the library.`, data: detailOf(exercise) });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/exercises/{exerciseId}', responses: { 200: exerciseResponseSchema } },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const exercise = findExercise(params.exerciseId);
        return exercise ? reply(200, { message: 'OK', data: detailOf(exercise) }) : missing('exercise');
      },
    ),
    apiRoute(
      { method: 'patch', path: '/api/exercises/{exerciseId}', responses: { 200: exerciseResponseSchema } },
      async ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const exercise = findExercise(params.exerciseId);
        if (!exercise) return missing('exercise');
        const body = updateExerciseRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const taken = body.data.name ? nameTaken(exercises, body.data.name, exercise.id) : null;
        if (taken) return taken;
        Object.assign(exercise, body.data, { updatedAt: now() });
        return reply(200, { message: 'Exercise saved.', data: detailOf(exercise) });
      },
    ),
    archiveExercise(true),
    archiveExercise(false),
    apiRoute(
      {
        method: 'delete',
        path: '/api/exercises/{exerciseId}',
        responses: { 200: deleteExerciseResponseSchema },
      },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const exercise = findExercise(params.exerciseId);
        if (!exercise) return missing('exercise');
        if (usedBy(exercise.id).length > 0) {
          exercise.archived = true;
          return reply(200, {
            message: `${exercise.name} is used by ${usedBy(exercise.id).length === 1 ? '1 workout' : `${usedBy(exercise.id).length} workouts`}, so it is archived instead of deleted.`,
            outcome: 'archived',
            data: detailOf(exercise),
          });
        }
        exercises.splice(exercises.indexOf(exercise), 1);
        return reply(200, { message: `${exercise.name} is deleted.`, outcome: 'deleted', data: null });
      },
    ),

    apiRoute(
      { method: 'get', path: '/api/workouts', responses: { 200: workoutListResponseSchema } },
      ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const query = workoutListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
        if (!query.success) return validationFailure(query.error);
        const { q, category, archived } = query.data;
        const matching = workouts
          .filter((workout) => workout.archived === archived)
          .filter((workout) => !category || workout.category === category)
          .filter((workout) => !q || workout.name.toLowerCase().includes(q.toLowerCase()))
          .sort(byName)
          .map(summaryOf);
        return reply(200, page(matching, query.data));
      },
    ),
    apiRoute(
      { method: 'post', path: '/api/workouts', responses: { 201: workoutResponseSchema } },
      async ({ request, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const body = saveWorkoutRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const taken = nameTaken(workouts, body.data.name);
        if (taken) return taken;
        const workout = workoutOf(body.data, undefined);
        if (workout instanceof Response) return workout;
        workouts.push(workout);
        return reply(201, { message: `${workout.name} is saved.`, data: workout });
      },
    ),
    apiRoute(
      { method: 'get', path: '/api/workouts/{workoutId}', responses: { 200: workoutResponseSchema } },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const workout = findWorkout(params.workoutId);
        return workout ? reply(200, { message: 'OK', data: workout }) : missing('workout');
      },
    ),
    apiRoute(
      { method: 'put', path: '/api/workouts/{workoutId}', responses: { 200: workoutResponseSchema } },
      async ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const previous = findWorkout(params.workoutId);
        if (!previous) return missing('workout');
        const body = saveWorkoutRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        if (body.data.version !== undefined && body.data.version !== previous.version) {
          return apiError(409, {
            code: errorCodes.conflict,
            message:
              'Someone else saved this workout since you opened it. Open it again to see their changes, then make yours.',
          });
        }
        const taken = nameTaken(workouts, body.data.name, previous.id);
        if (taken) return taken;
        const workout = workoutOf(body.data, previous);
        if (workout instanceof Response) return workout;
        workouts.splice(workouts.indexOf(previous), 1, workout);
        return reply(200, { message: `${workout.name} is saved.`, data: workout });
      },
    ),
    archiveWorkout(true),
    archiveWorkout(false),
    apiRoute(
      {
        method: 'post',
        path: '/api/workouts/{workoutId}/duplicate',
        responses: { 201: workoutResponseSchema },
      },
      async ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const original = findWorkout(params.workoutId);
        if (!original) return missing('workout');
        const body = duplicateWorkoutRequestSchema.safeParse(await request.json().catch(() => ({})));
        if (!body.success) return validationFailure(body.error);
        let name = body.data.name ?? `${original.name} (copy)`;
        for (let copy = 2; !body.data.name && nameTaken(workouts, name); copy += 1) {
          name = `${original.name} (copy ${copy})`;
        }
        const duplicate: Workout = {
          ...structuredClone(original),
          id: crypto.randomUUID(),
          name,
          archived: false,
          version: 1,
          createdAt: now(),
          updatedAt: now(),
        };
        workouts.push(duplicate);
        return reply(201, { message: `${name} is a copy to change as you like.`, data: duplicate });
      },
    ),
    apiRoute(
      {
        method: 'delete',
        path: '/api/workouts/{workoutId}',
        responses: { 200: deleteWorkoutResponseSchema },
      },
      ({ request, params, reply }) => {
        const refused = staffOnly(request);
        if (refused) return refused;
        const workout = findWorkout(params.workoutId);
        if (!workout) return missing('workout');
        workouts.splice(workouts.indexOf(workout), 1);
        return reply(200, { message: `${workout.name} is deleted.` });
      },
    ),
  ];
}

/** The happy path; a test that writes installs its own copy. */
export const libraryHandlersOfDemo = libraryHandlers();
