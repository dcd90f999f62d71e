import { createFileRoute } from '@tanstack/react-router';
import { userQueries } from '@/features/users/api/user-queries';
import { PersonPage } from '@/features/users/components/person-page';
import { canManageUsers } from '@/features/users/users-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/users_/$userId')({
  loader: async ({ context, params }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    // An athlete sees only itself: no request that would be refused.
    if (canManageUsers(me.user.role) || me.user.id === params.userId) {
      void context.queryClient.prefetchQuery(userQueries.detail(params.userId));
    }
  },
  component: PersonPage,
});
