import type { WeekStart } from '@contract/calendar-dates';
import type { FormatPlace } from '@/lib/format/format';
import { defaultFormatPlace, formatDay, formatDayRange } from '@/lib/format/format';
import { TZDate } from '@date-fns/tz';
import {
  addDays,
  addMonths,
  addWeeks,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';

/*
 * Calendar arithmetic on plain calendar dates (YYYY-MM-DD) through date-fns: the schedule's dates are days of the
 * organisation's calendar, not instants, so they are handled as local dates and only "today" needs the zone.
 */

export const calendarViews = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof calendarViews)[number];

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const weekStartsOnIndex = (weekStart: WeekStart) => (weekStart === 'sunday' ? 0 : 1);

/** Today in the organisation's time zone. */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  try {
    return format(new TZDate(now, timeZone), 'yyyy-MM-dd');
  } catch {
    return format(new Date(now), 'yyyy-MM-dd');
  }
}

/** The dates a view of `date` shows: whole weeks for a month, a week, or the day. */
export function viewRange(
  view: CalendarView,
  date: string,
  weekStart: WeekStart,
): { from: string; to: string } {
  const day = parseISO(date);
  const options = { weekStartsOn: weekStartsOnIndex(weekStart) } as const;
  if (view === 'day') return { from: date, to: date };
  if (view === 'week') return { from: iso(startOfWeek(day, options)), to: iso(endOfWeek(day, options)) };
  return { from: iso(startOfWeek(startOfMonth(day), options)), to: iso(endOfWeek(endOfMonth(day), options)) };
}

export function daysOf(from: string, to: string): string[] {
  return eachDayOfInterval({ start: parseISO(from), end: parseISO(to) }).map(iso);
}

/** The date one view earlier (-1) or later (1): a month, a week or a day. */
export function stepDate(view: CalendarView, date: string, direction: -1 | 1): string {
  const day = parseISO(date);
  if (view === 'month') return iso(addMonths(day, direction));
  if (view === 'week') return iso(addWeeks(day, direction));
  return iso(addDays(day, direction));
}

export const addDaysTo = (date: string, days: number): string => iso(addDays(parseISO(date), days));

/** "November 2026", "Nov 23 – 29, 2026", "Tuesday, November 24, 2026" in the organisation's locale. */
export function rangeLabel(
  view: CalendarView,
  date: string,
  weekStart: WeekStart,
  place: FormatPlace = defaultFormatPlace,
): string {
  if (view === 'month') return formatDay(date, 'month', place);
  if (view === 'day') return formatDay(date, 'dateWithWeekday', place);
  const { from, to } = viewRange('week', date, weekStart);
  return formatDayRange(from, to, 'shortDate', place);
}

export const inMonth = (date: string, monthOf: string) => isSameMonth(parseISO(date), parseISO(monthOf));

/** Mon, Tue… in the organisation's week order. */
export function weekdayNames(weekStart: WeekStart, width: 'short' | 'narrow' = 'short'): string[] {
  const first = startOfWeek(new Date(2026, 0, 7), { weekStartsOn: weekStartsOnIndex(weekStart) });
  return Array.from({ length: 7 }, (_, index) =>
    format(addDays(first, index), width === 'short' ? 'EEE' : 'EEEEE'),
  );
}

export const dayNumber = (date: string) => format(parseISO(date), 'd');
/** "Thursday, November 26": a day of the schedule in its headings, dialogs, toasts and announcements. */
export const dayHeading = (date: string, place: FormatPlace = defaultFormatPlace) =>
  formatDay(date, 'dayLong', place);
/** "Thu, Nov 26" */
export const shortDay = (date: string, place: FormatPlace = defaultFormatPlace) =>
  formatDay(date, 'day', place);
