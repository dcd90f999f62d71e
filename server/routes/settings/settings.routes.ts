import {
  customSidebarItemsQuerySchema,
  updateSettingsRequestSchema,
  updateSettingsResponseSchema,
} from '../../../contract/organization-settings';
import { customSidebarItemsResponseSchema, settingsResponseSchema } from '../../../contract/organizations';
import { errorResponse, jsonContent, publicRoute, signedInRoute } from '../../lib/routes';

export const settings = signedInRoute({
  method: 'get',
  path: '/api/settings',
  operationId: 'getSettings',
  tags: ['Organisation'],
  summary: "The signed-in user's organisation settings: name, logo, colours, password policy",
  roles: ['admin', 'coach', 'athlete'],
  responses: { 200: jsonContent(settingsResponseSchema, 'Settings') },
});

export const publicSettings = publicRoute({
  method: 'get',
  path: '/api/publicSettings',
  operationId: 'getPublicSettings',
  tags: ['Organisation'],
  summary: "Branding and password policy of the organisation the page's host maps to (no sign-in)",
  responses: {
    200: jsonContent(settingsResponseSchema, 'Settings'),
    404: errorResponse('The management host, which has no organisation (it answers only /api/manage/*)'),
  },
});

export const customSidebarItems = signedInRoute({
  method: 'get',
  path: '/api/customSidebarItems',
  operationId: 'listSidebarItems',
  tags: ['Organisation'],
  summary: "The organisation's custom sidebar items that the signed-in user's role sees, in order",
  description: 'With `all=true` (admins only, for the settings screen): every item, whoever it is for.',
  roles: ['admin', 'coach', 'athlete'],
  request: { query: customSidebarItemsQuerySchema },
  responses: {
    200: jsonContent(customSidebarItemsResponseSchema, 'Sidebar items'),
    403: errorResponse('all=true from someone who is not an admin'),
  },
});

export const updateSettings = signedInRoute({
  method: 'put',
  path: '/api/settings',
  operationId: 'updateSettings',
  tags: ['Organisation'],
  summary: "Change the organisation's name, support email, colours or password policy (admin)",
  description:
    'Send only the fields of the section being saved. A colour is a hex string (#rgb or #rrggbb) or null for ' +
    "the app's default; supportEmail is an address, or empty or null for none. The password policy is sent " +
    'whole. Any wrong field answers 400 naming it, and nothing is saved.',
  roles: ['admin'],
  request: {
    body: { content: { 'application/json': { schema: updateSettingsRequestSchema } }, required: true },
  },
  responses: {
    200: jsonContent(updateSettingsResponseSchema, 'The settings as saved'),
    400: errorResponse('A field is not valid'),
  },
});
