import { personResponseSchema, userListResponseSchema } from '@contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** What the athlete pickers (the schedule's, the completed workouts' filter) read. */
export const athleteQueries = {
  /** An athlete's name, for a screen opened with its id in the address. */
  name: (athleteId: string) =>
    queryOptions({
      queryKey: ['athletes', 'name', athleteId] as const,
      queryFn: async ({ signal }) => {
        const { user } = await api.get(`api/users/${athleteId}`, { signal }).json(personResponseSchema);
        return `${user.firstName} ${user.lastName}`;
      },
      staleTime: 5 * 60_000,
    }),
  /** The first 20 athletes whose name matches; only approved ones where a workout is to be planned. */
  search: (q: string, { approvedOnly = false }: { approvedOnly?: boolean } = {}) =>
    queryOptions({
      queryKey: ['athletes', 'search', q, approvedOnly] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get('api/users', {
              signal,
              searchParams: {
                role: 'athlete',
                ...(approvedOnly ? { status: 'approved' } : {}),
                size: 20,
                ...(q ? { q } : {}),
              },
            })
            .json(userListResponseSchema)
        ).data,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
};
