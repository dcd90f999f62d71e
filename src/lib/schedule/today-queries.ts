import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/**
 * `GET /api/schedule/today`, shared by the dashboard and the schedule (same key). The schema is loaded with the
 * answer, not with the signed-in start: the dashboard must not carry the schedule's schemas (ADR 028).
 */
export const todayQuery = () =>
  queryOptions({
    queryKey: ['schedule', 'today'] as const,
    queryFn: async ({ signal }) => {
      const [{ todayResponseSchema }, body] = await Promise.all([
        import('@contract/schedule'),
        api.get('api/schedule/today', { signal }).json<unknown>(),
      ]);
      return todayResponseSchema.parse(body);
    },
  });
