import type { UpdateOwnUserResponse } from '@contract';
import type { QueryClient } from '@tanstack/react-query';
import { mutationOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { api, idempotencyKeyHeader } from '@/lib/api/api-client';
import { authQueries } from '@/lib/auth/auth-queries';
import { useIsOnline } from '@/lib/network/network-status';
import type { OfflineWriteVariables } from '@/lib/query-persistence/offline-writes';
import {
  newIdempotencyKey,
  offlineWriteKey,
  offlineWriteRetry,
  ownUserRecordScope,
  updateSignedInUser,
} from '@/lib/query-persistence/offline-writes';

export interface HideGettingStartedVariables extends OfflineWriteVariables {
  userId: string;
}

/** POST /api/users/{userId} `{onboardingHidden: true}`: the user is done with the first steps. */
export async function hideGettingStarted({
  userId,
  idempotencyKey,
}: HideGettingStartedVariables): Promise<UpdateOwnUserResponse> {
  // main.tsx registers this write on every screen: zod comes with the first send, not the first screen.
  const { updateOwnUserResponseSchema } = await import('@contract/users');
  return await api
    .post(`api/users/${encodeURIComponent(userId)}`, {
      json: { onboardingHidden: true },
      headers: { [idempotencyKeyHeader]: idempotencyKey },
    })
    .json(updateOwnUserResponseSchema);
}

const hideGettingStartedKey = offlineWriteKey('hide-getting-started');
const meKey = authQueries.me().queryKey;

/**
 * An offline write (ADR 016): the widget goes at once (optimistic), the write waits on this device while
 * offline, survives a reload there, and is sent once when the network is back (its key is in the variables).
 */
export const hideGettingStartedWrite = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: hideGettingStartedKey,
    mutationFn: hideGettingStarted,
    scope: ownUserRecordScope,
    ...offlineWriteRetry,
    onMutate: async ({ userId }: HideGettingStartedVariables) => {
      // A read already under way would bring the widget back when it lands.
      await queryClient.cancelQueries({ queryKey: meKey });
      updateSignedInUser(queryClient, userId, { onboardingHidden: true });
    },
    onSuccess: async ({ user }) => {
      updateSignedInUser(queryClient, user.id, user);
      // A read that started before the server had the write would undo it: read again.
      if (queryClient.isFetching({ queryKey: meKey }) > 0)
        await queryClient.invalidateQueries({ queryKey: meKey });
    },
    // The server refused it (not a lost connection, which is retried): the widget comes back.
    onError: (error, { userId }) => {
      updateSignedInUser(queryClient, userId, { onboardingHidden: false });
      console.error('Error hiding Getting started:', error);
    },
  });

/** Before the cache is restored (main.tsx): a write resumed after a reload has no component to call it. */
export function registerHideGettingStartedWrite(queryClient: QueryClient): void {
  const write = hideGettingStartedWrite(queryClient);
  queryClient.setMutationDefaults(write.mutationKey, write);
}

export function useHideGettingStarted(userId: string): () => void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation(hideGettingStartedWrite(queryClient));
  // The key is made when the user acts: every replay of this write sends the same one (ADR 004).
  return () => mutate({ userId, idempotencyKey: newIdempotencyKey() });
}

/**
 * Where this user's hide stands: `none` (nothing unsent), `sending`, or `waiting` for the network (offline,
 * paused, or failed to reach the server and to be tried again).
 */
export function useGettingStartedHideStatus(userId: string): 'none' | 'sending' | 'waiting' {
  const isOnline = useIsOnline();
  const unsent = useMutationState({
    filters: {
      mutationKey: hideGettingStartedKey,
      status: 'pending',
      predicate: (mutation) =>
        (mutation.state.variables as HideGettingStartedVariables | undefined)?.userId === userId,
    },
    select: (mutation) => mutation.state.isPaused || mutation.state.failureCount > 0,
  });
  if (unsent.length === 0) return 'none';
  return !isOnline || unsent.some(Boolean) ? 'waiting' : 'sending';
}
