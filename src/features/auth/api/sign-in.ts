import type { LoginRequest, MeResponse } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { authQueries } from '@/lib/auth/auth-queries';
import { authSession } from '@/lib/auth/auth-session';

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
      // Whatever the cache held belonged to the previous session.
      queryClient.removeQueries({ queryKey: authQueries.all() });
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
