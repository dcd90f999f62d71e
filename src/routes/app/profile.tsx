import { createFileRoute } from '@tanstack/react-router';
import { notificationPreferenceQueries } from '@/features/push/api/notification-preferences';
import { NotificationSettings } from '@/features/push/components/notification-settings';
import { userQueries } from '@/features/users/api/user-queries';
import { ProfilePage } from '@/features/users/components/profile-page';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/profile')({
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    void context.queryClient.prefetchQuery(userQueries.detail(me.user.id));
    void context.queryClient.prefetchQuery(notificationPreferenceQueries.mine());
  },
  component: ProfileScreen,
});

/** The profile, then the notification settings (two features, composed here). */
function ProfileScreen() {
  return <ProfilePage sections={<NotificationSettings />} />;
}
