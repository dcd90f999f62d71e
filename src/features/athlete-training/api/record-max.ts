import type { RecordMaxRequest } from '@contract';
import { athleteMaxResponseSchema } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { trainingQueries } from './training-queries';

/** POST /api/athletes/{athleteId}/maxes (staff): a tested 1RM or a velocity best becomes the current max. */
export function useRecordMax(athleteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RecordMaxRequest) =>
      api.post(`api/athletes/${athleteId}/maxes`, { json: request }).json(athleteMaxResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trainingQueries.athlete(athleteId) }),
  });
}
