import { createFileRoute } from '@tanstack/react-router';
import { groupQueries, userQueries } from '@/features/users/api/user-queries';
import { UsersPage } from '@/features/users/components/users-page';
import { canManageUsers, userListParamsFrom, validateUsersSearch } from '@/features/users/users-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/users')({
  validateSearch: validateUsersSearch,
  loaderDeps: ({ search }) => userListParamsFrom(search),
  // Start the requests with the navigation without waiting for them: the screen shows its own loading rows.
  loader: async ({ context, deps }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    // An athlete who typed the address gets the screen's "not allowed" state, not a 403 from a prefetch.
    if (!canManageUsers(me.user.role)) return;
    void context.queryClient.prefetchQuery(userQueries.list(deps));
    void context.queryClient.prefetchQuery(groupQueries.list());
  },
  component: UsersPage,
});
