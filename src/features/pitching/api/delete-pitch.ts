import type { Pitch } from '@contract/pitching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { pitchingQueries } from './pitching-queries';

/** DELETE /api/completed-workouts/{logId}/pitches/{pitchId}: 204, a missing one included (a replay is safe). */
export function useDeletePitch(logId: string) {
  const queryClient = useQueryClient();
  const key = pitchingQueries.pitches(logId).queryKey;
  return useMutation({
    mutationFn: async (pitchId: string) => {
      await api.delete(`api/completed-workouts/${logId}/pitches/${pitchId}`);
      return pitchId;
    },
    onSuccess: async (pitchId) => {
      queryClient.setQueryData<Pitch[]>(key, (pitches = []) =>
        pitches.filter((pitch) => pitch.id !== pitchId),
      );
      // Its throw, if any, has no pitch now (issue 22).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: pitchingQueries.sensorThrows(logId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['athlete-throwing'] }),
      ]);
    },
  });
}
