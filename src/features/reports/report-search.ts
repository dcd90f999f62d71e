/*
 * The reports screen's address (issue 27): a preset `range` (7d, 28d, 90d, season) or a custom `from`–`to`, and one
 * scope, `groupId` or `athleteId` (neither: the organisation). Checked by hand: this runs with the route tree, which
 * every screen loads, so it carries no zod and no date library.
 */

export const reportRangePresets = ['7d', '28d', '90d', 'season'] as const;
export type ReportRangePreset = (typeof reportRangePresets)[number];
export const defaultReportRange: ReportRangePreset = '28d';

/** The longest custom range (contract/reports.ts `reportLimits.rangeMaxDays`, repeated here to keep zod out). */
export const customRangeMaxDays = 366;

export interface ReportSearch {
  range?: ReportRangePreset | undefined;
  from?: string | undefined;
  to?: string | undefined;
  groupId?: string | undefined;
  athleteId?: string | undefined;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: unknown) => (typeof value === 'string' && uuidPattern.test(value) ? value : undefined);

/** A real calendar date written yyyy-mm-dd (not 2026-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}

/** Why a custom range cannot be asked for, or null when it can. */
export function customRangeProblem(from: string, to: string): string | null {
  if (!isCalendarDate(from) || !isCalendarDate(to)) return 'Choose both dates';
  if (to < from) return 'The end is before the start';
  if (daysBetween(from, to) > customRangeMaxDays) return `A report covers at most ${customRangeMaxDays} days`;
  return null;
}

/**
 * A valid custom range wins over a preset; one athlete wins over a group. Anything else is dropped as `undefined`,
 * not left out: the router lays the checked search over the address's own, which would keep it.
 */
export function validateReportSearch(search: Record<string, unknown>): ReportSearch {
  const athleteId = idOf(search.athleteId);
  const scope = { groupId: athleteId ? undefined : idOf(search.groupId), athleteId };
  const { from, to } = search;
  if (typeof from === 'string' && typeof to === 'string' && customRangeProblem(from, to) === null)
    return { range: undefined, from, to, ...scope };
  const range = (reportRangePresets as readonly unknown[]).includes(search.range)
    ? (search.range as ReportRangePreset)
    : undefined;
  return { range, from: undefined, to: undefined, ...scope };
}
