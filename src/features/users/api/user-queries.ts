import type { UserListQuery } from '@contract';
import { personResponseSchema, userListResponseSchema } from '@contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** One page of the users list as the API reads it: `page` from 0, only the filters that are set. */
export type UserListParams = Required<Pick<UserListQuery, 'page' | 'size'>> &
  Pick<UserListQuery, 'q' | 'role' | 'status' | 'groupId'>;

function searchParamsOf(params: UserListParams): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string | number>;
}

/** The organisation's people (`GET /api/users`, admin and coach). */
export const userQueries = {
  all: () => ['users'] as const,
  lists: () => [...userQueries.all(), 'list'] as const,
  list: (params: UserListParams) =>
    queryOptions({
      queryKey: [...userQueries.lists(), params] as const,
      queryFn: ({ signal }) =>
        api.get('api/users', { signal, searchParams: searchParamsOf(params) }).json(userListResponseSchema),
      // Paging and filtering keep the rows on screen until the next page arrives, so nothing jumps.
      placeholderData: keepPreviousData,
    }),
  details: () => [...userQueries.all(), 'detail'] as const,
  /** One person with profile and groups (`GET /api/users/{userId}`; an athlete reads only itself). */
  detail: (userId: string) =>
    queryOptions({
      queryKey: [...userQueries.details(), userId] as const,
      queryFn: async ({ signal }) => {
        const body = await api
          .get(`api/users/${encodeURIComponent(userId)}`, { signal })
          .json(personResponseSchema);
        return body.user;
      },
    }),
};

/** The group filter reads the groups screen's own query. */
export { groupQueries } from '@/lib/groups/group-queries';
