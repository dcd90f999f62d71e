import type { ScheduleItemDetail, ScheduleQuery, ScheduleResponse } from '@contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/**
 * The schedule's reads that more than one screen makes: a calendar range and one item with its copy of the
 * workout. The schedule, tracking, the dashboard's Today and the device's coming week (ADR 045) all read them
 * through these options, so each answer is one cache entry, kept on the device (ADR 016) and found offline by
 * whichever screen asks. Schemas load with the answer (ADR 028): the dashboard imports this.
 */

/** Whose calendar: one athlete's, one group's, or (neither) the organisation's. */
export interface ScheduleSubject {
  athleteId?: string;
  groupId?: string;
}

export interface ScheduleRange extends ScheduleSubject {
  from: string;
  to: string;
}

export type ScheduleItemKind = 'entry' | 'assignment';

/** The query string of a range: only the ids that are set. */
function searchParamsOf({ from, to, athleteId, groupId }: ScheduleRange): ScheduleQuery {
  return { from, to, ...(athleteId ? { athleteId } : {}), ...(groupId ? { groupId } : {}) };
}

export const scheduleItemPath = (kind: ScheduleItemKind, id: string) =>
  kind === 'entry' ? `api/schedule/entries/${id}` : `api/group-assignments/${id}`;

/** The key of a range: the same range (its ids in any order) is the same cache entry. */
export const scheduleRangeKey = (range: ScheduleRange) => ['schedule', 'range', range] as const;

/** `GET /api/schedule`: one athlete's, one group's or the organisation's items from `from` to `to`. */
export const scheduleRangeQuery = (range: ScheduleRange) =>
  queryOptions({
    queryKey: scheduleRangeKey(range),
    queryFn: async ({ signal }): Promise<ScheduleResponse> => {
      const [{ scheduleResponseSchema }, body] = await Promise.all([
        import('@contract/schedule'),
        api.get('api/schedule', { signal, searchParams: searchParamsOf(range) }).json<unknown>(),
      ]);
      return scheduleResponseSchema.parse(body);
    },
    // Going to the next week keeps this one on screen until it arrives: nothing jumps.
    placeholderData: keepPreviousData,
  });

/** An entry or a group assignment with its copy of the workout (an assignment: with its members). */
export const scheduleItemQuery = (kind: ScheduleItemKind, id: string) =>
  queryOptions({
    queryKey: ['schedule', 'item', kind, id] as const,
    queryFn: async ({ signal }): Promise<ScheduleItemDetail> => {
      const [{ scheduleItemResponseSchema }, body] = await Promise.all([
        import('@contract/schedule'),
        api.get(scheduleItemPath(kind, id), { signal }).json<unknown>(),
      ]);
      return scheduleItemResponseSchema.parse(body).data;
    },
  });
