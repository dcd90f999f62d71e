import { z } from 'zod';
import { roleSchema } from './users';

/**
 * Comments on a completed workout (issue 23, ADR 051): staff leave feedback on the whole workout or on one of its
 * logged sets, and the athlete answers on the same workout. Ids are made on the device, so a comment typed with
 * no signal is sent again with the same id and never doubled.
 */

export const workoutCommentLimits = {
  /** A comment, not an essay: about a screen of a phone. */
  textMax: 2000,
} as const;

/** PUT /api/workout-logs/{logId}/comments/{commentId} */
export const workoutCommentParamSchema = z.object({ logId: z.uuid(), commentId: z.uuid() });

/** PUT …/comments/{commentId}: the text, and the logged set it is about (none: the whole workout). */
export const putWorkoutCommentRequestSchema = z.object({
  setId: z.uuid({ error: 'The set id must be a UUID' }).nullable().default(null),
  text: z
    .string({ error: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(workoutCommentLimits.textMax, `A comment is at most ${workoutCommentLimits.textMax} characters`),
});
export type PutWorkoutCommentRequest = z.input<typeof putWorkoutCommentRequestSchema>;

export const workoutCommentSchema = z.object({
  id: z.uuid(),
  logId: z.uuid(),
  /** The logged set the comment is about, or null for the whole workout. */
  setId: z.uuid().nullable(),
  /** Whose workout it is: the athlete side of the conversation chat links it into. */
  athleteId: z.uuid(),
  author: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    role: roleSchema,
  }),
  text: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** When its author last changed the text, or null. */
  editedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type WorkoutComment = z.infer<typeof workoutCommentSchema>;

export const workoutCommentResponseSchema = z.object({ data: workoutCommentSchema });
/** The workout's comments, oldest first (a thread reads downwards, newest last). */
export const workoutCommentListResponseSchema = z.object({ data: z.array(workoutCommentSchema) });
export type WorkoutCommentListResponse = z.infer<typeof workoutCommentListResponseSchema>;
