import type { ChangeUserStatusResponse, SettableUserStatus, UserListResponse } from '@contract';
import { changeUserStatusResponseSchema } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { userQueries } from './user-queries';

export interface ChangeUserStatusInput {
  userId: string;
  status: SettableUserStatus;
}

export async function changeUserStatus({
  userId,
  status,
}: ChangeUserStatusInput): Promise<ChangeUserStatusResponse> {
  return api.post(`api/users/${userId}/status`, { json: { status } }).json(changeUserStatusResponseSchema);
}

type ListSnapshot = [readonly unknown[], UserListResponse | undefined][];

/**
 * Approve, reject, disable or enable someone. The row shows its new status at once; a refusal puts it back,
 * and every list is read again afterwards (a changed status can move someone in or out of a filter).
 */
export function useChangeUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserStatus,
    onMutate: async ({ userId, status }): Promise<{ previous: ListSnapshot }> => {
      await queryClient.cancelQueries({ queryKey: userQueries.lists() });
      const previous = queryClient.getQueriesData<UserListResponse>({ queryKey: userQueries.lists() });
      queryClient.setQueriesData<UserListResponse>({ queryKey: userQueries.lists() }, (list) =>
        list
          ? { ...list, data: list.data.map((user) => (user.id === userId ? { ...user, status } : user)) }
          : list,
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [queryKey, list] of context?.previous ?? []) queryClient.setQueryData(queryKey, list);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.lists() }),
  });
}
