import { createFileRoute } from '@tanstack/react-router';
import { groupQueries } from '@/features/users/api/user-queries';
import { AddPersonPage } from '@/features/users/components/add-person-page';
import { canManageUsers } from '@/features/users/users-search';
import { authQueries } from '@/lib/auth/auth-queries';

/** Its own address rather than a drawer: a phone gets the whole screen, and reload or Back keep the form. */
export const Route = createFileRoute('/app/users_/new')({
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (canManageUsers(me.user.role)) void context.queryClient.prefetchQuery(groupQueries.list());
  },
  component: AddPersonPage,
});
