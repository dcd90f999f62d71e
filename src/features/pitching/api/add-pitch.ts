import type { Pitch, PitchInput } from '@contract/pitching';
import { pitchResponseSchema } from '@contract/pitching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { pitchingQueries } from './pitching-queries';

/** POST /api/completed-workouts/{logId}/pitches: one pitch typed in; the server makes its id. */
export function useAddPitch(logId: string) {
  const queryClient = useQueryClient();
  const key = pitchingQueries.pitches(logId).queryKey;
  return useMutation({
    mutationFn: (pitch: PitchInput) =>
      api.post(`api/completed-workouts/${logId}/pitches`, { json: pitch }).json(pitchResponseSchema),
    onSuccess: async ({ pitch }) => {
      queryClient.setQueryData<Pitch[]>(key, (pitches = []) =>
        [...pitches.filter((existing) => existing.id !== pitch.id), pitch].sort(
          (a, b) => a.sequence - b.sequence,
        ),
      );
      // The athlete's throwing summary counts this pitch too.
      await queryClient.invalidateQueries({ queryKey: ['athlete-throwing'] });
    },
  });
}
