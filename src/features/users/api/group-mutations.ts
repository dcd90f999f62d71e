import type {
  CreateGroupRequest,
  GroupDetail,
  GroupResponse,
  GroupSummary,
  UpdateGroupRequest,
} from '@contract';
import { deleteGroupResponseSchema, groupResponseSchema } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { groupQueries } from '@/lib/groups/group-queries';

/** After any change the lists are read again; the changed group's detail is set from the answer. */
function useGroupMutation<TInput>(
  send: (input: TInput) => Promise<GroupResponse>,
  options: { membersChanged?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ group }) => {
      queryClient.setQueryData<GroupDetail>(groupQueries.detail(group.id).queryKey, group);
      // The list shows the change at once too, while it is read again.
      const summary: GroupSummary = {
        id: group.id,
        name: group.name,
        description: group.description,
        memberCount: group.members.length,
      };
      queryClient.setQueryData<GroupSummary[]>(groupQueries.list().queryKey, (groups) =>
        groups
          ? [...groups.filter((other) => other.id !== group.id), summary].sort((a, b) =>
              a.name.localeCompare(b.name),
            )
          : groups,
      );
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: groupQueries.all() });
      // The users screen shows each person's groups.
      if (options.membersChanged) await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export const useCreateGroup = () =>
  useGroupMutation((body: CreateGroupRequest) =>
    api.post('api/groups', { json: body }).json(groupResponseSchema),
  );

export const useUpdateGroup = () =>
  useGroupMutation(({ groupId, ...changes }: UpdateGroupRequest & { groupId: string }) =>
    api.patch(`api/groups/${groupId}`, { json: changes }).json(groupResponseSchema),
  );

export interface MembershipChange {
  groupId: string;
  userId: string;
  /** The person's name, for the message and for the row shown while the change is on its way. */
  name: string;
}

export const useAddGroupMember = () =>
  useGroupMutation(
    ({ groupId, userId }: MembershipChange) =>
      api.put(`api/groups/${groupId}/members/${userId}`).json(groupResponseSchema),
    { membersChanged: true },
  );

export const useRemoveGroupMember = () =>
  useGroupMutation(
    ({ groupId, userId }: MembershipChange) =>
      api.delete(`api/groups/${groupId}/members/${userId}`).json(groupResponseSchema),
    { membersChanged: true },
  );

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => api.delete(`api/groups/${groupId}`).json(deleteGroupResponseSchema),
    onSuccess: (_answer, groupId) => {
      queryClient.removeQueries({ queryKey: groupQueries.detail(groupId).queryKey });
      // The list screen opens next: it must not show the deleted group while it is read again.
      queryClient.setQueryData<GroupSummary[]>(groupQueries.list().queryKey, (groups) =>
        groups?.filter((group) => group.id !== groupId),
      );
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: groupQueries.all() });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
