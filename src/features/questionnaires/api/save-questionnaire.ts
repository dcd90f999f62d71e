import type { QuestionnaireItem, SaveQuestionnaireRequest } from '@contract/questionnaires';
import { questionnaireResponseSchema } from '@contract/questionnaires';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { questionnaireQueries } from './questionnaire-queries';

/** What the builder does with the saved questionnaire: runs even when the builder has gone meanwhile. */
export type OnQuestionnaireSaved = (saved: QuestionnaireItem) => void;

/**
 * `POST /api/questionnaires` (no id) or `PUT /api/questionnaires/{id}`: the builder's save. The answer becomes the
 * detail at once, and the lists are read again (question count, version).
 */
export function useSaveQuestionnaire(onSaved?: OnQuestionnaireSaved) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      questionnaireId,
      questionnaire,
    }: {
      questionnaireId?: string;
      questionnaire: SaveQuestionnaireRequest;
    }) =>
      (
        await (
          questionnaireId
            ? api.put(`api/questionnaires/${questionnaireId}`, { json: questionnaire })
            : api.post('api/questionnaires', { json: questionnaire })
        ).json(questionnaireResponseSchema)
      ).questionnaire,
    onSuccess: (saved) => {
      onSaved?.(saved);
      queryClient.setQueryData(questionnaireQueries.detail(saved.id).queryKey, saved);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: questionnaireQueries.lists() }),
  });
}
