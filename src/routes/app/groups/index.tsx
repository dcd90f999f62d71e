import { createFileRoute } from '@tanstack/react-router';
import { groupQueries } from '@/lib/groups/group-queries';
import { GroupsPage } from '@/features/users/components/groups-page';
import { canManageUsers } from '@/features/users/users-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/groups/')({
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (canManageUsers(me.user.role)) void context.queryClient.prefetchQuery(groupQueries.list());
  },
  component: GroupsPage,
});
