import type { ManagementLoginRequest } from '@contract/management';
import { managementLoginResponseSchema } from '@contract/management';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearPlatformToken, savePlatformToken } from '../platform-session';
import { managementApi } from './management-client';
import { managementQueries } from './management-queries';

/** POST /api/manage/login, keep the platform token, then `onSignedIn` leads on. */
export function useSignInToManagement({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: ManagementLoginRequest) => {
      const login = await managementApi
        .post('api/manage/login', { json: credentials, retry: 0 })
        .json(managementLoginResponseSchema);
      queryClient.removeQueries({ queryKey: managementQueries.all() });
      savePlatformToken(login.token, login.expiresAt);
      queryClient.setQueryData(managementQueries.me().queryKey, { admin: login.admin });
      return login;
    },
    onSuccess: () => onSignedIn(),
  });
}

/** Ends the platform session on the server (best effort) and on this device. */
export function useSignOutOfManagement({ onSignedOut }: { onSignedOut: () => Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await managementApi.post('api/manage/logout', { retry: 0 }).catch(() => undefined);
      clearPlatformToken();
      queryClient.removeQueries({ queryKey: managementQueries.all() });
    },
    onSettled: () => onSignedOut(),
  });
}
