import {
  assignmentListResponseSchema,
  questionnaireListResponseSchema,
  questionnaireResponseSchema,
} from '@contract/questionnaires';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/**
 * The staff's questionnaires (`/api/questionnaires`, `/api/questionnaire-assignments`). Every key starts with
 * 'questionnaires': the live event of that kind reads them all again (ADR 056).
 */
export const questionnaireQueries = {
  all: () => ['questionnaires'] as const,
  lists: () => [...questionnaireQueries.all(), 'list'] as const,
  list: ({ archived = false }: { archived?: boolean } = {}) =>
    queryOptions({
      queryKey: [...questionnaireQueries.lists(), { archived }] as const,
      queryFn: ({ signal }) =>
        api
          .get('api/questionnaires', { signal, searchParams: archived ? { archived: 'true' } : {} })
          .json(questionnaireListResponseSchema),
    }),
  details: () => [...questionnaireQueries.all(), 'detail'] as const,
  detail: (questionnaireId: string) =>
    queryOptions({
      queryKey: [...questionnaireQueries.details(), questionnaireId] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get(`api/questionnaires/${encodeURIComponent(questionnaireId)}`, { signal })
            .json(questionnaireResponseSchema)
        ).questionnaire,
    }),
  assignments: (questionnaireId: string) =>
    queryOptions({
      queryKey: [...questionnaireQueries.all(), 'assignments', questionnaireId] as const,
      queryFn: async ({ signal }) =>
        (
          await api
            .get('api/questionnaire-assignments', { signal, searchParams: { questionnaireId } })
            .json(assignmentListResponseSchema)
        ).assignments,
    }),
};
