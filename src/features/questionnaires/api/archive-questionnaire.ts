import { questionnaireResponseSchema } from '@contract/questionnaires';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { questionnaireQueries } from './questionnaire-queries';

/** `PATCH /api/questionnaires/{id}` `{ archived }`: archive (athletes stop being asked) or restore. */
export function useArchiveQuestionnaire() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ questionnaireId, archived }: { questionnaireId: string; archived: boolean }) =>
      (
        await api
          .patch(`api/questionnaires/${questionnaireId}`, { json: { archived } })
          .json(questionnaireResponseSchema)
      ).questionnaire,
    onSuccess: (saved) => queryClient.setQueryData(questionnaireQueries.detail(saved.id).queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionnaireQueries.lists() }),
  });
}
