import type { ApiError, CustomSidebarItemsResponse, SettingsResponse } from '@contract';
import { http, HttpResponse } from 'msw';
import { demoSettings, demoSidebarItems } from '../data';
import { requestUser, unauthorized } from './respond';

export const settingsHandlers = [
  http.get('*/api/publicSettings', () => HttpResponse.json<SettingsResponse>({ data: demoSettings })),

  http.get<never, never, SettingsResponse | ApiError>('*/api/settings', ({ request }) => {
    if (!requestUser(request)) return unauthorized();
    return HttpResponse.json<SettingsResponse>({ data: demoSettings });
  }),

  http.get<never, never, CustomSidebarItemsResponse | ApiError>('*/api/customSidebarItems', ({ request }) => {
    const user = requestUser(request);
    if (!user) return unauthorized();
    const visible = demoSidebarItems.filter((item) => item.roles.includes(user.role));
    return HttpResponse.json<CustomSidebarItemsResponse>({ data: visible });
  }),
];
