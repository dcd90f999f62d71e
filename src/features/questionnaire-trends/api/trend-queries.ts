import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** The schemas load with the answer: the dashboard's first screen must not carry them (ADR 038). */
const contract = () => import('@contract/questionnaires');

/** Whom a trend is of: one athlete or one group. */
export type TrendSubject = { athleteId: string } | { groupId: string };

/*
 * The staff's reading of questionnaire answers (issue 26, ADR 069). Every key starts with 'questionnaires': a live
 * 'questionnaires' event (an answer given, a questionnaire saved) makes all of them stale at once.
 */
export const trendQueries = {
  all: () => ['questionnaires', 'trends'] as const,
  /** The questionnaires to pick from (the list the questionnaires screen reads, under this area's own key). */
  questionnaires: () =>
    queryOptions({
      queryKey: [...trendQueries.all(), 'questionnaires'] as const,
      queryFn: async ({ signal }) => {
        const [{ questionnaireListResponseSchema }, body] = await Promise.all([
          contract(),
          api.get('api/questionnaires', { signal }).json<unknown>(),
        ]);
        return questionnaireListResponseSchema.parse(body);
      },
      staleTime: 60_000,
    }),
  /** Each item of a questionnaire over `from`–`to`, for an athlete (with its baseline) or a group. */
  trend: (questionnaireId: string, subject: TrendSubject, from: string, to: string) =>
    queryOptions({
      queryKey: [...trendQueries.all(), 'trend', questionnaireId, subject, from, to] as const,
      queryFn: async ({ signal }) => {
        const [{ trendResponseSchema }, body] = await Promise.all([
          contract(),
          api
            .get('api/questionnaire-trends', {
              signal,
              searchParams: { questionnaireId, ...subject, from, to },
            })
            .json<unknown>(),
        ]);
        return trendResponseSchema.parse(body);
      },
      // Switching range or athlete keeps the charts on screen until the new answer arrives (no layout shift).
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  /** An athlete's 12 weeks of session-RPE load, and this week's acute:chronic ratio. */
  load: (athleteId: string) =>
    queryOptions({
      queryKey: [...trendQueries.all(), 'load', athleteId] as const,
      queryFn: async ({ signal }) => {
        const [{ loadResponseSchema }, body] = await Promise.all([
          contract(),
          api.get('api/questionnaire-trends/load', { signal, searchParams: { athleteId } }).json<unknown>(),
        ]);
        return loadResponseSchema.parse(body);
      },
      staleTime: 60_000,
    }),
  /** Today's answers of the athletes who had a questionnaire due, and their flags (the staff dashboard). */
  readiness: () =>
    queryOptions({
      queryKey: ['questionnaires', 'readiness', 'today'] as const,
      queryFn: async ({ signal }) => {
        const [{ readinessResponseSchema }, body] = await Promise.all([
          contract(),
          api.get('api/questionnaire-readiness', { signal }).json<unknown>(),
        ]);
        return readinessResponseSchema.parse(body);
      },
      staleTime: 30_000,
    }),
};
