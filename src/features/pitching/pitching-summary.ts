import type { Pitch, SensorThrow } from '@contract/pitching';
import type { PitchType } from '@contract/throwing';
import { pitchTypes } from '@contract/throwing';

/* What the charts show, in figures: the text alternatives under them read these. */

const average = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Of the pitches whose strike is known; null when none is. */
function strikeRateOf(pitches: readonly Pitch[]): number | null {
  const known = pitches.filter((pitch) => pitch.strike !== null);
  return known.length === 0 ? null : known.filter((pitch) => pitch.strike).length / known.length;
}

export interface PitchesOverview {
  count: number;
  strikeRate: number | null;
  topMph: number | null;
}

export function pitchesOverview(pitches: readonly Pitch[]): PitchesOverview {
  return {
    count: pitches.length,
    strikeRate: strikeRateOf(pitches),
    topMph: pitches.length === 0 ? null : Math.max(...pitches.map((pitch) => pitch.velocityMph)),
  };
}

export interface PitchTypeSummary {
  pitchType: PitchType;
  count: number;
  /** Of all the workout's pitches. */
  share: number;
  averageMph: number;
  topMph: number;
  strikeRate: number | null;
  /** Averages of the pitches that have them; null when none has. */
  averageHorizontalBreakIn: number | null;
  averageVerticalBreakIn: number | null;
  averageSpinRpm: number | null;
}

/** Per pitch type, in product.md's order of types; types not thrown are left out. */
export function pitchTypeSummaries(pitches: readonly Pitch[]): PitchTypeSummary[] {
  return pitchTypes.flatMap((pitchType) => {
    const ofType = pitches.filter((pitch) => pitch.pitchType === pitchType);
    if (ofType.length === 0) return [];
    const velocities = ofType.map((pitch) => pitch.velocityMph);
    const measured = (read: (pitch: Pitch) => number | null) =>
      average(ofType.map(read).filter((value) => value !== null));
    return [
      {
        pitchType,
        count: ofType.length,
        share: ofType.length / pitches.length,
        averageMph: average(velocities) ?? 0,
        topMph: Math.max(...velocities),
        strikeRate: strikeRateOf(ofType),
        averageHorizontalBreakIn: measured((pitch) => pitch.horizontalBreakIn),
        averageVerticalBreakIn: measured((pitch) => pitch.inducedVerticalBreakIn),
        averageSpinRpm: measured((pitch) => pitch.spinRateRpm),
      },
    ];
  });
}

export interface SensorOverview {
  throws: number;
  averageTorqueNm: number | null;
  peakTorqueNm: number | null;
  averageArmSpeed: number | null;
}

export function sensorOverview(throws: readonly SensorThrow[]): SensorOverview {
  const torques = throws.map((thrown) => thrown.elbowTorqueNm).filter((value) => value !== null);
  const speeds = throws.map((thrown) => thrown.armSpeedDegPerS).filter((value) => value !== null);
  return {
    throws: throws.length,
    averageTorqueNm: average(torques),
    peakTorqueNm: torques.length === 0 ? null : Math.max(...torques),
    averageArmSpeed: average(speeds),
  };
}

/**
 * A spin axis in degrees as a clock time, the inverse of contract/throwing's spinAxisDegrees (12:00 is 180°, 30° an
 * hour), to the nearest quarter hour as the devices show it: 225° is "1:30".
 */
export function spinAxisClock(degrees: number): string {
  const quarters = Math.round((((degrees - 180) % 360) + 360) / 7.5) % 48;
  const hour = Math.floor(quarters / 4);
  return `${hour === 0 ? 12 : hour}:${String((quarters % 4) * 15).padStart(2, '0')}`;
}

/** A figure with one decimal, or a dash when there is none. */
export const oneDecimal = (value: number | null) => (value === null ? '—' : value.toFixed(1));
export const wholeNumber = (value: number | null) =>
  value === null ? '—' : Math.round(value).toLocaleString('en-US');
export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
