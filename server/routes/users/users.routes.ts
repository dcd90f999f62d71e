import {
  updateOwnUserRequestSchema,
  updateOwnUserResponseSchema,
  userIdParamSchema,
} from '../../../contract/users';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

export const updateOwnUser = signedInRoute({
  method: 'post',
  path: '/api/users/{userId}',
  tags: ['Users'],
  summary: "Change the signed-in user's own onboarding state or push token",
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
