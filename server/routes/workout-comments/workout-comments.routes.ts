import type { z } from 'zod';
import { logIdParamSchema } from '../../../contract/tracking';
import {
  putWorkoutCommentRequestSchema,
  workoutCommentListResponseSchema,
  workoutCommentParamSchema,
  workoutCommentResponseSchema,
} from '../../../contract/workout-comments';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const everyone = ['admin', 'coach', 'athlete'] as const;
const tags = ['Workout comments'];
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const othersWorkout = errorResponse("An athlete asked for another athlete's workout");
const noSuchWorkout = errorResponse(
  'No such workout log in the organisation (another organisation’s is not found)',
);

export const listWorkoutComments = signedInRoute({
  operationId: 'listWorkoutComments',
  method: 'get',
  path: '/api/workout-logs/{logId}/comments',
  tags,
  summary:
    "A workout's comments, oldest first, on the whole workout and on its sets (staff: any athlete's; athletes: their own)",
  roles: everyone,
  request: { params: logIdParamSchema },
  responses: {
    200: jsonContent(workoutCommentListResponseSchema, 'The thread, newest last'),
    403: othersWorkout,
    404: noSuchWorkout,
  },
});

export const putWorkoutComment = signedInRoute({
  operationId: 'putWorkoutComment',
  method: 'put',
  path: '/api/workout-logs/{logId}/comments/{commentId}',
  tags,
  summary:
    'Comment on a completed workout or one of its logged sets, with a comment id made on the device (staff: any athlete’s; athletes: their own)',
  description:
    'Sending the same comment again leaves one (200). Its author may change the text with the same id (200, ' +
    '`editedAt` set); the set it is about never changes. An id used for another workout, set or organisation ' +
    'is refused as taken (409).',
  roles: everyone,
  request: { params: workoutCommentParamSchema, body: jsonBody(putWorkoutCommentRequestSchema) },
  responses: {
    200: jsonContent(workoutCommentResponseSchema, 'The comment as it stands (sent again, or edited)'),
    201: jsonContent(workoutCommentResponseSchema, 'The new comment'),
    400: errorResponse('The text is empty or over 2,000 characters, or the set is not part of the workout'),
    403: errorResponse(
      "An athlete commented on another athlete's workout, or someone changed another person's comment",
    ),
    404: noSuchWorkout,
    409: errorResponse(
      'The workout is still in progress, the comment id is taken, or a write with this Idempotency-Key is still being applied',
    ),
  },
});
