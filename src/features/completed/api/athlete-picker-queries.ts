import { personResponseSchema, userListResponseSchema } from '@contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** The athlete filter: athletes found by name on the server, and the name of one chosen in the address. */
export const athletePickerQueries = {
  athlete: (athleteId: string) =>
    queryOptions({
      queryKey: ['completed-workouts', 'athlete', athleteId] as const,
      queryFn: async ({ signal }) => {
        const { user } = await api.get(`api/users/${athleteId}`, { signal }).json(personResponseSchema);
        return `${user.firstName} ${user.lastName}`;
      },
      staleTime: 5 * 60_000,
    }),
  athletes: (q: string) =>
    queryOptions({
      queryKey: ['completed-workouts', 'athletes', q] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get('api/users', {
              signal,
              searchParams: { role: 'athlete', size: 20, ...(q ? { q } : {}) },
            })
            .json(userListResponseSchema)
        ).data,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
};
