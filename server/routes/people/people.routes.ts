import {
  changeRoleRequestSchema,
  createPersonRequestSchema,
  messageResponseSchema,
  personResponseSchema,
  updatePersonRequestSchema,
} from '../../../contract/people';
import { userIdParamSchema } from '../../../contract/users';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

export const createPerson = signedInRoute({
  method: 'post',
  path: '/api/users',
  operationId: 'createPerson',
  tags: ['People'],
  summary:
    'Add a person, who is mailed an invitation to choose a password (admin: any role; coach: athletes)',
  description:
    'The person is approved at once and has no password until they follow the invitation link (7 days). ' +
    'The email address must not be in use anywhere in the deployment.',
  roles: ['admin', 'coach'],
  request: {
    body: { content: { 'application/json': { schema: createPersonRequestSchema } }, required: true },
  },
  responses: {
    201: jsonContent(personResponseSchema, 'The person as created'),
    400: errorResponse('A field is not valid, or the email address is already in use'),
    403: errorResponse('A coach tried to add someone who is not an athlete'),
  },
});

export const getPerson = signedInRoute({
  method: 'get',
  path: '/api/users/{userId}',
  operationId: 'getPerson',
  tags: ['People'],
  summary: "A person's profile and groups (staff: anyone in the organisation; athlete: itself)",
  roles: ['admin', 'coach', 'athlete'],
  request: { params: userIdParamSchema },
  responses: {
    200: jsonContent(personResponseSchema, 'The person'),
    403: errorResponse("An athlete asked for someone else's profile"),
    404: errorResponse('No such user in the organisation'),
  },
});

export const updatePerson = signedInRoute({
  method: 'patch',
  path: '/api/users/{userId}',
  operationId: 'updatePerson',
  tags: ['People'],
  summary: "Change a person's name, contact and athlete-profile fields; only the fields sent change",
  description:
    'Admin: anyone. Coach: athletes, and its own name and phone. Athlete: its own first name, last name and ' +
    'phone only (403 for any other field or person).',
  roles: ['admin', 'coach', 'athlete'],
  request: {
    params: userIdParamSchema,
    body: { content: { 'application/json': { schema: updatePersonRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(personResponseSchema, 'The person as saved'),
    400: errorResponse('A field is not valid, or the email address is already in use'),
    403: errorResponse('The caller may not change this person, or this field of them'),
    404: errorResponse('No such user in the organisation'),
  },
});

export const changeRole = signedInRoute({
  method: 'post',
  path: '/api/users/{userId}/role',
  operationId: 'changeRole',
  tags: ['People'],
  summary: "Change a person's role (admin only, never its own)",
  description: 'An organisation keeps at least one approved admin: demoting the last one is refused (409).',
  roles: ['admin'],
  request: {
    params: userIdParamSchema,
    body: { content: { 'application/json': { schema: changeRoleRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(personResponseSchema, 'The person with the new role'),
    400: errorResponse('The role is not one of admin, coach, athlete'),
    403: errorResponse('An admin tried to change its own role'),
    404: errorResponse('No such user in the organisation'),
    409: errorResponse('The organisation would be left without an admin'),
  },
});

export const resendInvitation = signedInRoute({
  method: 'post',
  path: '/api/users/{userId}/invitation',
  operationId: 'resendInvitation',
  tags: ['People'],
  summary: 'Mail a new invitation link to someone who has not chosen a password yet (admin; coach: athletes)',
  description: 'The older link stops working.',
  roles: ['admin', 'coach'],
  request: { params: userIdParamSchema },
  responses: {
    200: jsonContent(messageResponseSchema, 'The invitation is on its way'),
    403: errorResponse('A coach tried to invite someone who is not an athlete'),
    404: errorResponse('No such user in the organisation'),
    409: errorResponse('The person has chosen a password already, or is not approved'),
  },
});
