import {
  forgotPasswordRequestSchema,
  passwordMessageResponseSchema,
  resetPasswordRequestSchema,
} from '../../../contract/passwords';
import { errorResponse, jsonContent, publicRoute } from '../../lib/routes';

export const forgotPassword = publicRoute({
  method: 'post',
  path: '/api/password/forgot',
  operationId: 'forgotPassword',
  tags: ['Sign-in'],
  summary:
    'Mail a link to choose a new password (valid 1 hour, once); the same answer whether or not the email exists',
  request: {
    body: { content: { 'application/json': { schema: forgotPasswordRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(passwordMessageResponseSchema, 'Accepted (a mail is sent only if the account exists)'),
    400: errorResponse('The body is not valid'),
    429: errorResponse('Too many requests for this email or from this address; see Retry-After'),
  },
});

export const resetPassword = publicRoute({
  method: 'post',
  path: '/api/password/reset',
  operationId: 'resetPassword',
  tags: ['Sign-in'],
  summary: "Set a new password with a reset link's token; signs the user out everywhere",
  request: {
    body: { content: { 'application/json': { schema: resetPasswordRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(passwordMessageResponseSchema, 'The password is changed'),
    400: errorResponse(
      "VALIDATION_FAILED (fields.password names the policy's unmet rules), RESET_LINK_INVALID, RESET_LINK_EXPIRED or RESET_LINK_USED",
    ),
    429: errorResponse('Too many attempts from this address; see Retry-After'),
  },
});
