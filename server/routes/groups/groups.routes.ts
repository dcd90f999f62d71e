import { groupListResponseSchema } from '../../../contract/groups';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

export const listGroups = signedInRoute({
  method: 'get',
  path: '/api/groups',
  tags: ['Groups'],
  summary: "The organisation's athlete groups by name, with how many people each has (admin, coach)",
  roles: ['admin', 'coach'],
  responses: {
    200: jsonContent(groupListResponseSchema, 'Every group of the organisation'),
    403: errorResponse('Athletes cannot list the groups'),
  },
});
