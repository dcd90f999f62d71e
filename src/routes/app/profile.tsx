import { createFileRoute } from '@tanstack/react-router';
import { userQueries } from '@/features/users/api/user-queries';
import { ProfilePage } from '@/features/users/components/profile-page';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/profile')({
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    void context.queryClient.prefetchQuery(userQueries.detail(me.user.id));
  },
  component: ProfilePage,
});
