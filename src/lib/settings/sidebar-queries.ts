import type { CustomSidebarItem } from '@contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

async function fetchCustomSidebarItems(signal: AbortSignal): Promise<CustomSidebarItem[]> {
  try {
    // The schemas (and zod) load beside the request, not with the signed-in frame (a task of their own).
    const [{ customSidebarItemsResponseSchema }, body] = await Promise.all([
      import('@contract/organizations'),
      api.get('api/customSidebarItems', { signal }).json(),
    ]);
    return customSidebarItemsResponseSchema
      .parse(body)
      .data.toSorted((first, second) => first.order - second.order);
  } catch (error) {
    if (signal.aborted) throw error;
    // Spec 7 and 8: a failed fetch is logged and the drawer shows no custom items.
    console.error('Error fetching custom sidebar items:', error);
    return [];
  }
}

/** The organisation's custom sidebar items for the signed-in user (`/api/customSidebarItems`), by `order`. */
export const sidebarQueries = {
  all: () => ['customSidebarItems'] as const,
  customItems: () =>
    queryOptions({
      queryKey: [...sidebarQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => fetchCustomSidebarItems(signal),
      staleTime: 5 * 60_000,
    }),
};
