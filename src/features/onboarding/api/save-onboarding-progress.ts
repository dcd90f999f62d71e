import type { UpdateOwnUserResponse } from '@contract';
import type { QueryClient } from '@tanstack/react-query';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, idempotencyKeyHeader } from '@/lib/api/api-client';
import type { OfflineWriteVariables } from '@/lib/query-persistence/offline-writes';
import {
  offlineWriteKey,
  offlineWriteRetry,
  ownUserRecordScope,
  updateSignedInUser,
} from '@/lib/query-persistence/offline-writes';
import { authQueries } from '@/lib/auth/auth-queries';
import { onboardingProgressSaved, withOnboardingChangeApplied } from '@/stores/onboarding-progress-on-device';
import type { UnsavedOnboardingProgress } from '@/stores/onboarding-tour-store';

export type OnboardingProgressSave = UnsavedOnboardingProgress & OfflineWriteVariables;

/** POST /api/users/{userId} with the tour's steps and data, and the hidden and complete flags when they changed. */
export async function saveOnboardingProgress({
  userId,
  changes,
  idempotencyKey,
}: OnboardingProgressSave): Promise<UpdateOwnUserResponse> {
  // main.tsx registers this write on every screen: zod comes with the first save, not the first screen.
  const { updateOwnUserRequestSchema, updateOwnUserResponseSchema } = await import('@contract/users');
  return await api
    .post(`api/users/${encodeURIComponent(userId)}`, {
      json: updateOwnUserRequestSchema.parse(changes),
      headers: { [idempotencyKeyHeader]: idempotencyKey },
    })
    .json(updateOwnUserResponseSchema);
}

/**
 * An offline write (ADR 016): kept while the device is offline, replayed after a reload with its key. One
 * save at a time, in order with the user's other writes: a later one carries the newer steps.
 */
export const onboardingProgressWrite = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: offlineWriteKey('onboarding-progress'),
    mutationFn: saveOnboardingProgress,
    scope: ownUserRecordScope,
    ...offlineWriteRetry,
    // The session shows the progress at once, so a reload before the save lands still has it.
    onMutate: ({ userId, changes }: OnboardingProgressSave) => {
      // Per step, as the server applies it: the save holds only what changed (ADR 044).
      const me = queryClient.getQueryData(authQueries.me().queryKey);
      if (me) updateSignedInUser(queryClient, userId, withOnboardingChangeApplied(me.user, changes));
    },
    onSuccess: ({ user }, { revision }) => {
      updateSignedInUser(queryClient, user.id, user);
      // The server has it: the device's copy of the tour's progress goes, unless something newer was made since.
      onboardingProgressSaved(user, revision);
    },
    // Spec 8: a failed onboarding update is logged only; the tour goes on from what this device knows.
    onError: (error) => console.error('Error saving onboarding progress:', error),
  });

/** Before the cache is restored (main.tsx): a save resumed after a reload has no component to call it. */
export function registerOnboardingProgressWrite(queryClient: QueryClient): void {
  const write = onboardingProgressWrite(queryClient);
  queryClient.setMutationDefaults(write.mutationKey, write);
}

export function useSaveOnboardingProgress() {
  const queryClient = useQueryClient();
  return useMutation(onboardingProgressWrite(queryClient));
}
