import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/organization-settings/components/settings-page';
import { sidebarAdminQueries } from '@/features/organization-settings/api/settings-admin-queries';
import { authQueries } from '@/lib/auth/auth-queries';
import { settingsQueries } from '@/lib/settings/settings-queries';

export const Route = createFileRoute('/app/settings')({
  // Start the reads with the navigation; the screen shows its own loading state.
  loader: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    // Anyone else gets the screen's "not allowed" state, not a 403 from a prefetch.
    if (me.user.role !== 'admin') return;
    void context.queryClient.prefetchQuery(settingsQueries.full());
    void context.queryClient.prefetchQuery(sidebarAdminQueries.list());
  },
  component: SettingsPage,
});
