import {
  deleteWorkoutResponseSchema,
  duplicateWorkoutRequestSchema,
  saveWorkoutRequestSchema,
  workoutIdParamSchema,
  workoutListQuerySchema,
  workoutListResponseSchema,
  workoutResponseSchema,
} from '../../../contract/library';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const staff = ['admin', 'coach'] as const;
const workoutNotFound = errorResponse('No such workout in the organisation');
const badWorkoutId = errorResponse('The workout id is not a UUID, or the Idempotency-Key is not valid');
const badWorkout = errorResponse(
  'The workout breaks a rule, each field named by its path (blocks.0.exercises.1.sets.2.repsMax): an empty ' +
    'or taken name, an unknown category, a set without a target or with one its exercise does not take, ' +
    'reps below 1 or a range upside down, %1RM outside 1-150, RPE outside 1-10, a negative load, time or ' +
    'distance, a block without exercises, an exercise not in the library or archived, an id used twice, ' +
    'more than 50 blocks or 30 sets in one exercise',
);

export const listWorkouts = signedInRoute({
  operationId: 'listWorkouts',
  method: 'get',
  path: '/api/workouts',
  tags: ['Library'],
  summary: "The organisation's workouts by name, searched and filtered, one page at a time (admin, coach)",
  description:
    '`q` matches part of the name in any case (`%` and `_` are letters). Archived workouts are listed only ' +
    'with `archived=true`. Each summary counts its blocks and its exercises (one per place in a block) and ' +
    'names those exercises in order.',
  roles: staff,
  request: { query: workoutListQuerySchema },
  responses: {
    200: jsonContent(workoutListResponseSchema, 'One page of workout summaries, with the total that match'),
    400: errorResponse('A query parameter is not valid (an unknown category, size over 100)'),
    403: errorResponse('Athletes cannot read the library'),
  },
});

export const createWorkout = signedInRoute({
  operationId: 'createWorkout',
  method: 'post',
  path: '/api/workouts',
  tags: ['Library'],
  summary: 'Save a new workout, the whole document (admin, coach)',
  description:
    'Blocks and block exercises without an id get one. A load without a unit is in the organisation’s unit.',
  roles: staff,
  request: {
    body: { content: { 'application/json': { schema: saveWorkoutRequestSchema } }, required: true },
  },
  responses: {
    201: jsonContent(workoutResponseSchema, 'The workout as saved, at version 1'),
    400: badWorkout,
  },
});

export const getWorkout = signedInRoute({
  operationId: 'getWorkout',
  method: 'get',
  path: '/api/workouts/{workoutId}',
  tags: ['Library'],
  summary:
    "A workout's blocks, each exercise with its prescribed sets and the exercise as it is now (admin, coach)",
  roles: staff,
  request: { params: workoutIdParamSchema },
  responses: {
    200: jsonContent(workoutResponseSchema, 'The workout'),
    400: badWorkoutId,
    404: workoutNotFound,
  },
});

export const updateWorkout = signedInRoute({
  operationId: 'updateWorkout',
  method: 'put',
  path: '/api/workouts/{workoutId}',
  tags: ['Library'],
  summary: 'Replace a workout with the whole document sent (admin, coach); its version goes up by one',
  description:
    'With `version`, the save is refused (409) when someone saved the workout since that version. An ' +
    'exercise archived since the workout took it up may stay in it.',
  roles: staff,
  request: {
    params: workoutIdParamSchema,
    body: { content: { 'application/json': { schema: saveWorkoutRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(workoutResponseSchema, 'The workout as saved'),
    400: badWorkout,
    404: workoutNotFound,
    409: errorResponse(
      'Someone else saved the workout since the version sent, or a write with this Idempotency-Key is still being applied',
    ),
  },
});

export const archiveWorkout = signedInRoute({
  operationId: 'archiveWorkout',
  method: 'post',
  path: '/api/workouts/{workoutId}/archive',
  tags: ['Library'],
  summary: 'Archive a workout: listed only under the archived filter (admin, coach)',
  roles: staff,
  request: { params: workoutIdParamSchema },
  responses: {
    200: jsonContent(workoutResponseSchema, 'The archived workout'),
    400: badWorkoutId,
    404: workoutNotFound,
  },
});

export const restoreWorkout = signedInRoute({
  operationId: 'restoreWorkout',
  method: 'post',
  path: '/api/workouts/{workoutId}/restore',
  tags: ['Library'],
  summary: 'Bring an archived workout back (admin, coach)',
  roles: staff,
  request: { params: workoutIdParamSchema },
  responses: {
    200: jsonContent(workoutResponseSchema, 'The workout, no longer archived'),
    400: badWorkoutId,
    404: workoutNotFound,
  },
});

export const duplicateWorkout = signedInRoute({
  operationId: 'duplicateWorkout',
  method: 'post',
  path: '/api/workouts/{workoutId}/duplicate',
  tags: ['Library'],
  summary:
    'Copy a workout under new ids, named "X (copy)", "X (copy 2)", … unless a name is given (admin, coach)',
  roles: staff,
  request: {
    params: workoutIdParamSchema,
    body: { content: { 'application/json': { schema: duplicateWorkoutRequestSchema } }, required: false },
  },
  responses: {
    201: jsonContent(workoutResponseSchema, 'The copy, at version 1'),
    400: errorResponse('The name given is empty, too long or taken (fields.name), or the id is not a UUID'),
    404: workoutNotFound,
  },
});

export const deleteWorkout = signedInRoute({
  operationId: 'deleteWorkout',
  method: 'delete',
  path: '/api/workouts/{workoutId}',
  tags: ['Library'],
  summary: 'Delete a workout that was never scheduled and is in no program (admin, coach)',
  description: 'A workout that was ever scheduled or that a program uses is archived instead (409 says so).',
  roles: staff,
  request: { params: workoutIdParamSchema },
  responses: {
    200: jsonContent(deleteWorkoutResponseSchema, 'Deleted'),
    400: badWorkoutId,
    404: workoutNotFound,
    409: errorResponse(
      'The workout was scheduled or is in a program: archive it instead (or a write with this Idempotency-Key is still being applied)',
    ),
  },
});
