import { z } from 'zod';
import {
  createOrganizationRequestSchema,
  inviteFirstAdminRequestSchema,
  inviteFirstAdminResponseSchema,
  managedOrganizationListSchema,
  managedOrganizationResponseSchema,
  managementLoginRequestSchema,
  managementLoginResponseSchema,
  managementLogoutResponseSchema,
  managementMeResponseSchema,
  updateOrganizationRequestSchema,
} from '../../../contract/management';
import { managementPublicRoute, managementRoute } from '../../lib/management';
import { errorResponse, jsonContent } from '../../lib/routes';

const tags = ['Management host'];

const organizationIdParamSchema = z.object({ organizationId: z.uuid({ error: 'Not an organisation id' }) });

const jsonBody = <T>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

export const login = managementPublicRoute({
  method: 'post',
  path: '/api/manage/login',
  operationId: 'managementLogin',
  tags,
  summary: 'Sign a platform admin in on the management host; returns a bearer token valid for 30 days',
  request: { body: jsonBody(managementLoginRequestSchema) },
  responses: {
    200: jsonContent(managementLoginResponseSchema, 'Signed in'),
    400: errorResponse('The body is not valid'),
    401: errorResponse('Unknown email or wrong password (the same answer for both)'),
    429: errorResponse('Too many sign-ins from this address or for this email; see Retry-After'),
  },
});

export const logout = managementRoute({
  method: 'post',
  path: '/api/manage/logout',
  operationId: 'managementLogout',
  tags,
  summary: "Revoke the platform admin's bearer token of this request",
  responses: { 200: jsonContent(managementLogoutResponseSchema, 'Signed out') },
});

export const me = managementRoute({
  method: 'get',
  path: '/api/manage/me',
  operationId: 'getManagementMe',
  tags,
  summary: 'The signed-in platform admin',
  responses: { 200: jsonContent(managementMeResponseSchema, 'The platform admin') },
});

export const listOrganizations = managementRoute({
  method: 'get',
  path: '/api/manage/organizations',
  operationId: 'listOrganizations',
  tags,
  summary: 'Every organisation: name, slug, hosts, colours, user count and whether it has an admin',
  responses: { 200: jsonContent(managedOrganizationListSchema, 'The organisations, by name') },
});

export const createOrganization = managementRoute({
  method: 'post',
  path: '/api/manage/organizations',
  operationId: 'createOrganization',
  tags,
  summary: 'Create an organisation with its slug, hosts and brand colours',
  request: { body: jsonBody(createOrganizationRequestSchema) },
  responses: {
    201: jsonContent(managedOrganizationResponseSchema, 'Created'),
    400: errorResponse('A field is not valid (fields names it; hosts.N for a host)'),
    409: errorResponse('The slug or a host is already taken (fields names it)'),
  },
});

export const getOrganization = managementRoute({
  method: 'get',
  path: '/api/manage/organizations/{organizationId}',
  operationId: 'getOrganization',
  tags,
  summary: 'One organisation',
  request: { params: organizationIdParamSchema },
  responses: { 200: jsonContent(managedOrganizationResponseSchema, 'The organisation') },
});

export const updateOrganization = managementRoute({
  method: 'patch',
  path: '/api/manage/organizations/{organizationId}',
  operationId: 'updateOrganization',
  tags,
  summary: "Change an organisation's name, hosts (the whole list) or brand colours; the slug stays",
  request: { params: organizationIdParamSchema, body: jsonBody(updateOrganizationRequestSchema) },
  responses: {
    200: jsonContent(managedOrganizationResponseSchema, 'Saved'),
    400: errorResponse('A field is not valid (fields names it)'),
    409: errorResponse('A host is already taken (fields names it)'),
  },
});

export const inviteFirstAdmin = managementRoute({
  method: 'post',
  path: '/api/manage/organizations/{organizationId}/first-admin',
  operationId: 'inviteFirstAdmin',
  tags,
  summary:
    "Invite the organisation's first admin: an account without a password and a mailed link to choose one",
  description:
    'Refused with 409 once the organisation has an admin who has chosen a password (that admin invites ' +
    'others). Inviting the same, not yet activated, email again sends a new link and stops the old one.',
  request: { params: organizationIdParamSchema, body: jsonBody(inviteFirstAdminRequestSchema) },
  responses: {
    201: jsonContent(inviteFirstAdminResponseSchema, 'Invited; the mail is sent after the answer'),
    400: errorResponse('A field is not valid'),
    409: errorResponse(
      'The organisation already has an active admin, or the email belongs to another account',
    ),
  },
});
