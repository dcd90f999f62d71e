import type { CorrectWorkoutLogRequest } from '@contract';
import { workoutLogResponseSchema } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { completedQueries } from './completed-queries';

/** POST /api/workout-logs/{logId}/corrections (staff): the log as corrected, its originals kept in the history. */
export function useCorrectWorkoutLog(logId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CorrectWorkoutLogRequest) =>
      api.post(`api/workout-logs/${logId}/corrections`, { json: request }).json(workoutLogResponseSchema),
    onSuccess: async ({ data }) => {
      queryClient.setQueryData(completedQueries.log(logId).queryKey, data);
      // The list's volume and "corrected" mark change too, and so may the athlete's history and records.
      await queryClient.invalidateQueries({ queryKey: completedQueries.lists() });
      await queryClient.invalidateQueries({ queryKey: ['athlete-training'] });
    },
  });
}
