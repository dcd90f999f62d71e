import type { CreateExerciseRequest, ExerciseDetail, UpdateExerciseRequest } from '@contract';
import { deleteExerciseResponseSchema, exerciseResponseSchema } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import {
  useIsOnboardingComplete,
  useOnboardingStepsDone,
  useOnboardingTourActions,
} from '@/stores/onboarding-tour-store';
import { exerciseQueries, workoutQueries } from './library-queries';

/** After any change to an exercise: its detail from the answer, the lists (and workouts, which show names) anew. */
function useExerciseWrite<TInput>(
  send: (input: TInput) => Promise<{ message: string; data: ExerciseDetail }>,
  onSaved?: (saved: ExerciseDetail) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ data }) => {
      queryClient.setQueryData(exerciseQueries.detail(data.id).queryKey, data);
      onSaved?.(data);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: exerciseQueries.lists() });
      await queryClient.invalidateQueries({ queryKey: workoutQueries.all() });
    },
  });
}

/** POST /api/exercises; the first one completes the guided tour's CREATE_NEW_EXERCISE step (spec 4). */
export function useCreateExercise() {
  const tourComplete = useIsOnboardingComplete();
  const stepsDone = useOnboardingStepsDone();
  const { stepCompleted } = useOnboardingTourActions();
  return useExerciseWrite(
    (request: CreateExerciseRequest) =>
      api.post('api/exercises', { json: request }).json(exerciseResponseSchema),
    () => {
      if (!tourComplete && !stepsDone.CREATE_NEW_EXERCISE) stepCompleted('CREATE_NEW_EXERCISE');
    },
  );
}

export const useUpdateExercise = () =>
  useExerciseWrite(({ exerciseId, changes }: { exerciseId: string; changes: UpdateExerciseRequest }) =>
    api.patch(`api/exercises/${exerciseId}`, { json: changes }).json(exerciseResponseSchema),
  );

export const useArchiveExercise = () =>
  useExerciseWrite((exerciseId: string) =>
    api.post(`api/exercises/${exerciseId}/archive`).json(exerciseResponseSchema),
  );

export const useRestoreExercise = () =>
  useExerciseWrite((exerciseId: string) =>
    api.post(`api/exercises/${exerciseId}/restore`).json(exerciseResponseSchema),
  );

/** DELETE /api/exercises/{id}: an exercise a workout uses is archived instead, and the answer says which. */
export function useDeleteExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (exerciseId: string) =>
      api.delete(`api/exercises/${exerciseId}`).json(deleteExerciseResponseSchema),
    onSuccess: (answer, exerciseId) => {
      if (answer.data) queryClient.setQueryData(exerciseQueries.detail(exerciseId).queryKey, answer.data);
      else queryClient.removeQueries({ queryKey: exerciseQueries.detail(exerciseId).queryKey });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: exerciseQueries.lists() }),
  });
}
