/* The Throwing tab's range in the address (`?tab=throwing&days=365`); checked by hand, as the route's search is. */

/** The ranges offered: 28 days, 90 days, 1 year, 2 years (the API takes 28–730). */
export const throwingRanges = [28, 90, 365, 730] as const;
export type ThrowingRange = (typeof throwingRanges)[number];
/** The API's default, so the address without `days` shows what the server would. */
export const defaultThrowingRange: ThrowingRange = 90;

export const throwingRangeLabels: Record<ThrowingRange, string> = {
  28: '28 days',
  90: '90 days',
  365: '1 year',
  730: '2 years',
};

export interface ThrowingSearch {
  days?: ThrowingRange | undefined;
}

/**
 * `days` only on the Throwing tab and only one of the offered ranges; anything else is dropped. Dropped as
 * `undefined`, not left out: the router lays the checked search over the address's own, which would keep it.
 */
export function validateThrowingSearch(search: Record<string, unknown>): ThrowingSearch {
  if (search.days === undefined) return {};
  const days = Number(search.days);
  const offered = search.tab === 'throwing' && (throwingRanges as readonly number[]).includes(days);
  return { days: offered ? (days as ThrowingRange) : undefined };
}
