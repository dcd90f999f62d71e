import type { LoginRequest, MeResponse } from '@contract';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { authQueries } from '@/lib/auth/auth-queries';
import { authSession } from '@/lib/auth/auth-session';
import { settingsQueries } from '@/lib/settings/settings-queries';

/**
 * POST /api/login, keep the token, then load `/api/me` into the cache so the `/app` guard and the shell
 * find the session there (the login answer carries the user but not the organisation). `onSignedIn` leads on.
 */
export function useSignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: LoginRequest): Promise<MeResponse> => {
      // Spec 9: /api/login is never retried.
      const [{ loginResponseSchema }, body] = await Promise.all([
        import('@contract/auth'),
        api.post('api/login', { json: credentials, retry: 0 }).json<unknown>(),
      ]);
      const login = loginResponseSchema.parse(body);
      authSession.signIn(login.token, login.expiresAt);
      // Whatever the cache held belonged to the previous session (one that expired without a sign-out, say);
      // only the host's public settings, which belong to no one, stay.
      const publicSettingsHash = hashKey(settingsQueries.public().queryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== publicSettingsHash });
      // The device keeps this session's data from now on; what an earlier session left there (its queued
      // writes too) is deleted. Loaded now, not with the sign-in screen.
      void import('@/lib/query-persistence/offline-cache')
        .then(({ startOfflineCacheForNewSession }) => startOfflineCacheForNewSession(queryClient))
        .catch(() => undefined);
      try {
        return await queryClient.fetchQuery(authQueries.me());
      } catch (error) {
        authSession.signOut();
        throw error;
      }
    },
    // Awaited, so the form stays pending until the next screen is shown.
    onSuccess: () => onSignedIn(),
  });
}
