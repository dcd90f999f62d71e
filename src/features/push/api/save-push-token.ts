import type { MeResponse, UpdateOwnUserRequest } from '@contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { authQueries } from '@/lib/auth/auth-queries';

/**
 * Spec 7: POST /api/users/{id} with the new push token; the answer is not read. The session then carries the
 * token too, so the next start compares against it without asking the server again.
 */
export async function savePushToken(queryClient: QueryClient, userId: string, firebaseToken: string) {
  const body: UpdateOwnUserRequest = { firebaseToken };
  await api.post(`api/users/${encodeURIComponent(userId)}`, { json: body });
  queryClient.setQueryData<MeResponse>(authQueries.me().queryKey, (me) =>
    me ? { ...me, user: { ...me.user, firebaseToken } } : me,
  );
}
