import { groupListResponseSchema, groupResponseSchema } from '@contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** The organisation's athlete groups (`GET /api/groups`) and one group with its members. */
export const groupQueries = {
  all: () => ['groups'] as const,
  list: () =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'list'] as const,
      queryFn: async ({ signal }) => {
        const body = await api.get('api/groups', { signal }).json(groupListResponseSchema);
        return body.data;
      },
      staleTime: 5 * 60_000,
    }),
  detail: (groupId: string) =>
    queryOptions({
      queryKey: [...groupQueries.all(), 'detail', groupId] as const,
      queryFn: async ({ signal }) => {
        const body = await api.get(`api/groups/${groupId}`, { signal }).json(groupResponseSchema);
        return body.group;
      },
    }),
};
