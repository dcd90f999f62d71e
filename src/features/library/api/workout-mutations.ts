import type { DuplicateWorkoutRequest, SaveWorkoutRequest, Workout } from '@contract';
import { deleteWorkoutResponseSchema, workoutResponseSchema } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import {
  useIsOnboardingComplete,
  useOnboardingStepsDone,
  useOnboardingTourActions,
} from '@/stores/onboarding-tour-store';
import { exerciseQueries, workoutQueries } from './library-queries';

/** What the screen that saved does with the answer: it runs even when the screen has gone meanwhile. */
export type OnWorkoutSaved = (saved: Workout, message: string) => void;

/**
 * After any change to a workout: the screen's `onSaved` first, then its detail from the answer, then the lists
 * (and exercises' use counts) anew. `onSaved` is a hook option, not `mutate`'s: the new detail redraws (and the
 * editor, keyed by version, starts again) while the lists are read again, and TanStack Query drops `mutate`'s
 * callbacks once the screen that called it is gone — the editor's draft then outlived the save (issue 23).
 */
function useWorkoutWrite<TInput>(
  send: (input: TInput) => Promise<{ message: string; data: Workout }>,
  onSaved?: OnWorkoutSaved,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ data, message }) => {
      onSaved?.(data, message);
      queryClient.setQueryData(workoutQueries.detail(data.id).queryKey, data);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: workoutQueries.lists() });
      await queryClient.invalidateQueries({ queryKey: exerciseQueries.all() });
    },
  });
}

/** POST /api/workouts; the first one completes the tour's CREATE_NEW_WORKOUT step with the workout (spec 4). */
export function useCreateWorkout(onSaved?: OnWorkoutSaved) {
  const tourComplete = useIsOnboardingComplete();
  const stepsDone = useOnboardingStepsDone();
  const { stepCompleted } = useOnboardingTourActions();
  return useWorkoutWrite(
    (request: SaveWorkoutRequest) => api.post('api/workouts', { json: request }).json(workoutResponseSchema),
    (data, message) => {
      if (!tourComplete && !stepsDone.CREATE_NEW_WORKOUT)
        stepCompleted('CREATE_NEW_WORKOUT', { workoutId: data.id, name: data.name });
      onSaved?.(data, message);
    },
  );
}

export const useUpdateWorkout = (onSaved?: OnWorkoutSaved) =>
  useWorkoutWrite(
    ({ workoutId, workout }: { workoutId: string; workout: SaveWorkoutRequest }) =>
      api.put(`api/workouts/${workoutId}`, { json: workout }).json(workoutResponseSchema),
    onSaved,
  );

export const useArchiveWorkout = () =>
  useWorkoutWrite((workoutId: string) =>
    api.post(`api/workouts/${workoutId}/archive`).json(workoutResponseSchema),
  );

export const useRestoreWorkout = () =>
  useWorkoutWrite((workoutId: string) =>
    api.post(`api/workouts/${workoutId}/restore`).json(workoutResponseSchema),
  );

export const useDuplicateWorkout = () =>
  useWorkoutWrite(({ workoutId, ...request }: DuplicateWorkoutRequest & { workoutId: string }) =>
    api.post(`api/workouts/${workoutId}/duplicate`, { json: request }).json(workoutResponseSchema),
  );

export function useDeleteWorkout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workoutId: string) =>
      api.delete(`api/workouts/${workoutId}`).json(deleteWorkoutResponseSchema),
    onSuccess: (_answer, workoutId) =>
      queryClient.removeQueries({ queryKey: workoutQueries.detail(workoutId).queryKey }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: workoutQueries.lists() });
      await queryClient.invalidateQueries({ queryKey: exerciseQueries.all() });
    },
  });
}
