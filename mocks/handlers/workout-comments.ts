import type { WorkoutComment } from '@contract/workout-comments';
import {
  putWorkoutCommentRequestSchema,
  workoutCommentListResponseSchema,
  workoutCommentResponseSchema,
} from '@contract/workout-comments';
import { errorCodes } from '@contract/error-codes';
import { demoUsers } from '../data';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';
import { demoLogId } from './training';

/** The coach's word on the demo athlete's workout of yesterday, which the tests open. */
export const demoWorkoutComment: WorkoutComment = {
  id: '0d7e0051-0000-4000-8000-000000000001',
  logId: demoLogId,
  setId: null,
  athleteId: demoUsers.athlete.id,
  author: {
    id: demoUsers.coach.id,
    firstName: demoUsers.coach.firstName,
    lastName: demoUsers.coach.lastName,
    role: 'coach',
  },
  text: 'Good session. Keep the hips down on the first pull.',
  createdAt: '2026-03-01T18:05:00.000Z',
  editedAt: null,
};

/**
 * `GET/PUT /api/workout-logs/{logId}/comments[/{commentId}]` (issue 23): a thread per workout kept in memory,
 * the same id sent again leaving one comment as the server does. Install a fresh copy per test.
 */
export function createWorkoutCommentsFake() {
  const threads = new Map<string, WorkoutComment[]>([[demoLogId, [demoWorkoutComment]]]);
  const handlers = [
    apiRoute(
      {
        method: 'get',
        path: '/api/workout-logs/{logId}/comments',
        responses: { 200: workoutCommentListResponseSchema },
      },
      ({ request, params, reply }) => {
        if (!requestUser(request)) return unauthorized();
        return reply(200, { data: threads.get(params.logId) ?? [] });
      },
    ),
    apiRoute(
      {
        method: 'put',
        path: '/api/workout-logs/{logId}/comments/{commentId}',
        responses: { 200: workoutCommentResponseSchema, 201: workoutCommentResponseSchema },
      },
      async ({ request, params, reply }) => {
        const viewer = requestUser(request);
        if (!viewer) return unauthorized();
        const body = putWorkoutCommentRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const thread = threads.get(params.logId) ?? [];
        const existing = thread.find((comment) => comment.id === params.commentId);
        if (existing) {
          if (existing.author.id !== viewer.id) {
            return apiError(403, {
              code: errorCodes.forbidden,
              message: 'Only its author changes a comment.',
            });
          }
          existing.text = body.data.text;
          return reply(200, { data: existing });
        }
        const comment: WorkoutComment = {
          id: params.commentId,
          logId: params.logId,
          setId: body.data.setId,
          athleteId: demoUsers.athlete.id,
          author: {
            id: viewer.id,
            firstName: viewer.firstName,
            lastName: viewer.lastName,
            role: viewer.role,
          },
          text: body.data.text,
          createdAt: new Date().toISOString(),
          editedAt: null,
        };
        threads.set(params.logId, [...thread, comment]);
        return reply(201, { data: comment });
      },
    ),
  ];
  return { handlers, threads };
}

export const workoutCommentHandlersOfDemo = createWorkoutCommentsFake().handlers;
