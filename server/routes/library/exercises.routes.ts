import {
  createExerciseRequestSchema,
  deleteExerciseResponseSchema,
  exerciseIdParamSchema,
  exerciseListQuerySchema,
  exerciseListResponseSchema,
  exerciseResponseSchema,
  updateExerciseRequestSchema,
} from '../../../contract/library';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const staff = ['admin', 'coach'] as const;
const exerciseNotFound = errorResponse('No such exercise in the organisation');
const badExerciseId = errorResponse('The exercise id is not a UUID, or the Idempotency-Key is not valid');

export const listExercises = signedInRoute({
  operationId: 'listExercises',
  method: 'get',
  path: '/api/exercises',
  tags: ['Library'],
  summary: "The organisation's exercises by name, searched and filtered, one page at a time (everyone)",
  description:
    '`q` matches part of the name in any case (`%` and `_` are letters). Archived exercises are listed only ' +
    'with `archived=true`. Each has `workoutCount`, the workouts that use it. Athletes read it too: tracking ' +
    'their own workout, they swap an exercise for another of its category (issue 15).',
  roles: ['admin', 'coach', 'athlete'],
  request: { query: exerciseListQuerySchema },
  responses: {
    200: jsonContent(exerciseListResponseSchema, 'One page of exercises, with the total that match'),
    400: errorResponse('A query parameter is not valid (an unknown category, size over 100)'),
  },
});

export const createExercise = signedInRoute({
  operationId: 'createExercise',
  method: 'post',
  path: '/api/exercises',
  tags: ['Library'],
  summary: 'Add an exercise to the library (admin, coach); names are unique whatever their case',
  roles: staff,
  request: {
    body: { content: { 'application/json': { schema: createExerciseRequestSchema } }, required: true },
  },
  responses: {
    201: jsonContent(exerciseResponseSchema, 'The new exercise'),
    400: errorResponse(
      'A field is not valid: an empty or taken name (fields.name), an unknown category, no measure, a video link that is not https',
    ),
  },
});

export const getExercise = signedInRoute({
  operationId: 'getExercise',
  method: 'get',
  path: '/api/exercises/{exerciseId}',
  tags: ['Library'],
  summary: 'An exercise with the workouts that use it (admin, coach)',
  roles: staff,
  request: { params: exerciseIdParamSchema },
  responses: {
    200: jsonContent(exerciseResponseSchema, 'The exercise'),
    400: badExerciseId,
    404: exerciseNotFound,
  },
});

export const updateExercise = signedInRoute({
  operationId: 'updateExercise',
  method: 'patch',
  path: '/api/exercises/{exerciseId}',
  tags: ['Library'],
  summary: 'Change an exercise (admin, coach); the workouts that use it show the change',
  description:
    'A measure cannot be taken away while a workout still gives targets for it (400 at fields.measures, ' +
    'naming the workouts).',
  roles: staff,
  request: {
    params: exerciseIdParamSchema,
    body: { content: { 'application/json': { schema: updateExerciseRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(exerciseResponseSchema, 'The exercise as saved'),
    400: errorResponse(
      'A field is not valid, the name is taken (fields.name), or a workout still uses a measure taken away (fields.measures)',
    ),
    404: exerciseNotFound,
  },
});

export const archiveExercise = signedInRoute({
  operationId: 'archiveExercise',
  method: 'post',
  path: '/api/exercises/{exerciseId}/archive',
  tags: ['Library'],
  summary: 'Archive an exercise: hidden from pickers, kept in the workouts that use it (admin, coach)',
  roles: staff,
  request: { params: exerciseIdParamSchema },
  responses: {
    200: jsonContent(exerciseResponseSchema, 'The archived exercise'),
    400: badExerciseId,
    404: exerciseNotFound,
  },
});

export const restoreExercise = signedInRoute({
  operationId: 'restoreExercise',
  method: 'post',
  path: '/api/exercises/{exerciseId}/restore',
  tags: ['Library'],
  summary: 'Bring an archived exercise back to the pickers (admin, coach)',
  roles: staff,
  request: { params: exerciseIdParamSchema },
  responses: {
    200: jsonContent(exerciseResponseSchema, 'The exercise, no longer archived'),
    400: badExerciseId,
    404: exerciseNotFound,
  },
});

export const deleteExercise = signedInRoute({
  operationId: 'deleteExercise',
  method: 'delete',
  path: '/api/exercises/{exerciseId}',
  tags: ['Library'],
  summary: 'Delete an exercise no workout uses; one that a workout uses is archived instead (admin, coach)',
  roles: staff,
  request: { params: exerciseIdParamSchema },
  responses: {
    200: jsonContent(
      deleteExerciseResponseSchema,
      "outcome 'deleted' (data null), or 'archived' with the exercise when a workout uses it",
    ),
    400: badExerciseId,
    404: exerciseNotFound,
  },
});
