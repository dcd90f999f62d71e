import type { ApiError, GroupListResponse } from '@contract';
import { errorCodes } from '@contract';
import { http, HttpResponse } from 'msw';
import { demoGroups } from '../data';
import { apiError, requestUser, unauthorized } from './respond';

export const groupHandlers = [
  http.get<never, never, GroupListResponse | ApiError>('*/api/groups', ({ request }) => {
    const user = requestUser(request);
    if (!user) return unauthorized();
    if (user.role === 'athlete') {
      return apiError(403, { code: errorCodes.forbidden, message: 'You do not have permission to do this.' });
    }
    return HttpResponse.json<GroupListResponse>({ data: demoGroups });
  }),
];
