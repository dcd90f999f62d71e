import { passengerListQuerySchema, passengerListResponseSchema } from '../../../contract/passengers';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

export const listPassengers = signedInRoute({
  method: 'get',
  path: '/passenger',
  operationId: 'listPassengers',
  tags: ['Travel roster'],
  summary: "The organisation's travel roster (staff see everyone; an athlete sees its own bookings)",
  roles: ['admin', 'coach', 'athlete'],
  request: { query: passengerListQuerySchema },
  responses: {
    200: jsonContent(passengerListResponseSchema, 'One page of the roster'),
    400: errorResponse('page or size is not valid (size is at most 300)'),
  },
});
