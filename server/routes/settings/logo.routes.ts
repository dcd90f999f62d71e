import { z } from '@hono/zod-openapi';
import {
  logoContentTypes,
  logoQuerySchema,
  organizationIdParamSchema,
  updateSettingsResponseSchema,
} from '../../../contract/organization-settings';
import { errorResponse, jsonContent, publicRoute, signedInRoute } from '../../lib/routes';

const binary = z.string().meta({ format: 'binary' });
const imageContent = Object.fromEntries(logoContentTypes.map((type) => [type, { schema: binary }]));

export const uploadLogo = signedInRoute({
  method: 'put',
  path: '/api/settings/logo',
  operationId: 'uploadLogo',
  tags: ['Organisation'],
  summary: "Upload the organisation's logo as the raw image bytes (admin)",
  description:
    'The body is the image itself (any Content-Type; the type is detected from the bytes): PNG, JPEG, WebP or ' +
    'GIF, at most 1 MiB and 4096 × 4096 pixels. SVG and anything else answer 400 with fields.logo. ' +
    'companyLogo becomes `/api/organizations/{organizationId}/logo?v=<version>`.',
  roles: ['admin'],
  request: {
    body: {
      content: { 'application/octet-stream': { schema: binary }, ...imageContent },
      required: true,
    },
  },
  responses: {
    200: jsonContent(updateSettingsResponseSchema, 'The settings with the new logo'),
    400: errorResponse('Not one of the accepted image types, or an image that cannot be read (fields.logo)'),
    413: errorResponse('Larger than 1 MiB (fields.logo)'),
  },
});

export const removeLogo = signedInRoute({
  method: 'delete',
  path: '/api/settings/logo',
  operationId: 'removeLogo',
  tags: ['Organisation'],
  summary: "Remove the organisation's logo, so the default logo shows (admin)",
  roles: ['admin'],
  responses: { 200: jsonContent(updateSettingsResponseSchema, 'The settings without a logo') },
});

export const organizationLogo = publicRoute({
  method: 'get',
  path: '/api/organizations/{organizationId}/logo',
  operationId: 'getOrganizationLogo',
  tags: ['Organisation'],
  summary: "An organisation's uploaded logo (no sign-in: the sign-in screen shows it)",
  description: 'With the `v` of companyLogo the answer may be cached for a year; a new upload has a new `v`.',
  request: { params: organizationIdParamSchema, query: logoQuerySchema },
  responses: {
    200: { description: 'The image', content: imageContent },
    404: errorResponse('The organisation has no uploaded logo'),
  },
});
