import type { MeResponse, UpdateOwnUserResponse } from '@contract';
import { updateOwnUserRequestSchema, updateOwnUserResponseSchema } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { authQueries } from '@/lib/auth/auth-queries';
import type { UnsavedOnboardingProgress } from '@/stores/onboarding-tour-store';

/** POST /api/users/{userId} with the tour's steps and data, and the hidden and complete flags when they changed. */
export async function saveOnboardingProgress({
  userId,
  changes,
}: UnsavedOnboardingProgress): Promise<UpdateOwnUserResponse> {
  return await api
    .post(`api/users/${encodeURIComponent(userId)}`, { json: updateOwnUserRequestSchema.parse(changes) })
    .json(updateOwnUserResponseSchema);
}

export function useSaveOnboardingProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOnboardingProgress,
    // One save at a time, in order: a later one carries the newer steps and must not be overtaken.
    scope: { id: 'onboarding-progress' },
    onSuccess: ({ user }) => {
      queryClient.setQueryData<MeResponse>(authQueries.me().queryKey, (me) =>
        me?.user.id === user.id ? { ...me, user } : me,
      );
    },
    // Spec 8: a failed onboarding update is logged only; the tour goes on from what this device knows.
    onError: (error) => console.error('Error saving onboarding progress:', error),
  });
}
