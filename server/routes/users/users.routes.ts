import {
  changeUserStatusRequestSchema,
  changeUserStatusResponseSchema,
  updateOwnUserRequestSchema,
  updateOwnUserResponseSchema,
  userIdParamSchema,
  userListQuerySchema,
  userListResponseSchema,
} from '../../../contract/users';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

export const updateOwnUser = signedInRoute({
  method: 'post',
  path: '/api/users/{userId}',
  operationId: 'updateOwnUser',
  tags: ['Users'],
  summary: "Change the signed-in user's own onboarding state or push token",
  roles: ['admin', 'coach', 'athlete'],
  request: {
    params: userIdParamSchema,
    body: { content: { 'application/json': { schema: updateOwnUserRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(updateOwnUserResponseSchema, 'Saved'),
    400: errorResponse('A field is not valid, or may not be changed here'),
    403: errorResponse('The id is not the signed-in user'),
  },
});

export const listUsers = signedInRoute({
  method: 'get',
  path: '/api/users',
  operationId: 'listUsers',
  tags: ['Users'],
  summary: "The organisation's people, searched and filtered, one page at a time (admin, coach)",
  description:
    'Pending sign-ups come first, then everyone by last and first name. `q` matches part of a first name, ' +
    'last name or email address, in any case.',
  roles: ['admin', 'coach'],
  request: { query: userListQuerySchema },
  responses: {
    200: jsonContent(userListResponseSchema, 'One page of people, with the total that match'),
    400: errorResponse('A query parameter is not valid (size is at most 100)'),
    403: errorResponse('Athletes cannot list the organisation'),
  },
});

export const changeUserStatus = signedInRoute({
  method: 'post',
  path: '/api/users/{userId}/status',
  operationId: 'changeUserStatus',
  tags: ['Users'],
  summary:
    'Approve or reject a sign-up, disable or enable a user (admin: anyone but itself; coach: athletes)',
  description:
    'Allowed changes: pending → approved or rejected; rejected → approved; approved → disabled; ' +
    'disabled → approved (enable). Disabling or rejecting ends every session of that user at once.',
  roles: ['admin', 'coach'],
  request: {
    params: userIdParamSchema,
    body: { content: { 'application/json': { schema: changeUserStatusRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(changeUserStatusResponseSchema, 'The user with its new status'),
    400: errorResponse('The status is not one that can be set'),
    403: errorResponse('The caller may not change this user (its own account, or a coach and a non-athlete)'),
    404: errorResponse('No such user in the organisation'),
    409: errorResponse('The change does not make sense from the current status'),
  },
});
