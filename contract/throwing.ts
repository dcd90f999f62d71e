// zod-free arithmetic of issue 16 (pitches and arm-sensor data): the server, the screens and the imports agree on
// pitch counts, rest days, workload and spin axes through these functions.

/** The pitch types of product.md ("Pitches"), in its order. */
export const pitchTypes = [
  'fastball',
  'sinker',
  'cutter',
  'slider',
  'sweeper',
  'curveball',
  'changeup',
  'splitter',
  'knuckleball',
  'other',
] as const;
export type PitchType = (typeof pitchTypes)[number];

/** A pitch's result, as a coach records it. */
export const pitchResults = ['ball', 'called_strike', 'swinging_strike', 'foul', 'in_play'] as const;
export type PitchResult = (typeof pitchResults)[number];

/** The pitch types' and results' names as people say them, on every throwing screen. */
export const pitchTypeLabels: Readonly<Record<PitchType, string>> = {
  fastball: 'Fastball',
  sinker: 'Sinker',
  cutter: 'Cutter',
  slider: 'Slider',
  sweeper: 'Sweeper',
  curveball: 'Curveball',
  changeup: 'Changeup',
  splitter: 'Splitter',
  knuckleball: 'Knuckleball',
  other: 'Other',
};
export const pitchResultLabels: Readonly<Record<PitchResult, string>> = {
  ball: 'Ball',
  called_strike: 'Called strike',
  swinging_strike: 'Swinging strike',
  foul: 'Foul',
  in_play: 'In play',
};

/** A ball is the only result that is not a strike (a foul and a ball in play count as strikes). */
export const isStrike = (result: PitchResult): boolean => result !== 'ball';

interface AgeBand {
  from: number;
  to: number;
  dailyMax: number;
  /** The pitches from which 1, 2, 3 and 4 rest days are needed. */
  restFrom: readonly [number, number, number, number];
}

/**
 * MLB Pitch Smart as product.md gives it: the daily maximum by age, and rest days by pitches thrown. Ages 7–8 use
 * the 9–14 thresholds (Pitch Smart's own table for them is the same up to their maximum of 50).
 */
const pitchSmart: readonly AgeBand[] = [
  { from: 7, to: 8, dailyMax: 50, restFrom: [21, 36, 51, 66] },
  { from: 9, to: 10, dailyMax: 75, restFrom: [21, 36, 51, 66] },
  { from: 11, to: 12, dailyMax: 85, restFrom: [21, 36, 51, 66] },
  { from: 13, to: 14, dailyMax: 95, restFrom: [21, 36, 51, 66] },
  { from: 15, to: 16, dailyMax: 95, restFrom: [31, 46, 61, 76] },
  { from: 17, to: 18, dailyMax: 105, restFrom: [31, 46, 61, 81] },
  { from: 19, to: 22, dailyMax: 120, restFrom: [31, 46, 61, 76] },
];

const bandOf = (age: number) => pitchSmart.find((band) => age >= band.from && age <= band.to) ?? null;

/** The most pitches a day for an athlete of this age, or null outside Pitch Smart's ages (7–22). */
export const dailyPitchLimit = (age: number): number | null => bandOf(age)?.dailyMax ?? null;

/** The rest days a day's pitch count calls for at this age (0–4), or null outside Pitch Smart's ages. */
export function restDaysAfter(pitches: number, age: number): number | null {
  const band = bandOf(age);
  if (!band) return null;
  return band.restFrom.filter((threshold) => pitches >= threshold).length;
}

/** Per throw (product.md "Throwing workload"): (elbow varus torque in Nm ÷ (height in m × weight in kg))^1.3. */
export function throwWorkload(torqueNm: number, heightM: number, weightKg: number): number | null {
  if (!(torqueNm >= 0) || !(heightM > 0) || !(weightKg > 0)) return null;
  return (torqueNm / (heightM * weightKg)) ** 1.3;
}

/**
 * A day's workload (issue 22): the sum of its throws' workloads, 0 on a day without throws, and null on a day with
 * throws but no workload (unknown: logged before the athlete's height and weight were known, or without torque). An
 * unknown day is never counted as 0: a 0 on a day the arm worked drags the acute workload down and makes a false red.
 */
export type DayWorkload = number | null;

/**
 * The acute workload: a weighted average of the last 9 days' workloads, today weighing 9, yesterday 8, … the ninth
 * day back 1 (weights 9..1, divided by their sum, 45). `daily` is oldest first; days before it count as 0. Unknown
 * (null) when one of the 9 days is.
 */
export function acuteWorkload(daily: readonly DayWorkload[]): number | null {
  const days = daily.slice(-9);
  if (days.some((workload) => workload === null)) return null;
  const padded = [...Array.from({ length: 9 - days.length }, () => 0), ...days];
  return padded.reduce<number>((sum, workload, index) => sum + workload! * (index + 1), 0) / 45;
}

/** The chronic workload: the plain average of the last 28 days' workloads (oldest first; days before are 0), unknown
 * when one of them is. */
export function chronicWorkload(daily: readonly DayWorkload[]): number | null {
  const days = daily.slice(-28);
  if (days.some((workload) => workload === null)) return null;
  return days.reduce<number>((sum, workload) => sum + workload!, 0) / 28;
}

export type WorkloadZone = 'green' | 'amber' | 'red';

/** The acute:chronic ratio's zone: 0.7–1.3 green; 0.4–0.7 and 1.3–1.6 amber; below 0.4 or above 1.6 red. */
export function workloadZone(ratio: number): WorkloadZone {
  if (ratio >= 0.7 && ratio <= 1.3) return 'green';
  if (ratio >= 0.4 && ratio <= 1.6) return 'amber';
  return 'red';
}

/**
 * A spin axis in degrees (0–359.x) from degrees or a clock time such as "1:30", where 12:00 is 180° (pure
 * backspin) and each hour is 30° clockwise, as TrackMan's SpinAxis and Rapsodo's Spin Direction read. Null when
 * it is neither.
 */
export function spinAxisDegrees(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? ((value % 360) + 360) % 360 : null;
  const text = value.trim();
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(text);
  if (clock) {
    const hours = Number(clock[1]);
    if (hours < 1 || hours > 12) return null;
    return ((hours % 12) * 30 + Number(clock[2]) * 0.5 + 180) % 360;
  }
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return spinAxisDegrees(Number(text));
}

/** Today's acute and chronic workloads (the last day of `daily`), their ratio and its zone: each null when unknown. */
export interface AcuteChronic {
  acute: number | null;
  chronic: number | null;
  /** Null when either is unknown, or before any workload (chronic 0). */
  ratio: number | null;
  zone: WorkloadZone | null;
}

export function acuteChronic(daily: readonly DayWorkload[]): AcuteChronic {
  const acute = acuteWorkload(daily);
  const chronic = chronicWorkload(daily);
  const ratio = acute !== null && chronic !== null && chronic > 0 ? acute / chronic : null;
  return { acute, chronic, ratio, zone: ratio === null ? null : workloadZone(ratio) };
}

/** The days of the last 28 (the windows today's ratio reads) with throws but no workload. */
export const unknownWorkloadDays = (daily: readonly DayWorkload[]): number =>
  daily.slice(-28).filter((workload) => workload === null).length;
