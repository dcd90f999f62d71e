import {
  applicationIdParamSchema,
  applyProgramRequestSchema,
  deleteProgramResponseSchema,
  programApplicationListResponseSchema,
  programApplicationResponseSchema,
  programFromScheduleRequestSchema,
  programIdParamSchema,
  programListResponseSchema,
  programPreviewResponseSchema,
  programResponseSchema,
  saveProgramRequestSchema,
  scheduleBatchResponseSchema,
} from '../../../contract/schedule';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const staff = ['admin', 'coach'] as const;
const tags = ['Programs'];
const programNotFound = errorResponse('No such program in the organisation');
const badProgram = errorResponse(
  'A field is not valid: an empty or taken name (fields.name), no workouts, a day below 1 or above 365, a workout not in the library or archived (fields.workouts.N.workoutId)',
);
const badApplication = errorResponse(
  'A field is not valid: neither or both of athleteId and groupId, a start date outside 2000-2100 or one that ends the program after 2100, or more than 2,000 entries at once (fields.startDate says the count)',
);
const whoNotFound = errorResponse('No such program, or no such athlete or group, in the organisation');
const programBody = {
  content: { 'application/json': { schema: saveProgramRequestSchema } },
  required: true,
};
const applyBody = {
  content: { 'application/json': { schema: applyProgramRequestSchema } },
  required: true,
};

export const listPrograms = signedInRoute({
  operationId: 'listPrograms',
  method: 'get',
  path: '/api/programs',
  tags,
  summary:
    "The organisation's programs by name, each with its workouts, days and applications counted (admin, coach)",
  roles: staff,
  responses: {
    200: jsonContent(programListResponseSchema, 'Every program of the organisation'),
    403: errorResponse('Athletes cannot read programs'),
  },
});

export const createProgram = signedInRoute({
  operationId: 'createProgram',
  method: 'post',
  path: '/api/programs',
  tags,
  summary: 'Save a new program: library workouts on day offsets, several a day allowed (admin, coach)',
  description:
    'Names are unique in the organisation whatever their case. Workouts of one day keep the order sent.',
  roles: staff,
  request: { body: programBody },
  responses: {
    201: jsonContent(programResponseSchema, 'The program as saved'),
    400: badProgram,
  },
});

export const createProgramFromSchedule = signedInRoute({
  operationId: 'createProgramFromSchedule',
  method: 'post',
  path: '/api/programs/from-schedule',
  tags,
  summary:
    "Save an athlete's or a group's calendar from one date to another as a program; day 1 is `from` (admin, coach)",
  roles: staff,
  request: {
    body: { content: { 'application/json': { schema: programFromScheduleRequestSchema } }, required: true },
  },
  responses: {
    201: jsonContent(programResponseSchema, 'The program as saved'),
    400: errorResponse(
      'A field is not valid: an empty or taken name, neither or both of athleteId and groupId, a range over 365 days, or nothing scheduled in the range (fields.from)',
    ),
    404: errorResponse('No such athlete or group in the organisation'),
  },
});

export const getProgram = signedInRoute({
  operationId: 'getProgram',
  method: 'get',
  path: '/api/programs/{programId}',
  tags,
  summary: 'A program with its workouts by day (admin, coach)',
  roles: staff,
  request: { params: programIdParamSchema },
  responses: {
    200: jsonContent(programResponseSchema, 'The program'),
    400: errorResponse('The id is not a UUID'),
    404: programNotFound,
  },
});

export const updateProgram = signedInRoute({
  operationId: 'updateProgram',
  method: 'put',
  path: '/api/programs/{programId}',
  tags,
  summary: 'Replace a program with the whole program sent (admin, coach)',
  description:
    'An archived workout the program already had may stay in it. Applications made before keep their items.',
  roles: staff,
  request: { params: programIdParamSchema, body: programBody },
  responses: {
    200: jsonContent(programResponseSchema, 'The program as saved'),
    400: badProgram,
    404: programNotFound,
  },
});

export const deleteProgram = signedInRoute({
  operationId: 'deleteProgram',
  method: 'delete',
  path: '/api/programs/{programId}',
  tags,
  summary: 'Delete a program (admin, coach); what its applications put on the calendar stays',
  roles: staff,
  request: { params: programIdParamSchema },
  responses: {
    200: jsonContent(deleteProgramResponseSchema, 'Deleted'),
    400: errorResponse('The id is not a UUID'),
    404: programNotFound,
  },
});

export const duplicateProgram = signedInRoute({
  operationId: 'duplicateProgram',
  method: 'post',
  path: '/api/programs/{programId}/duplicate',
  tags,
  summary: 'Copy a program, named "X (copy)", "X (copy 2)", … (admin, coach)',
  roles: staff,
  request: { params: programIdParamSchema },
  responses: {
    201: jsonContent(programResponseSchema, 'The copy'),
    400: errorResponse('The id is not a UUID'),
    404: programNotFound,
  },
});

export const previewProgramApplication = signedInRoute({
  operationId: 'previewProgramApplication',
  method: 'post',
  path: '/api/programs/{programId}/applications/preview',
  tags,
  summary:
    'What applying a program to an athlete or a group from a start date would make, and what is already on those dates (admin, coach)',
  description: 'Changes nothing. `entryCount` counts a group’s entries per member, and its assignments.',
  roles: staff,
  request: { params: programIdParamSchema, body: applyBody },
  responses: {
    200: jsonContent(
      programPreviewResponseSchema,
      'Every date and workout, the items already there, the count',
    ),
    400: badApplication,
    404: whoNotFound,
  },
});

export const applyProgram = signedInRoute({
  operationId: 'applyProgram',
  method: 'post',
  path: '/api/programs/{programId}/applications',
  tags,
  summary: 'Apply a program to an athlete or a group from a start date, in one transaction (admin, coach)',
  description:
    'Every item made is linked to the new application, so that removing the application removes them. More ' +
    'than 2,000 entries in one go (a group’s fan-out included) is refused.',
  roles: staff,
  request: { params: programIdParamSchema, body: applyBody },
  responses: {
    201: jsonContent(programApplicationResponseSchema, 'The application'),
    400: badApplication,
    404: whoNotFound,
  },
});

export const listProgramApplications = signedInRoute({
  operationId: 'listProgramApplications',
  method: 'get',
  path: '/api/programs/{programId}/applications',
  tags,
  summary: "A program's applications, newest first, each with its items still on the calendar (admin, coach)",
  roles: staff,
  request: { params: programIdParamSchema },
  responses: {
    200: jsonContent(programApplicationListResponseSchema, 'The applications'),
    400: errorResponse('The id is not a UUID'),
    404: programNotFound,
  },
});

export const removeProgramApplication = signedInRoute({
  operationId: 'removeProgramApplication',
  method: 'delete',
  path: '/api/program-applications/{applicationId}',
  tags,
  summary:
    'Remove an application: its items that are not started go; started and completed ones stay (admin, coach)',
  roles: staff,
  request: { params: applicationIdParamSchema },
  responses: {
    200: jsonContent(scheduleBatchResponseSchema, 'How many entries and assignments went'),
    400: errorResponse('The id is not a UUID'),
    404: errorResponse('No such program application in the organisation'),
  },
});
