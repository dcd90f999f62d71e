import { tz } from '@date-fns/tz';
import {
  addDays,
  differenceInCalendarDays,
  endOfWeek,
  format,
  formatISO,
  parseISO,
  startOfWeek,
} from 'date-fns';
import type { WeekStart } from '../../contract/calendar-dates';

/**
 * Schedule dates are calendar dates (YYYY-MM-DD) of the organisation's zone. Arithmetic on them runs in UTC,
 * where every day has 24 hours, so the server's own zone and daylight-saving changes never shift a day; only
 * "today" needs the organisation's zone. Everything goes through date-fns (ADR 033), nothing by hand.
 */
const utc = tz('UTC');
const calendarDay = (date: string) => parseISO(date, { in: utc });
const written = (day: Date) => format(day, 'yyyy-MM-dd');

/** The organisation's today: the calendar date it is now in `timeZone` (an IANA zone such as America/Chicago). */
export const todayIn = (timeZone: string, now: Date = new Date()): string =>
  formatISO(now, { representation: 'date', in: tz(timeZone) });

export const addCalendarDays = (date: string, days: number): string =>
  written(addDays(calendarDay(date), days, { in: utc }));

/** Days from `from` to `to`: 0 for the same date, negative when `to` is earlier. */
export const calendarDaysFrom = (from: string, to: string): number =>
  differenceInCalendarDays(calendarDay(to), calendarDay(from), { in: utc });

const weekOptions = (weekStartsOn: WeekStart) =>
  ({ weekStartsOn: weekStartsOn === 'sunday' ? 0 : 1, in: utc }) as const;

/** The first and last date of the week holding `date`, as the organisation counts weeks. */
export function weekOf(date: string, weekStartsOn: WeekStart): { from: string; to: string } {
  const options = weekOptions(weekStartsOn);
  return {
    from: written(startOfWeek(calendarDay(date), options)),
    to: written(endOfWeek(calendarDay(date), options)),
  };
}

/** The weekday of a date, 0 for Sunday to 6 for Saturday. */
export const weekdayOf = (date: string): number => calendarDay(date).getDay();

/** "Tue 24 Nov", the way messages name a date. */
export const spokenDate = (date: string): string => format(calendarDay(date), 'EEE d MMM');

/**
 * Whole years from the date of birth to `date` (both YYYY-MM-DD): the years between, less one before the birthday.
 * Compared as text, as the throwing warnings and the reports' Pitch Smart limits both count an athlete's age.
 */
export function ageOn(dateOfBirth: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return date.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}
