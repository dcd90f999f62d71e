import { errorCodes, passengerListQuerySchema, passengerListResponseSchema } from '@contract';
import { demoPassengers } from '../data';
import { apiError, apiRoute, requestUser, unauthorized } from './respond';

export const passengerHandlers = [
  apiRoute(
    { method: 'get', path: '/passenger', responses: { 200: passengerListResponseSchema } },
    ({ request, reply }) => {
      if (!requestUser(request)) return unauthorized();
      const url = new URL(request.url);
      const query = passengerListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) {
        return apiError(400, { code: errorCodes.validation, message: 'Check the page and size parameters.' });
      }
      const { page, size } = query.data;
      return reply(200, { data: demoPassengers.slice(page * size, (page + 1) * size) });
    },
  ),
];
