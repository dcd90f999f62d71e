import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '@/lib/api/api-client';
import { authSession } from '@/lib/auth/auth-session';
import { appStatusActions } from '@/lib/network/app-status';
import { discardOfflineCache } from '@/lib/query-persistence/offline-cache';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { resetAllStores } from '@/stores/store-reset';

/**
 * POST /api/logout to revoke the token (a failure is ignored: the user is signed out here either way), then
 * forget the token in both storages and everything cached for this user (in memory and in IndexedDB, queued
 * writes included), and go to sign-in. Only the host's public settings stay: they belong to no user, and the
 * sign-in screen is showing them. Device preferences in local storage (theme, cached branding) are not the
 * user's session and stay too.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    // Signing out works offline too: TanStack would otherwise hold the mutation until the network is back.
    networkMode: 'always',
    mutationFn: async () => {
      try {
        await api.post('api/logout', { retry: 0 }).json();
      } catch {
        // Revocation is best effort; the token is dropped below regardless.
      }
    },
    onSettled: async () => {
      // First: nothing of this user may be written to the device after this, and queued writes go unsent.
      await discardOfflineCache(queryClient);
      authSession.signOut();
      appStatusActions.errorCleared();
      // Leave the signed-in screens before their data goes, so nothing re-fetches it without a token.
      await navigate({ to: '/login', replace: true });
      const publicSettingsHash = hashKey(settingsQueries.public().queryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== publicSettingsHash });
      // The next person on a shared device must not see this user's notifications, chat or tour.
      resetAllStores();
    },
  });
}
