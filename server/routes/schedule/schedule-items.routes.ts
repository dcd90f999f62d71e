import {
  assignmentIdParamSchema,
  entryIdParamSchema,
  scheduleBatchResponseSchema,
  scheduleItemResponseSchema,
  updateScheduleItemRequestSchema,
} from '../../../contract/schedule';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const staff = ['admin', 'coach'] as const;
const tags = ['Schedule'];
const entryNotFound = errorResponse(
  'No such entry in the organisation (for an athlete: on its own schedule)',
);
const assignmentNotFound = errorResponse('No such group assignment in the organisation');
const badChange = errorResponse(
  'A field is not valid: a date outside 2000-2100, a position outside 0-100, a time not HH:MM, a skip without a reason, or a reason for an item that is not skipped',
);
const updateBody = {
  content: { 'application/json': { schema: updateScheduleItemRequestSchema } },
  required: true,
};

export const getScheduleEntry = signedInRoute({
  operationId: 'getScheduleEntry',
  method: 'get',
  path: '/api/schedule/entries/{entryId}',
  tags,
  summary: "An athlete's entry with its copy of the workout (athletes: their own)",
  roles: ['admin', 'coach', 'athlete'],
  request: { params: entryIdParamSchema },
  responses: {
    200: jsonContent(scheduleItemResponseSchema, 'The entry'),
    400: errorResponse('The id is not a UUID'),
    404: entryNotFound,
  },
});

export const updateScheduleEntry = signedInRoute({
  operationId: 'updateScheduleEntry',
  method: 'patch',
  path: '/api/schedule/entries/{entryId}',
  tags,
  summary:
    'Move an entry (date, order on the day, time of day), or skip it with a reason, or take the skip back (admin, coach)',
  description:
    "A member's entry changed alone stops following its group assignment. An entry in progress or completed " +
    'is not moved, skipped or scheduled again (409 says why).',
  roles: staff,
  request: { params: entryIdParamSchema, body: updateBody },
  responses: {
    200: jsonContent(scheduleItemResponseSchema, 'The entry as it is now'),
    400: badChange,
    404: entryNotFound,
    409: errorResponse(
      'The entry is in progress or completed, or a write with this Idempotency-Key is still being applied',
    ),
  },
});

export const deleteScheduleEntry = signedInRoute({
  operationId: 'deleteScheduleEntry',
  method: 'delete',
  path: '/api/schedule/entries/{entryId}',
  tags,
  summary: 'Remove an entry that is not started (admin, coach); undoable',
  roles: staff,
  request: { params: entryIdParamSchema },
  responses: {
    200: jsonContent(scheduleBatchResponseSchema, 'Removed, with the batch that puts it back'),
    400: errorResponse('The id is not a UUID'),
    404: entryNotFound,
    409: errorResponse(
      'The entry is in progress or completed, or a write with this Idempotency-Key is still being applied',
    ),
  },
});

export const updateEntryFromLibrary = signedInRoute({
  operationId: 'updateEntryFromLibrary',
  method: 'post',
  path: '/api/schedule/entries/{entryId}/update-from-library',
  tags,
  summary: "Take the library's current version of the entry's workout (admin, coach)",
  description: "A member's entry updated alone stops following its group assignment.",
  roles: staff,
  request: { params: entryIdParamSchema },
  responses: {
    200: jsonContent(
      scheduleItemResponseSchema,
      'The entry with its new copy (unchanged when it had the latest)',
    ),
    400: errorResponse('The id is not a UUID'),
    404: entryNotFound,
    409: errorResponse(
      'The entry is in progress or completed, its workout is no longer in the library, or a write with this Idempotency-Key is still being applied',
    ),
  },
});

export const getGroupAssignment = signedInRoute({
  operationId: 'getGroupAssignment',
  method: 'get',
  path: '/api/group-assignments/{assignmentId}',
  tags,
  summary: "A group assignment with its copy of the workout and each member's entry (admin, coach)",
  roles: staff,
  request: { params: assignmentIdParamSchema },
  responses: {
    200: jsonContent(scheduleItemResponseSchema, 'The assignment'),
    400: errorResponse('The id is not a UUID'),
    404: assignmentNotFound,
  },
});

export const updateGroupAssignment = signedInRoute({
  operationId: 'updateGroupAssignment',
  method: 'patch',
  path: '/api/group-assignments/{assignmentId}',
  tags,
  summary: "Move a group assignment, or skip it (its members' entries) with a reason (admin, coach)",
  description:
    "The change reaches the members' entries that still follow it and are not started; those started or " +
    'completed stay as they are and stop following it.',
  roles: staff,
  request: { params: assignmentIdParamSchema, body: updateBody },
  responses: {
    200: jsonContent(scheduleItemResponseSchema, 'The assignment as it is now'),
    400: badChange,
    404: assignmentNotFound,
  },
});

export const deleteGroupAssignment = signedInRoute({
  operationId: 'deleteGroupAssignment',
  method: 'delete',
  path: '/api/group-assignments/{assignmentId}',
  tags,
  summary:
    "Remove a group assignment with its members' entries that follow it and are not started (admin, coach); undoable",
  description: 'Started and completed entries stay on the athletes’ calendars as their own.',
  roles: staff,
  request: { params: assignmentIdParamSchema },
  responses: {
    200: jsonContent(scheduleBatchResponseSchema, 'Removed, with the batch that puts it back'),
    400: errorResponse('The id is not a UUID'),
    404: assignmentNotFound,
  },
});

export const updateAssignmentFromLibrary = signedInRoute({
  operationId: 'updateAssignmentFromLibrary',
  method: 'post',
  path: '/api/group-assignments/{assignmentId}/update-from-library',
  tags,
  summary:
    "Take the library's current version for a group assignment and its members' entries that follow it and are not started (admin, coach)",
  roles: staff,
  request: { params: assignmentIdParamSchema },
  responses: {
    200: jsonContent(scheduleItemResponseSchema, 'The assignment with its new copy'),
    400: errorResponse('The id is not a UUID'),
    404: assignmentNotFound,
    409: errorResponse(
      'Its workout is no longer in the library, or a write with this Idempotency-Key is still being applied',
    ),
  },
});
