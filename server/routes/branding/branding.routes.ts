import { z } from '@hono/zod-openapi';
import { appIconNameSchema, webAppManifestSchema } from '../../../contract/manifest';
import { publicRoute } from '../../lib/routes';

export const manifest = publicRoute({
  method: 'get',
  path: '/manifest.webmanifest',
  operationId: 'getWebAppManifest',
  tags: ['Organisation'],
  summary: "Web app manifest of the organisation the page's host maps to: its name, colours and icons",
  responses: {
    200: {
      description: 'Manifest',
      content: { 'application/manifest+json': { schema: webAppManifestSchema } },
    },
  },
});

export const icon = publicRoute({
  method: 'get',
  path: '/api/branding/icons/{icon}',
  operationId: 'getAppIcon',
  tags: ['Organisation'],
  summary: "An install icon made from the host's organisation logo (the default icon without a usable logo)",
  request: { params: z.object({ icon: appIconNameSchema }) },
  responses: {
    200: {
      description: 'PNG icon',
      content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } },
    },
  },
});
