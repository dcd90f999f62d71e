import { api } from '@/lib/api/api-client';
import { readPlatformToken } from '../platform-session';

/**
 * The app's HTTP client with the platform admin's token instead of an organisation's (ADR 024): the same
 * retries, error shape and loading bar. Writes are sent once (`retry: 0` at the call): the management routes
 * keep no idempotency keys.
 */
export const managementApi = api.extend({
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = readPlatformToken();
        if (token === null) request.headers.delete('Authorization');
        else request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});
