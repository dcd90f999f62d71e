import { lastTimeQuerySchema, lastTimeResponseSchema } from '../../../contract/last-time';
import { athleteIdParamSchema } from '../../../contract/tracking';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

export const getLastTime = signedInRoute({
  operationId: 'getLastTime',
  method: 'get',
  path: '/api/athletes/{athleteId}/last-time',
  tags: ['Tracking'],
  summary:
    'What an athlete did of each of several exercises at its last completed workout: the top set, the best estimated 1RM and velocity, the sets done (athletes: their own)',
  description:
    'At most 100 exercises at once (`exerciseIds=a&exerciseIds=b`, or `exerciseIds=a,b`), answered in the order ' +
    "asked, loads in the organisation's unit. Workouts still in progress do not count: the one being tracked is " +
    'never its own "last time".',
  roles: ['admin', 'coach', 'athlete'],
  request: { params: athleteIdParamSchema, query: lastTimeQuerySchema },
  responses: {
    200: jsonContent(lastTimeResponseSchema, 'One summary per exercise asked for, null for one never done'),
    400: errorResponse('The id is not a UUID, or exerciseIds is empty, not UUIDs or more than 100'),
    403: errorResponse("An athlete asked for another athlete's training"),
    404: errorResponse('No such athlete in the organisation (another organisation’s is not found)'),
  },
});
