import type { ReportRangePreset, ReportSearch } from './report-search';
import { defaultReportRange } from './report-search';

/** The first and last day a report covers. */
export interface ReportDates {
  from: string;
  to: string;
  /** The preset chosen, or null for a custom range. */
  preset: ReportRangePreset | null;
}

const presetDays: Record<Exclude<ReportRangePreset, 'season'>, number> = { '7d': 7, '28d': 28, '90d': 90 };

function daysBefore(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/**
 * The season starts on 1 January of the organisation's current year: the settings have no season start of their
 * own (yet), and a calendar year fits the spring and summer seasons of the academies and clubs this is for.
 */
export function seasonStart(today: string): string {
  return `${today.slice(0, 4)}-01-01`;
}

/** The range of an address, ending on the organisation's `today` for a preset (both days counted). */
export function reportDates(search: ReportSearch, today: string): ReportDates {
  if (search.from && search.to) return { from: search.from, to: search.to, preset: null };
  const preset = search.range ?? defaultReportRange;
  if (preset === 'season') return { from: seasonStart(today), to: today, preset };
  return { from: daysBefore(today, presetDays[preset] - 1), to: today, preset };
}
