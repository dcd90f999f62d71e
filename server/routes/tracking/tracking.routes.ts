import type { z } from 'zod';
import {
  activityCommentListResponseSchema,
  activityCommentParamSchema,
  activityCommentResponseSchema,
  activityLikesResponseSchema,
  activityParamSchema,
  activityResponseSchema,
  putActivityCommentRequestSchema,
} from '../../../contract/activities';
import {
  activityListResponseSchema,
  activityQuerySchema,
  athleteIdParamSchema,
  athleteMaxListResponseSchema,
  athleteMaxResponseSchema,
  athleteTrainingResponseSchema,
  completedWorkoutListResponseSchema,
  completedWorkoutQuerySchema,
  correctWorkoutLogRequestSchema,
  exerciseHistoryQuerySchema,
  exerciseHistoryResponseSchema,
  finishWorkoutLogRequestSchema,
  logExerciseParamSchema,
  logIdParamSchema,
  logSetParamSchema,
  loggedExerciseResponseSchema,
  loggedSetResponseSchema,
  recordMaxRequestSchema,
  startWorkoutLogRequestSchema,
  upsertLoggedExerciseRequestSchema,
  upsertLoggedSetRequestSchema,
  weekComplianceResponseSchema,
  workoutLogLookupResponseSchema,
  workoutLogQuerySchema,
  workoutLogResponseSchema,
} from '../../../contract/tracking';
import { deviceTimeRef, errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const everyone = ['admin', 'coach', 'athlete'] as const;
const staff = ['admin', 'coach'] as const;
const tags = ['Tracking'];
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const othersLog = errorResponse("An athlete asked for another athlete's workout log");
const logNotFound = errorResponse(
  'No such workout log in the organisation (another organisation’s is not found): start it first',
);
const athleteNotFound = errorResponse(
  'No such athlete in the organisation (another organisation’s is not found)',
);
const othersTraining = errorResponse("An athlete asked for another athlete's training");

export const startWorkoutLog = signedInRoute({
  operationId: 'startWorkoutLog',
  method: 'put',
  path: '/api/workout-logs/{logId}',
  tags,
  summary:
    'Start tracking a scheduled workout with a log id made on the device (athletes: their own entries; staff: any athlete’s)',
  description:
    'The entry becomes in progress. Replaying the same start answers the log as it is (200). Another log id for ' +
    'an entry that already has a log is refused with 409 and `fields.logId` naming that log, for the device to ' +
    'adopt (GET /api/workout-logs?entryId= reads it).',
  roles: everyone,
  parameters: [deviceTimeRef],
  request: { params: logIdParamSchema, body: jsonBody(startWorkoutLogRequestSchema) },
  responses: {
    200: jsonContent(workoutLogResponseSchema, 'The log, already started (a replay)'),
    201: jsonContent(workoutLogResponseSchema, 'The log, started now'),
    400: errorResponse('The log id, a field (entryId, startedAt) or the Device-Time header is not valid'),
    403: errorResponse("An athlete tried to track another athlete's entry"),
    404: errorResponse('No such scheduled workout in the organisation'),
    409: errorResponse(
      'The entry is skipped, or already has another log (fields.logId names it), or the log id belongs to another entry',
    ),
  },
});

export const findWorkoutLog = signedInRoute({
  operationId: 'findWorkoutLog',
  method: 'get',
  path: '/api/workout-logs',
  tags,
  summary: 'The workout log of a scheduled workout, or null when tracking has not begun',
  roles: everyone,
  request: { query: workoutLogQuerySchema },
  responses: {
    200: jsonContent(workoutLogLookupResponseSchema, 'The log, or null'),
    400: errorResponse('entryId is not a UUID'),
    403: othersLog,
  },
});

export const getWorkoutLog = signedInRoute({
  operationId: 'getWorkoutLog',
  method: 'get',
  path: '/api/workout-logs/{logId}',
  tags,
  summary: 'A workout log with its sets, exercise swaps and notes, records and corrections',
  roles: everyone,
  request: { params: logIdParamSchema },
  responses: {
    200: jsonContent(workoutLogResponseSchema, 'The log'),
    400: errorResponse('The id is not a UUID'),
    403: othersLog,
    404: logNotFound,
  },
});

export const upsertLoggedSet = signedInRoute({
  operationId: 'upsertLoggedSet',
  method: 'put',
  path: '/api/workout-logs/{logId}/sets/{setId}',
  tags,
  summary: 'Write a set as the device has it (its id made on the device); the later change wins',
  description:
    'Applied unless the server has a change of this set made later (`changedAt`, moved by the Device-Time header ' +
    "to the server's clock and never after its now); then the answer is 200 with " +
    '`applied: false` and the later set, never an error. `removed: true` keeps the set as a tombstone. Allowed ' +
    "on completed logs (a set synced late). Answers the log's records, recomputed with this change.",
  roles: everyone,
  parameters: [deviceTimeRef],
  request: { params: logSetParamSchema, body: jsonBody(upsertLoggedSetRequestSchema) },
  responses: {
    200: jsonContent(loggedSetResponseSchema, 'The set as the server keeps it, and the log’s records'),
    400: errorResponse(
      'A field is not valid: reps 0-1,000, a load not negative with its unit, RPE 1-10, blockExerciseId not in the workout, exerciseId not of the same category; or the Device-Time header',
    ),
    403: othersLog,
    404: logNotFound,
    409: errorResponse(
      'The set id belongs to another log, or a write with this Idempotency-Key is still being applied',
    ),
  },
});

export const upsertLoggedExercise = signedInRoute({
  operationId: 'upsertLoggedExercise',
  method: 'put',
  path: '/api/workout-logs/{logId}/exercises/{blockExerciseId}',
  tags,
  summary:
    'Swap an exercise of the workout for one of the same category, or write its notes; the later change wins',
  roles: everyone,
  parameters: [deviceTimeRef],
  request: { params: logExerciseParamSchema, body: jsonBody(upsertLoggedExerciseRequestSchema) },
  responses: {
    200: jsonContent(loggedExerciseResponseSchema, 'The exercise as the server keeps it'),
    400: errorResponse(
      'blockExerciseId is not in the workout, exerciseId is not of the same category, or Device-Time is not valid',
    ),
    403: othersLog,
    404: logNotFound,
  },
});

export const finishWorkoutLog = signedInRoute({
  operationId: 'finishWorkoutLog',
  method: 'post',
  path: '/api/workout-logs/{logId}/finish',
  tags,
  summary: 'Finish a workout: the log and its entry become completed, and the activity feed says so',
  description: 'Finishing a completed log again changes nothing and answers it (200).',
  roles: everyone,
  parameters: [deviceTimeRef],
  request: { params: logIdParamSchema, body: jsonBody(finishWorkoutLogRequestSchema) },
  responses: {
    200: jsonContent(workoutLogResponseSchema, 'The completed log'),
    400: errorResponse('A field is not valid: duration, session RPE 1-10, notes; or the Device-Time header'),
    403: othersLog,
    404: logNotFound,
  },
});

export const correctWorkoutLog = signedInRoute({
  operationId: 'correctWorkoutLog',
  method: 'post',
  path: '/api/workout-logs/{logId}/corrections',
  tags,
  summary: 'Correct a completed workout log (admin, coach); the correction keeps each value before and after',
  description: 'Records and maxes are recomputed. A correction that changes nothing records nothing.',
  roles: staff,
  request: { params: logIdParamSchema, body: jsonBody(correctWorkoutLogRequestSchema) },
  responses: {
    200: jsonContent(workoutLogResponseSchema, 'The log with its corrections'),
    400: errorResponse('A field is not valid, or a set is not in the log (sets.N.id)'),
    404: logNotFound,
    409: errorResponse(
      'The log is still in progress, or a write with this Idempotency-Key is still being applied',
    ),
  },
});

export const listAthleteMaxes = signedInRoute({
  operationId: 'listAthleteMaxes',
  method: 'get',
  path: '/api/athletes/{athleteId}/maxes',
  tags,
  summary: "An athlete's current maxes, one per exercise and kind (athletes: their own)",
  roles: everyone,
  request: { params: athleteIdParamSchema },
  responses: {
    200: jsonContent(athleteMaxListResponseSchema, 'The current maxes by exercise name'),
    400: errorResponse('The id is not a UUID'),
    403: othersTraining,
    404: athleteNotFound,
  },
});

export const recordAthleteMax = signedInRoute({
  operationId: 'recordAthleteMax',
  method: 'post',
  path: '/api/athletes/{athleteId}/maxes',
  tags,
  summary: 'Record a tested 1RM or velocity best for an athlete (admin, coach)',
  roles: staff,
  request: { params: athleteIdParamSchema, body: jsonBody(recordMaxRequestSchema) },
  responses: {
    201: jsonContent(athleteMaxResponseSchema, 'The max as recorded'),
    400: errorResponse('A field is not valid: the exercise, the value, its unit, the date'),
    404: athleteNotFound,
  },
});

export const getExerciseHistory = signedInRoute({
  operationId: 'getExerciseHistory',
  method: 'get',
  path: '/api/athletes/{athleteId}/history',
  tags,
  summary:
    "An athlete's history of one exercise: per completed or tracked workout, the best estimated 1RM, the top set, the best velocity",
  description: 'From `from` to `to` (default: the two years up to today), in the organisation’s unit.',
  roles: everyone,
  request: { params: athleteIdParamSchema, query: exerciseHistoryQuerySchema },
  responses: {
    200: jsonContent(exerciseHistoryResponseSchema, 'One point per workout log, oldest first'),
    400: errorResponse('exerciseId, from or to is not valid, or the range is longer than 3,660 days'),
    403: othersTraining,
    404: errorResponse('No such athlete or exercise in the organisation'),
  },
});

export const getAthleteTraining = signedInRoute({
  operationId: 'getAthleteTraining',
  method: 'get',
  path: '/api/athletes/{athleteId}/training',
  tags,
  summary:
    "An athlete's Training tab: exercises logged, current maxes, latest records, compliance over 7, 30, 90 days",
  roles: everyone,
  request: { params: athleteIdParamSchema },
  responses: {
    200: jsonContent(athleteTrainingResponseSchema, 'What the Training tab shows'),
    400: errorResponse('The id is not a UUID'),
    403: othersTraining,
    404: athleteNotFound,
  },
});

export const listCompletedWorkouts = signedInRoute({
  operationId: 'listCompletedWorkouts',
  method: 'get',
  path: '/api/completed-workouts',
  tags,
  summary:
    "Completed workouts, newest first: staff the organisation's (by athlete, group, category, dates); athletes their own",
  roles: everyone,
  request: { query: completedWorkoutQuerySchema },
  responses: {
    200: jsonContent(completedWorkoutListResponseSchema, 'A page of completed workouts'),
    400: errorResponse('A filter is not valid'),
    404: errorResponse('No such group in the organisation'),
  },
});

export const listActivities = signedInRoute({
  operationId: 'listActivities',
  method: 'get',
  path: '/api/activities',
  tags,
  summary:
    "The activity feed, newest first: staff the organisation's; athletes their own and their groups' athletes'",
  roles: everyone,
  request: { query: activityQuerySchema },
  responses: {
    200: jsonContent(activityListResponseSchema, 'A page of activities'),
    400: errorResponse('page, size, kind, athleteId or groupId is not valid'),
  },
});

export const getActivity = signedInRoute({
  operationId: 'getActivity',
  method: 'get',
  path: '/api/activities/{activityId}',
  tags,
  summary:
    "One activity with its likes and comment count (staff: the organisation's; athletes: what their feed shows)",
  roles: everyone,
  request: { params: activityParamSchema },
  responses: {
    200: jsonContent(activityResponseSchema, 'The activity'),
    404: errorResponse('No such activity in what the viewer may see (another organisation’s is not found)'),
  },
});

const activityNotFound = errorResponse(
  'No such activity in what the viewer may see (another organisation’s is not found)',
);
const onlyStaffLike = 'Only coaches and admins like activities: an athlete answers with a comment.';

export const likeActivity = signedInRoute({
  operationId: 'likeActivity',
  method: 'put',
  path: '/api/activities/{activityId}/like',
  tags,
  summary: 'Like an activity (admin, coach); liking it again changes nothing',
  description: 'The athlete it is about is notified, one notification per activity that counts its likes.',
  roles: staff,
  refusal: onlyStaffLike,
  request: { params: activityParamSchema },
  responses: {
    200: jsonContent(activityLikesResponseSchema, 'The activity’s likes afterwards'),
    404: activityNotFound,
  },
});

export const unlikeActivity = signedInRoute({
  operationId: 'unlikeActivity',
  method: 'delete',
  path: '/api/activities/{activityId}/like',
  tags,
  summary: 'Take a like back (admin, coach); without one, nothing changes',
  roles: staff,
  refusal: onlyStaffLike,
  request: { params: activityParamSchema },
  responses: {
    200: jsonContent(activityLikesResponseSchema, 'The activity’s likes afterwards'),
    404: activityNotFound,
  },
});

export const listActivityComments = signedInRoute({
  operationId: 'listActivityComments',
  method: 'get',
  path: '/api/activities/{activityId}/comments',
  tags,
  summary: 'An activity’s comments, oldest first, all of them up to 200 (anyone who may see the activity)',
  roles: everyone,
  request: { params: activityParamSchema },
  responses: {
    200: jsonContent(activityCommentListResponseSchema, 'The thread, newest last'),
    404: activityNotFound,
  },
});

export const putActivityComment = signedInRoute({
  operationId: 'putActivityComment',
  method: 'put',
  path: '/api/activities/{activityId}/comments/{commentId}',
  tags,
  summary:
    'Comment on an activity with a comment id made on the device (staff: any they see; an athlete: its own activity, to answer)',
  description:
    'Sending the same comment again leaves one (200). Its author may change the text with the same id (200). ' +
    'An id used by someone else, on another activity or in another organisation is refused as taken (409). ' +
    'Staff’s comment notifies the athlete; the athlete’s answer notifies the staff who commented before.',
  roles: everyone,
  request: { params: activityCommentParamSchema, body: jsonBody(putActivityCommentRequestSchema) },
  responses: {
    200: jsonContent(activityCommentResponseSchema, 'The comment as it stands (sent again, or edited)'),
    201: jsonContent(activityCommentResponseSchema, 'The new comment'),
    403: errorResponse('An athlete commented on another athlete’s activity'),
    404: activityNotFound,
    409: errorResponse(
      'The comment id is taken, or a write with this Idempotency-Key is still being applied',
    ),
  },
});

export const deleteActivityComment = signedInRoute({
  operationId: 'deleteActivityComment',
  method: 'delete',
  path: '/api/activities/{activityId}/comments/{commentId}',
  tags,
  summary: 'Remove a comment (its author, or an admin)',
  roles: everyone,
  request: { params: activityCommentParamSchema },
  responses: {
    204: { description: 'Removed' },
    403: errorResponse('Someone else’s comment, and the viewer is not an admin'),
    404: errorResponse('No such activity the viewer may see, or no such comment on it (already removed)'),
  },
});

export const getWeekCompliance = signedInRoute({
  operationId: 'getWeekCompliance',
  method: 'get',
  path: '/api/compliance/week',
  tags,
  summary:
    "Compliance per group over the organisation's week so far: completed ÷ due entries, missed, skipped and today's still open (admin, coach)",
  roles: staff,
  responses: {
    200: jsonContent(weekComplianceResponseSchema, 'Per group, by name'),
  },
});
