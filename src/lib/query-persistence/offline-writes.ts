import type { MeResponse, UpdateOwnUserRequest } from '@contract';
import type { MutationKey, QueryClient } from '@tanstack/react-query';
import { isUnreachableError } from '@/lib/api/unreachable';
import { authQueries } from '@/lib/auth/auth-queries';

/**
 * Writes the device keeps while offline (ADR 016). Only mutations under this key are persisted: anything else
 * (a sign-in and its password above all) never reaches IndexedDB. Each has `setMutationDefaults` registered
 * before the cache is restored, so a write resumed after a reload has its `mutationFn` and callbacks.
 */
export const offlineWriteKey = (name: string) => ['offline-write', name] as const satisfies MutationKey;

export const isOfflineWrite = (mutation: { options: { mutationKey?: MutationKey } }): boolean =>
  mutation.options.mutationKey?.[0] === 'offline-write';

/** Every write to the signed-in user's own record runs in this one queue, in the order the user made them. */
export const ownUserRecordScope = { id: 'own-user-record' } as const;

/** What every offline write carries: the key made when the user acted, sent on every replay (ADR 004). */
export interface OfflineWriteVariables {
  idempotencyKey: string;
}

export const newIdempotencyKey = (): string => crypto.randomUUID();

/** A write that could not reach the server is kept and tried again; any answer from the server ends it. */
export const isUnreachable = (error: unknown): boolean => isUnreachableError(error);

/** Retries an unreachable write for as long as it takes; the wait grows to 5 s, so a reconnect is seen soon. */
export const offlineWriteRetry = {
  retry: (_failureCount: number, error: unknown) => isUnreachable(error),
  retryDelay: (failureCount: number) => Math.min(1000 * 2 ** (failureCount - 1), 5000),
} as const;

/** Applies a change to the signed-in user as `/api/me` holds it, before (or after) the server has it. */
export function updateSignedInUser(
  queryClient: QueryClient,
  userId: string,
  changes: UpdateOwnUserRequest | MeResponse['user'],
): void {
  queryClient.setQueryData<MeResponse>(authQueries.me().queryKey, (me) =>
    me?.user.id === userId ? { ...me, user: { ...me.user, ...changes } } : me,
  );
}
