import type { CreateAssignmentRequest } from '@contract/questionnaires';
import { assignmentResponseSchema } from '@contract/questionnaires';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { questionnaireQueries } from './questionnaire-queries';

/** `POST /api/questionnaire-assignments`: the questionnaire for an athlete or a group, on dates or a repeat. */
export function useCreateAssignment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateAssignmentRequest) =>
      (await api.post('api/questionnaire-assignments', { json: request }).json(assignmentResponseSchema))
        .assignment,
    onSettled: async (_assignment, _error, request) => {
      await queryClient.invalidateQueries({
        queryKey: questionnaireQueries.assignments(request.questionnaireId).queryKey,
      });
      await queryClient.invalidateQueries({ queryKey: questionnaireQueries.lists() });
    },
  });
}
