import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { questionnaireQueries } from './questionnaire-queries';

/** `DELETE /api/questionnaire-assignments/{id}`: no more asking from today; the answers given stay. */
export function useStopAssignment(questionnaireId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (assignmentId: string) => {
      await api.delete(`api/questionnaire-assignments/${assignmentId}`);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({
        queryKey: questionnaireQueries.assignments(questionnaireId).queryKey,
      });
      await queryClient.invalidateQueries({ queryKey: questionnaireQueries.lists() });
    },
  });
}
