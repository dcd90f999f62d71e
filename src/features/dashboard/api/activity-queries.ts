import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/*
 * The dashboard's training cards. Each schema loads with its answer, not with the signed-in start: the dashboard
 * must not carry the tracking schemas (ADR 028).
 */

export type ActivityKindFilter = 'record_set' | undefined;

/** The organisation's activity feed (`GET /api/activities`), newest first: all of it, or only records. */
export const activityQuery = (kind: ActivityKindFilter, size: number) =>
  queryOptions({
    queryKey: ['activities', kind ?? 'all', size] as const,
    queryFn: async ({ signal }) => {
      const [{ activityListResponseSchema }, body] = await Promise.all([
        import('@contract/tracking'),
        api
          .get('api/activities', { signal, searchParams: { size, ...(kind ? { kind } : {}) } })
          .json<unknown>(),
      ]);
      return activityListResponseSchema.parse(body);
    },
    staleTime: 30_000,
  });

/** Staff's "This week": compliance per group (`GET /api/compliance/week`). */
export const weekComplianceQuery = () =>
  queryOptions({
    queryKey: ['compliance', 'week'] as const,
    queryFn: async ({ signal }) => {
      const [{ weekComplianceResponseSchema }, body] = await Promise.all([
        import('@contract/tracking'),
        api.get('api/compliance/week', { signal }).json<unknown>(),
      ]);
      return weekComplianceResponseSchema.parse(body);
    },
    staleTime: 60_000,
  });

/** Staff's "Throwing": athletes over today's pitch limit or outside the green workload zone (issue 16). */
export const throwingAlertsQuery = () =>
  queryOptions({
    queryKey: ['throwing', 'alerts'] as const,
    queryFn: async ({ signal }) => {
      const [{ throwingAlertsResponseSchema }, body] = await Promise.all([
        import('@contract/pitching'),
        api.get('api/throwing/alerts', { signal }).json<unknown>(),
      ]);
      return throwingAlertsResponseSchema.parse(body);
    },
    staleTime: 60_000,
  });
