/* The trends screen's address: `?athleteId=` or `?groupId=`, and `range` of 30, 90 or 365 days; checked by hand. */

export const trendRanges = [30, 90, 365] as const;
export type TrendRange = (typeof trendRanges)[number];
export const defaultTrendRange: TrendRange = 30;

export const trendRangeLabels: Record<TrendRange, string> = { 30: '30 days', 90: '90 days', 365: '1 year' };

export interface TrendSearch {
  athleteId?: string | undefined;
  groupId?: string | undefined;
  range?: TrendRange | undefined;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: unknown) => (typeof value === 'string' && uuidPattern.test(value) ? value : undefined);

/**
 * One subject: an athlete wins over a group. Anything else is dropped as `undefined`, not left out: the router lays
 * the checked search over the address's own, which would keep it.
 */
export function validateTrendSearch(search: Record<string, unknown>): TrendSearch {
  const athleteId = idOf(search.athleteId);
  const range = Number(search.range);
  return {
    athleteId,
    groupId: athleteId ? undefined : idOf(search.groupId),
    range: (trendRanges as readonly number[]).includes(range) ? (range as TrendRange) : undefined,
  };
}
