import type { ThrowingSummary } from '@contract/pitching';
import { addDays, format, parseISO } from 'date-fns';

/* What the Throwing tab shows, worked out from the summary: plain functions, so the charts and tables agree. */

const shift = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');

export type Zone = 'green' | 'amber' | 'red';
export const zoneWords: Record<Zone, string> = { green: 'Green', amber: 'Amber', red: 'Red' };

/** One day of the pitch-count chart. */
export interface PitchCountDay {
  date: string;
  pitches: number;
  restDays: number | null;
  overLimit: boolean;
  /** A day of rest owed by an earlier day's count. */
  resting: boolean;
  /** After today: a rest day still to come. */
  upcoming: boolean;
}

/**
 * The 28 days ending today, each with its pitches (0 when none), then the days after today that rest is still
 * owed for (up to the day before `availableFrom`), so the chart shows what the last outing calls for.
 */
export function pitchCountDays(summary: ThrowingSummary): PitchCountDay[] {
  const thrown = new Map(summary.pitchCounts.map((day) => [day.date, day]));
  const resting = new Set<string>();
  for (const day of summary.pitchCounts) {
    for (let offset = 1; offset <= (day.restDays ?? 0); offset += 1) resting.add(shift(day.date, offset));
  }
  const days: PitchCountDay[] = [];
  for (let offset = -27; offset <= 4; offset += 1) {
    const date = shift(summary.today, offset);
    if (offset > 0 && date >= summary.availableFrom) break;
    const count = thrown.get(date);
    days.push({
      date,
      pitches: count?.pitches ?? 0,
      restDays: count?.restDays ?? null,
      overLimit: count?.overLimit ?? false,
      resting: resting.has(date) && !count,
      upcoming: offset > 0,
    });
  }
  return days;
}

/** The line under "Pitches today": the limit's age band, or why there is none. */
export function limitNote(summary: Pick<ThrowingSummary, 'age' | 'dailyLimit'>): string {
  const { age, dailyLimit } = summary;
  if (age === null) return 'No Pitch Smart limit: add a date of birth';
  if (dailyLimit === null) return age > 22 ? 'No limit past age 22' : 'No Pitch Smart limit under age 7';
  return `Pitch Smart daily limit at age ${age}`;
}

/** Per pitch type over the range: the summary's mix with the top velocity of its days. */
export function pitchTypeSummary(summary: ThrowingSummary) {
  return summary.pitchMix
    .map((mix) => {
      const tops = summary.velocity.filter((day) => day.pitchType === mix.pitchType).map((day) => day.topMph);
      return { ...mix, topMph: tops.length > 0 ? Math.max(...tops) : null };
    })
    .sort((a, b) => b.pitches - a.pitches);
}

/** Arm-sensor throws over the range: a day with a workload, or with throws whose workload is unknown. */
export const hasWorkload = (summary: ThrowingSummary) =>
  summary.workload.some((day) => day.daily === null || day.daily > 0);
