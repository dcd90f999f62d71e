import { z } from 'zod';
import { activitySchema } from './tracking';
import { roleSchema } from './users';

/**
 * Reactions to the activity feed (issue 24): staff like an activity and comment on it; anyone who may see the
 * activity reads its comments; the athlete it is about is notified. Comment ids are made on the device, so a
 * comment sent again after a lost answer is never doubled.
 */

export const activityCommentLimits = { textMax: 1000, pageSize: 50 } as const;

export const activityParamSchema = z.object({ activityId: z.uuid({ error: 'activityId must be a UUID' }) });
export const activityCommentParamSchema = z.object({
  activityId: z.uuid({ error: 'activityId must be a UUID' }),
  commentId: z.uuid({ error: 'commentId must be a UUID' }),
});

/** PUT /api/activities/{activityId}/comments/{commentId} */
export const putActivityCommentRequestSchema = z.object({
  text: z
    .string({ error: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(activityCommentLimits.textMax, `A comment is at most ${activityCommentLimits.textMax} characters`),
});
export type PutActivityCommentRequest = z.input<typeof putActivityCommentRequestSchema>;

export const activityCommentSchema = z
  .object({
    id: z.uuid(),
    activityId: z.uuid(),
    author: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string(), role: roleSchema }),
    text: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ActivityComment' });
export type ActivityComment = z.infer<typeof activityCommentSchema>;

/** GET /api/activities/{activityId}/comments: oldest first, as a conversation reads. */
export const activityCommentListResponseSchema = z
  .object({ data: z.array(activityCommentSchema) })
  .meta({ id: 'ActivityCommentListResponse' });
export type ActivityCommentListResponse = z.infer<typeof activityCommentListResponseSchema>;

export const activityCommentResponseSchema = z.object({ data: activityCommentSchema });

/** PUT and DELETE /api/activities/{activityId}/like: the activity's likes afterwards. */
export const activityLikesResponseSchema = z.object({
  data: z.object({ likes: z.int().min(0), likedByMe: z.boolean() }),
});
export type ActivityLikesResponse = z.infer<typeof activityLikesResponseSchema>;

/** GET /api/activities/{activityId}: one activity, as the feed shows it (a notification's link opens it). */
export const activityResponseSchema = z.object({ data: activitySchema });
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
