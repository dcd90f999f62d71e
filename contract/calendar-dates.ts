// zod-free: the schedule's date rules, shared by the route checks of the screens and the server.

/** Schedule entries are on calendar dates of the organisation's time zone, between these (inclusive). */
export const scheduleDateBounds = { min: '2000-01-01', max: '2100-12-31' } as const;

/** How many days one calendar request may span (a month view with its leading and trailing days fits). */
export const scheduleRangeMaxDays = 62;

export const weekStarts = ['monday', 'sunday'] as const;
export type WeekStart = (typeof weekStarts)[number];
export const defaultWeekStart: WeekStart = 'monday';
export const defaultTimeZone = 'UTC';

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const isScheduleDate = (value: string): boolean =>
  isIsoDate(value) && value >= scheduleDateBounds.min && value <= scheduleDateBounds.max;

/** Days from `from` to `to`, both counted (2026-03-01 to 2026-03-01 is 1). */
export function daysInRange(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  return Math.round((end - start) / 86_400_000) + 1;
}

/** An IANA time zone this runtime knows (America/Chicago), as organisations choose theirs. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
