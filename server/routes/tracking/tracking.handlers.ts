import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { readInOneSnapshot, type SignedInAppEnv } from '../../lib/context';
import { deviceClock, deviceTimeHeader } from '../../lib/device-clock';
import type * as routes from './tracking.routes';
import { trackingOf } from './store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

/** The device's clock of this request, for the times it stamped (ADR 042). */
const clockOf = (c: Context) => deviceClock(c.req.header(deviceTimeHeader));

export const startWorkoutLog: Handler<'startWorkoutLog'> = async (c) => {
  const { log, created } = await trackingOf(c).workoutLogs.start(
    c.req.valid('param').logId,
    c.req.valid('json'),
    clockOf(c),
  );
  const message = created ? `${log.workoutName} is started.` : `${log.workoutName} was already started.`;
  return created ? c.json({ message, data: log }, 201) : c.json({ message, data: log }, 200);
};

export const findWorkoutLog: Handler<'findWorkoutLog'> = async (c) =>
  c.json({ data: await trackingOf(c).workoutLogs.find(c.req.valid('query').entryId) }, 200);

export const getWorkoutLog: Handler<'getWorkoutLog'> = async (c) => {
  const log = await trackingOf(c).workoutLogs.get(c.req.valid('param').logId);
  return c.json(
    {
      message: `${log.workoutName}, ${log.status === 'completed' ? 'completed' : 'in progress'}.`,
      data: log,
    },
    200,
  );
};

export const upsertLoggedSet: Handler<'upsertLoggedSet'> = async (c) => {
  const { logId, setId } = c.req.valid('param');
  return c.json(
    await trackingOf(c).workoutLogs.upsertSet(logId, setId, c.req.valid('json'), clockOf(c)),
    200,
  );
};

export const upsertLoggedExercise: Handler<'upsertLoggedExercise'> = async (c) => {
  const { logId, blockExerciseId } = c.req.valid('param');
  return c.json(
    await trackingOf(c).workoutLogs.upsertExercise(logId, blockExerciseId, c.req.valid('json'), clockOf(c)),
    200,
  );
};

export const finishWorkoutLog: Handler<'finishWorkoutLog'> = async (c) => {
  const { log, finished } = await trackingOf(c).workoutLogs.finish(
    c.req.valid('param').logId,
    c.req.valid('json'),
    clockOf(c),
  );
  const message = finished ? `${log.workoutName} is completed.` : `${log.workoutName} was already completed.`;
  return c.json({ message, data: log }, 200);
};

export const correctWorkoutLog: Handler<'correctWorkoutLog'> = async (c) => {
  const { log, changed } = await trackingOf(c).corrections.correct(
    c.req.valid('param').logId,
    c.req.valid('json'),
  );
  const message =
    changed === 0
      ? 'Nothing was changed.'
      : `${log.workoutName} is corrected (${changed} ${changed === 1 ? 'value' : 'values'}).`;
  return c.json({ message, data: log }, 200);
};

export const listAthleteMaxes: Handler<'listAthleteMaxes'> = async (c) =>
  c.json({ data: await trackingOf(c).maxes.maxes(c.req.valid('param').athleteId) }, 200);

export const recordAthleteMax: Handler<'recordAthleteMax'> = async (c) => {
  const { max, message } = await trackingOf(c).maxes.recordMax(
    c.req.valid('param').athleteId,
    c.req.valid('json'),
  );
  return c.json({ message, data: max }, 201);
};

export const getExerciseHistory: Handler<'getExerciseHistory'> = async (c) =>
  c.json(await trackingOf(c).training.history(c.req.valid('param').athleteId, c.req.valid('query')), 200);

export const getAthleteTraining: Handler<'getAthleteTraining'> = async (c) =>
  c.json(await trackingOf(c).training.training(c.req.valid('param').athleteId), 200);

export const listCompletedWorkouts: Handler<'listCompletedWorkouts'> = async (c) =>
  c.json(await trackingOf(c).completed.completed(c.req.valid('query')), 200);

export const listActivities: Handler<'listActivities'> = async (c) =>
  c.json(await readInOneSnapshot(c, (s) => trackingOf(s).activities.activities(c.req.valid('query'))), 200);

export const getActivity: Handler<'getActivity'> = async (c) =>
  c.json({ data: await trackingOf(c).activities.activity(c.req.valid('param').activityId) }, 200);

export const likeActivity: Handler<'likeActivity'> = async (c) =>
  c.json({ data: await trackingOf(c).reactions.like(c.req.valid('param').activityId) }, 200);

export const unlikeActivity: Handler<'unlikeActivity'> = async (c) =>
  c.json({ data: await trackingOf(c).reactions.unlike(c.req.valid('param').activityId) }, 200);

export const listActivityComments: Handler<'listActivityComments'> = async (c) =>
  c.json({ data: await trackingOf(c).reactions.comments(c.req.valid('param').activityId) }, 200);

export const putActivityComment: Handler<'putActivityComment'> = async (c) => {
  const { activityId, commentId } = c.req.valid('param');
  const { comment, created } = await trackingOf(c).reactions.putComment(
    activityId,
    commentId,
    c.req.valid('json'),
  );
  return created ? c.json({ data: comment }, 201) : c.json({ data: comment }, 200);
};

export const deleteActivityComment: Handler<'deleteActivityComment'> = async (c) => {
  const { activityId, commentId } = c.req.valid('param');
  await trackingOf(c).reactions.deleteComment(activityId, commentId);
  return c.body(null, 204);
};

export const getWeekCompliance: Handler<'getWeekCompliance'> = async (c) =>
  c.json(await readInOneSnapshot(c, (s) => trackingOf(s).compliance.weekCompliance()), 200);
