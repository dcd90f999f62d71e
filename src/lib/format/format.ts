import { defaultLocale } from '@contract/locales';
import { defaultTimeZone } from '@contract/calendar-dates';

/**
 * The words of dates, times and numbers on screen, one style of each (issue 23, defect 12). Calendar dates
 * (yyyy-mm-dd of the schedule) are days, written as they are in any zone; instants (createdAt, completedAt) are
 * written in the organisation's time zone.
 */
export interface FormatPlace {
  locale: string;
  timeZone: string;
}

export const defaultFormatPlace: FormatPlace = { locale: defaultLocale, timeZone: defaultTimeZone };

const dayStyles = {
  /** "Thu, Nov 26" / "Thu 26 Nov" */
  day: { weekday: 'short', day: 'numeric', month: 'short' },
  /** "Thu, Nov 26, 2026" / "Thu, 26 Nov 2026" */
  dayWithYear: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** "Nov 26, 2026" / "26 Nov 2026": dates in tables and lists */
  shortDate: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "Thursday" */
  weekday: { weekday: 'long' },
  /** "Thursday, November 26" / "Thursday 26 November": a day of the schedule */
  dayLong: { weekday: 'long', day: 'numeric', month: 'long' },
  /** "November 2026" */
  month: { month: 'long', year: 'numeric' },
  /** "Nov 26" / "26 Nov" */
  shortDay: { day: 'numeric', month: 'short' },
  /** "November 26, 2026" / "26 November 2026" */
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "Thursday, November 26, 2026" / "Thursday, 26 November 2026" */
  dateWithWeekday: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DayStyle = keyof typeof dayStyles;

const instantStyles = {
  ...dayStyles,
  /** "3:05 PM" / "3:05 pm" */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "Nov 26, 2026, 3:05 PM" / "26 Nov 2026, 3:05 pm" */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type InstantStyle = keyof typeof instantStyles;

// Intl objects are slow to make and safe to share: one per locale, zone and style.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, timeZone: string, style: InstantStyle): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${style}`;
  let made = dateFormats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...instantStyles[style], timeZone });
    dateFormats.set(key, made);
  }
  return made;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${maximumFractionDigits}`;
  let made = numberFormats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(locale, { maximumFractionDigits });
    numberFormats.set(key, made);
  }
  return made;
}

/** A calendar date (yyyy-mm-dd) in a style: the day itself, never moved by a time zone. */
export function formatDay(isoDate: string, style: DayStyle, place: FormatPlace = defaultFormatPlace): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  // Noon UTC written in UTC: the same day whatever the organisation's or the device's zone.
  return dateFormat(place.locale, 'UTC', style).format(new Date(Date.UTC(year, month - 1, day, 12)));
}

const noonUtcOf = (isoDate: string): Date | null => {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return year && month && day ? new Date(Date.UTC(year, month - 1, day, 12)) : null;
};

/** Two calendar dates as one range in the locale's way: "Nov 23 – 29, 2026" / "23–29 Nov 2026". */
export function formatDayRange(
  from: string,
  to: string,
  style: DayStyle,
  place: FormatPlace = defaultFormatPlace,
): string {
  const start = noonUtcOf(from);
  const end = noonUtcOf(to);
  if (!start || !end) return `${from} – ${to}`;
  return dateFormat(place.locale, 'UTC', style).formatRange(start, end);
}

/** An instant (an ISO timestamp or a Date) in a style, as the clock and calendar read in the organisation's zone. */
export function formatInstant(
  instant: string | Date,
  style: InstantStyle,
  place: FormatPlace = defaultFormatPlace,
): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return typeof instant === 'string' ? instant : '';
  return dateFormat(place.locale, place.timeZone, style).format(date);
}

/** Decimals of a load: one rule everywhere (443.33 → 443.3; 225 → 225). */
export const loadDecimals = 1;

/** A load or volume with its unit: "443.3 lb", "12,400 kg". */
export function formatLoad(value: number, unit: string, place: FormatPlace = defaultFormatPlace): string {
  return `${numberFormat(place.locale, loadDecimals).format(value)} ${unit}`;
}

/** A number with at most `decimals` decimals, grouped: "1,000", "92.4". */
export function formatNumber(value: number, decimals = 1, place: FormatPlace = defaultFormatPlace): string {
  return numberFormat(place.locale, decimals).format(value);
}

/** A whole count, grouped: "1,000". */
export function formatCount(value: number, place: FormatPlace = defaultFormatPlace): string {
  return numberFormat(place.locale, 0).format(value);
}
