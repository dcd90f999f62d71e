import type { CreateSidebarItemRequest, UpdateSidebarItemRequest } from '@contract';
import {
  customSidebarItemsResponseSchema,
  sidebarItemRemovedResponseSchema,
  sidebarItemResponseSchema,
} from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { sidebarQueries } from '@/lib/settings/sidebar-queries';
import { sidebarAdminQueries } from './settings-admin-queries';

/** After any change, both the editing list and the signed-in user's own navigation are read again. */
function useRefreshSidebar() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sidebarAdminQueries.all() }),
      queryClient.invalidateQueries({ queryKey: sidebarQueries.customItems().queryKey }),
    ]);
}

export function useCreateSidebarItem() {
  const refresh = useRefreshSidebar();
  return useMutation({
    mutationFn: (item: CreateSidebarItemRequest) =>
      api.post('api/customSidebarItems', { json: item }).json(sidebarItemResponseSchema),
    onSuccess: refresh,
  });
}

export function useUpdateSidebarItem() {
  const refresh = useRefreshSidebar();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateSidebarItemRequest }) =>
      api.patch(`api/customSidebarItems/${id}`, { json: changes }).json(sidebarItemResponseSchema),
    onSuccess: refresh,
  });
}

export function useDeleteSidebarItem() {
  const refresh = useRefreshSidebar();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`api/customSidebarItems/${id}`).json(sidebarItemRemovedResponseSchema),
    onSuccess: refresh,
  });
}

/** Moves show at once; a refusal puts the list back as the server has it. */
export function useReorderSidebarItems() {
  const queryClient = useQueryClient();
  const refresh = useRefreshSidebar();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.put('api/customSidebarItems/order', { json: { ids } }).json(customSidebarItemsResponseSchema),
    onMutate: async (ids) => {
      const key = sidebarAdminQueries.list().queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, (items) =>
        items
          ? ids.flatMap((id, order) => {
              const item = items.find((candidate) => candidate.id === id);
              return item ? [{ ...item, order }] : [];
            })
          : items,
      );
    },
    onSettled: refresh,
  });
}
