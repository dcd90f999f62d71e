import { healthResponseSchema } from '../../../contract/health';
import { jsonContent, publicRoute } from '../../lib/routes';

export const health = publicRoute({
  method: 'get',
  path: '/api/health',
  operationId: 'getHealth',
  tags: ['System'],
  summary: 'Liveness: answers without touching the database',
  responses: { 200: jsonContent(healthResponseSchema, 'The process is up') },
});
