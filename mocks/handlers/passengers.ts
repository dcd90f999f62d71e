import type { ApiError, PassengerListResponse } from '@contract';
import { errorCodes, passengerListQuerySchema } from '@contract';
import { http, HttpResponse } from 'msw';
import { demoPassengers } from '../data';
import { apiError, requestUser, unauthorized } from './respond';

export const passengerHandlers = [
  http.get<never, never, PassengerListResponse | ApiError>('*/passenger', ({ request }) => {
    if (!requestUser(request)) return unauthorized();
    const url = new URL(request.url);
    const query = passengerListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) {
      return apiError(400, { code: errorCodes.validation, message: 'Check the page and size parameters.' });
    }
    const { page, size } = query.data;
    return HttpResponse.json<PassengerListResponse>({
      data: demoPassengers.slice(page * size, (page + 1) * size),
    });
  }),
];
