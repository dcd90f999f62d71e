import { reportSchema, summariesResponseSchema } from '@contract/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** What one report is of: the organisation (in the path), a range, and a group or an athlete (or neither). */
export interface ReportParams {
  organizationId: string;
  from: string;
  to: string;
  groupId?: string | undefined;
  athleteId?: string | undefined;
}

/** The query of a report and its summaries: the range and at most one of the scopes. */
export function reportSearchParams({ from, to, groupId, athleteId }: ReportParams): Record<string, string> {
  return { from, to, ...(athleteId ? { athleteId } : groupId ? { groupId } : {}) };
}

export const reportPath = (organizationId: string) => `api/reporting/organization/${organizationId}`;

/** Reports (issue 27): the report of a range and scope, and the written summaries stored for it. */
export const reportQueries = {
  all: () => ['reports'] as const,
  report: (params: ReportParams) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'report', params] as const,
      queryFn: async ({ signal }) =>
        reportSchema.parse(
          await api
            .get(reportPath(params.organizationId), { signal, searchParams: reportSearchParams(params) })
            .json<unknown>(),
        ),
      // Another range or scope keeps the sections on screen, dimmed, until its report arrives (no layout shift).
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  summaries: (params: ReportParams) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'summaries', params] as const,
      queryFn: async ({ signal }) =>
        summariesResponseSchema.parse(
          await api
            .get(`${reportPath(params.organizationId)}/llm`, {
              signal,
              searchParams: reportSearchParams(params),
            })
            .json<unknown>(),
        ),
      staleTime: 60_000,
    }),
};
