import { customSidebarItemsResponseSchema, settingsResponseSchema } from '../../../contract/organizations';
import { jsonContent, publicRoute, signedInRoute } from '../../lib/routes';

export const settings = signedInRoute({
  method: 'get',
  path: '/api/settings',
  tags: ['Organisation'],
  summary: "The signed-in user's organisation settings: name, logo, colours, password policy",
  roles: ['admin', 'coach', 'athlete'],
  responses: { 200: jsonContent(settingsResponseSchema, 'Settings') },
});

export const publicSettings = publicRoute({
  method: 'get',
  path: '/api/publicSettings',
  tags: ['Organisation'],
  summary: "Branding and password policy of the organisation the page's host maps to (no sign-in)",
  responses: { 200: jsonContent(settingsResponseSchema, 'Settings') },
});

export const customSidebarItems = signedInRoute({
  method: 'get',
  path: '/api/customSidebarItems',
  tags: ['Organisation'],
  summary: "The organisation's custom sidebar items that the signed-in user's role sees, in order",
  roles: ['admin', 'coach', 'athlete'],
  responses: { 200: jsonContent(customSidebarItemsResponseSchema, 'Sidebar items') },
});
