import {
  batchIdParamSchema,
  copyScheduleRequestSchema,
  createScheduleItemRequestSchema,
  deleteScheduleRangeRequestSchema,
  scheduleBatchResponseSchema,
  scheduleItemResponseSchema,
  scheduleQuerySchema,
  scheduleResponseSchema,
  todayResponseSchema,
} from '../../../contract/schedule';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const everyone = ['admin', 'coach', 'athlete'] as const;
const staff = ['admin', 'coach'] as const;
const tags = ['Schedule'];
const whoNotFound = errorResponse(
  'No such athlete or group in the organisation (another organisation’s is not found)',
);

export const listSchedule = signedInRoute({
  operationId: 'listSchedule',
  method: 'get',
  path: '/api/schedule',
  tags,
  summary:
    "A calendar's items from one date to another (at most 62 days): an athlete's, a group's or the organisation's",
  description:
    "With `athleteId`, the athlete's entries; with `groupId`, the group's assignments, each once with its " +
    "members' progress; with neither, the organisation's: every group assignment once and the entries that do " +
    'not follow one. Athletes read their own entries only. Answers the organisation’s today and time zone.',
  roles: everyone,
  request: { query: scheduleQuerySchema },
  responses: {
    200: jsonContent(scheduleResponseSchema, 'The items in date order, then by their order on the day'),
    400: errorResponse(
      'A date is not YYYY-MM-DD between 2000 and 2100, the range ends before it starts or spans more than 62 days, or both athleteId and groupId are given',
    ),
    403: errorResponse("An athlete asked for another athlete's or a group's calendar"),
    404: whoNotFound,
  },
});

export const getToday = signedInRoute({
  operationId: 'getToday',
  method: 'get',
  path: '/api/schedule/today',
  tags,
  summary: "Today's items: an athlete's own entries; for staff, the organisation's calendar of today",
  roles: everyone,
  responses: {
    200: jsonContent(todayResponseSchema, "The organisation's today, its time zone and the items"),
  },
});

export const createScheduleItem = signedInRoute({
  operationId: 'createScheduleItem',
  method: 'post',
  path: '/api/schedule',
  tags,
  summary:
    'Put a library workout on a date for an athlete (an entry) or a group (an assignment fanned out to every member) (admin, coach)',
  description:
    'The item keeps a copy of the workout as it is now, after what is already on that day. A group assignment ' +
    'makes one entry per current member, linked to it and following it.',
  roles: staff,
  request: {
    body: { content: { 'application/json': { schema: createScheduleItemRequestSchema } }, required: true },
  },
  responses: {
    201: jsonContent(scheduleItemResponseSchema, 'The new item with its copy of the workout'),
    400: errorResponse(
      'A field is not valid: neither or both of athleteId and groupId, a date outside 2000-2100, a time not HH:MM, a workout not in the library or archived (fields.workoutId)',
    ),
    404: whoNotFound,
  },
});

export const copySchedule = signedInRoute({
  operationId: 'copySchedule',
  method: 'post',
  path: '/api/schedule/copy',
  tags,
  summary:
    "Copy an athlete's or a group's items of a range (a day, a week, up to 62 days) to another start date, for the same or another athlete or group (admin, coach)",
  description:
    'Every item is copied as a new scheduled item, the same number of days after `toDate` as it was after ' +
    '`from`. Answers how many entries and assignments it made and the batch that undoes it.',
  roles: staff,
  request: {
    body: { content: { 'application/json': { schema: copyScheduleRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(scheduleBatchResponseSchema, 'What was copied, and how to undo it'),
    400: errorResponse(
      'A field is not valid: the range, the athlete or group (exactly one), a copy ending after 2100, or more than 2,000 entries at once (fields.toDate)',
    ),
    404: whoNotFound,
  },
});

export const deleteScheduleRange = signedInRoute({
  operationId: 'deleteScheduleRange',
  method: 'post',
  path: '/api/schedule/delete',
  tags,
  summary:
    'Remove every item of an athlete or a group in a range that is not started (admin, coach); started and completed ones stay',
  description:
    "For a group, its assignments go with their members' entries that follow them and are not started.",
  roles: staff,
  request: {
    body: { content: { 'application/json': { schema: deleteScheduleRangeRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(
      scheduleBatchResponseSchema,
      'How many entries and assignments went, and how to undo it',
    ),
    400: errorResponse(
      'A field is not valid: the range (at most 62 days) or the athlete or group (exactly one)',
    ),
    404: whoNotFound,
  },
});

export const undoScheduleBatch = signedInRoute({
  operationId: 'undoScheduleBatch',
  method: 'post',
  path: '/api/schedule/batches/{batchId}/undo',
  tags,
  summary: 'Undo a copy or a removal, once, by the user who made it (admin, coach)',
  description:
    'A copy is undone by removing what it made that is not started; a removal by putting the rows back as they were.',
  roles: staff,
  request: { params: batchIdParamSchema },
  responses: {
    200: jsonContent(scheduleBatchResponseSchema, 'How many items the undo touched'),
    404: errorResponse('No such change of the caller’s'),
    409: errorResponse(
      'The change was already undone, or a write with this Idempotency-Key is still being applied',
    ),
  },
});
