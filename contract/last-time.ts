import { z } from 'zod';
import { weightUnitSchema } from './library';

/**
 * "Last time" (issue 22): what an athlete did of each exercise at its last completed workout, for several
 * exercises at once. The tracking screen shows it beside the sets, and a device keeps it for the coming week's
 * workouts, so it must stay small: one summary per exercise, not its two years of history.
 */

export const lastTimeLimits = {
  /** A week of workouts holds some 20–40 exercises; a request names at most this many. */
  exercisesMax: 100,
} as const;

/** `a,b` or `exerciseIds=a&exerciseIds=b`: both are a list (a query string has no other way to say one). */
const listOfIds = (value: unknown) =>
  typeof value === 'string' ? value.split(',').map((id) => id.trim()) : value;

/** GET /api/athletes/{athleteId}/last-time?exerciseIds=…: the exercises to answer for. */
export const lastTimeQuerySchema = z.object({
  exerciseIds: z.preprocess(
    listOfIds,
    z
      .array(z.uuid({ error: 'Each exercise id must be a UUID' }))
      .min(1, 'Name at least one exercise')
      .max(lastTimeLimits.exercisesMax, `At most ${lastTimeLimits.exercisesMax} exercises at once`),
  ),
});
export type LastTimeQuery = z.input<typeof lastTimeQuerySchema>;

/** One exercise at one workout: the same summary as a point of the exercise's history. */
export const lastTimePointSchema = z
  .object({
    date: z.iso.date(),
    logId: z.uuid(),
    /** Best Epley estimate of the workout, in the organisation's unit; null when no set could be estimated. */
    estimatedOneRm: z.number().nullable(),
    /** The heaviest done set: load (in the organisation's unit) × reps. */
    topSet: z.object({ load: z.number(), reps: z.int() }).nullable(),
    bestVelocityMph: z.number().nullable(),
    doneSets: z.int(),
  })
  .meta({ id: 'LastTimePoint' });
export type LastTimePoint = z.infer<typeof lastTimePointSchema>;

export const lastTimeResponseSchema = z
  .object({
    unit: weightUnitSchema,
    /** One per exercise asked for, in the order asked; `last` is null when it was never done at a completed workout. */
    data: z.array(z.object({ exerciseId: z.uuid(), last: lastTimePointSchema.nullable() })),
  })
  .meta({ id: 'LastTimeResponse' });
export type LastTimeResponse = z.infer<typeof lastTimeResponseSchema>;

/** What a device keeps per athlete and exercise (the tracking screen's query, `trackingQueries.lastTime`). */
export interface LastTimeOfExercise {
  unit: LastTimeResponse['unit'];
  last: LastTimePoint | null;
}
