import {
  accountMessageResponseSchema,
  activationLinkParamsSchema,
  activationLinkResponseSchema,
  activationRequestSchema,
  activationResponseSchema,
  registrationRequestSchema,
  resendActivationRequestSchema,
  signupRequestSchema,
} from '../../../contract/accounts';
import { errorResponse, jsonContent, publicRoute } from '../../lib/routes';

const tags = ['Accounts'];

export const register = publicRoute({
  method: 'post',
  path: '/api/registration',
  operationId: 'registerOrganization',
  tags,
  summary:
    'Start an organisation: makes it and its first admin (approved, not yet activated) and mails an activation link (48 hours)',
  request: {
    body: { content: { 'application/json': { schema: registrationRequestSchema } }, required: true },
  },
  responses: {
    201: jsonContent(accountMessageResponseSchema, 'Made; the admin activates the account from the mail'),
    400: errorResponse(
      'VALIDATION_FAILED: fields.organizationSlug (format, reserved or taken), fields.email (taken), fields.password (default policy), …',
    ),
    429: errorResponse('Too many registrations from this address or for this email; see Retry-After'),
  },
});

export const signup = publicRoute({
  method: 'post',
  path: '/api/signup',
  operationId: 'signUp',
  tags,
  summary:
    "An athlete signs up to the host's organisation (or the invite link's, body.organization): pending, mailed an activation link; the same answer when the email has an account",
  request: {
    body: { content: { 'application/json': { schema: signupRequestSchema } }, required: true },
  },
  responses: {
    201: jsonContent(
      accountMessageResponseSchema,
      'Accepted (a new account is made only if the email is free)',
    ),
    400: errorResponse(
      "VALIDATION_FAILED: fields.password (the organisation's policy), fields.organization (no such invite link), …",
    ),
    429: errorResponse('Too many sign-ups from this address or for this email; see Retry-After'),
  },
});

export const activationLink = publicRoute({
  method: 'get',
  path: '/api/activation/{userId}/{verificationCode}',
  operationId: 'getActivationLink',
  tags,
  summary: 'What an activation or invitation link is (whom it greets, whether a password is needed)',
  request: { params: activationLinkParamsSchema },
  responses: {
    200: jsonContent(activationLinkResponseSchema, 'The link works'),
    400: errorResponse('ACTIVATION_LINK_INVALID, ACTIVATION_LINK_EXPIRED or ACTIVATION_LINK_USED'),
    429: errorResponse('Too many attempts from this address; see Retry-After'),
  },
});

export const activate = publicRoute({
  method: 'post',
  path: '/api/activation',
  operationId: 'activateAccount',
  tags,
  summary:
    'Use an activation link (confirms the email) or an invitation (also sets the password); answers the account status',
  request: {
    body: { content: { 'application/json': { schema: activationRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(
      activationResponseSchema,
      'Activated; status approved may sign in, pending waits for staff',
    ),
    400: errorResponse(
      "ACTIVATION_LINK_INVALID, ACTIVATION_LINK_EXPIRED, ACTIVATION_LINK_USED, or VALIDATION_FAILED (fields.password: an invitation's password, the organisation's policy)",
    ),
    429: errorResponse('Too many attempts from this address; see Retry-After'),
  },
});

export const resendActivation = publicRoute({
  method: 'post',
  path: '/api/activation/resend',
  operationId: 'resendActivation',
  tags,
  summary:
    'Mail a new activation link (or a new invitation to someone who has no password yet); the same answer whatever the email',
  request: {
    body: { content: { 'application/json': { schema: resendActivationRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(accountMessageResponseSchema, 'Accepted (a mail is sent only if the account needs one)'),
    400: errorResponse('The body is not valid'),
    429: errorResponse('Too many requests from this address or for this email; see Retry-After'),
  },
});
