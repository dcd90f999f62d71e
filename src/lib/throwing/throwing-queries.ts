import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/*
 * An athlete's throwing summary (`GET /api/athletes/{athleteId}/throwing?days=`). The pitching schemas load with
 * the answer: the route's loader imports this module, and the person page must not carry them (ADR 038).
 */
export const throwingQueries = {
  /** Everything throwing of one athlete: a new pitch or an import makes it all stale. */
  athlete: (athleteId: string) => ['athlete-throwing', athleteId] as const,
  summary: (athleteId: string, days: number) =>
    queryOptions({
      queryKey: [...throwingQueries.athlete(athleteId), 'summary', days] as const,
      queryFn: async ({ signal }) => {
        const [{ throwingSummaryResponseSchema }, body] = await Promise.all([
          import('@contract/pitching'),
          api.get(`api/athletes/${athleteId}/throwing`, { signal, searchParams: { days } }).json<unknown>(),
        ]);
        return throwingSummaryResponseSchema.parse(body).throwing;
      },
      staleTime: 60_000,
    }),
  /** The range's pitches one by one for the scatter: all, or an even sample with every outlier (issue 22). */
  seasonPitches: (athleteId: string, days: number) =>
    queryOptions({
      queryKey: [...throwingQueries.athlete(athleteId), 'pitches', days] as const,
      queryFn: async ({ signal }) => {
        const [{ seasonPitchesResponseSchema }, body] = await Promise.all([
          import('@contract/pitching'),
          api
            .get(`api/athletes/${athleteId}/throwing/pitches`, { signal, searchParams: { days } })
            .json<unknown>(),
        ]);
        return seasonPitchesResponseSchema.parse(body);
      },
      staleTime: 60_000,
    }),
};
