import { customSidebarItemsResponseSchema } from '@contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** Every custom sidebar item, whoever it is for (`GET /api/customSidebarItems?all=true`, admin only). */
export const sidebarAdminQueries = {
  all: () => ['customSidebarItems', 'admin'] as const,
  list: () =>
    queryOptions({
      queryKey: [...sidebarAdminQueries.all(), 'list'] as const,
      queryFn: async ({ signal }) => {
        const body = await api
          .get('api/customSidebarItems', { signal, searchParams: { all: 'true' } })
          .json(customSidebarItemsResponseSchema);
        return body.data.toSorted((first, second) => first.order - second.order);
      },
    }),
};
