import { createFileRoute } from '@tanstack/react-router';
import { groupQueries } from '@/lib/groups/group-queries';
import { GroupPage } from '@/features/users/components/group-page';
import { canManageUsers } from '@/features/users/users-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/groups/$groupId')({
  loader: async ({ context, params }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (canManageUsers(me.user.role))
      void context.queryClient.prefetchQuery(groupQueries.detail(params.groupId));
  },
  component: GroupPage,
});
