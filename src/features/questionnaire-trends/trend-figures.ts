import type { FlaggedItem, ReadinessResponse } from '@contract/questionnaires';
import type { FlagLevel } from '@contract/questionnaire-rules';

/** A flag's level in words, so the chip never says it by colour alone. */
export const flagWords: Record<FlagLevel, string> = { red: 'Red flag', amber: 'Amber flag' };

/**
 * A z-score as the staff read it: "−2.3 SD", "+1.0 SD" (a true minus sign, always one decimal; the organisation's
 * locales all write a decimal point, ADR 053).
 */
export function signedSd(z: number): string {
  const rounded = Math.round(z * 10) / 10;
  const sign = rounded < 0 ? '−' : rounded > 0 ? '+' : '';
  return `${sign}${Math.abs(rounded).toFixed(1)} SD`;
}

/** Why an item flagged: "Sleep 1 · −2.3 SD" against the baseline, "Soreness at alert" past the coach's threshold. */
export function flaggedItemWords(
  item: Pick<FlaggedItem, 'label' | 'value' | 'z' | 'flag'>,
  formatNumber: (value: number, decimals?: number) => string,
): string {
  if (item.flag.reason === 'threshold') return `${item.label} at alert`;
  const value = formatNumber(item.value, 1);
  return item.z === null ? `${item.label} ${value}` : `${item.label} ${value} · ${signedSd(item.z)}`;
}

export type ReadinessAthlete = ReadinessResponse['athletes'][number];

const flagOrder = (athlete: ReadinessAthlete) =>
  athlete.flag === 'red' ? 0 : athlete.flag === 'amber' ? 1 : 2;

/**
 * The card's rows: the flagged first (red, then amber, each by name), then who has not answered everything due.
 * An athlete who answered without a flag needs nothing from the coach and is only counted.
 */
export function readinessRows(athletes: readonly ReadinessAthlete[]): {
  flagged: ReadinessAthlete[];
  waiting: ReadinessAthlete[];
} {
  const byName = (a: ReadinessAthlete, b: ReadinessAthlete) =>
    `${a.athlete.lastName} ${a.athlete.firstName}`.localeCompare(
      `${b.athlete.lastName} ${b.athlete.firstName}`,
    );
  const flagged = athletes
    .filter((athlete) => athlete.flag !== null)
    .sort((a, b) => flagOrder(a) - flagOrder(b) || byName(a, b));
  const waiting = athletes
    .filter((athlete) => athlete.flag === null && athlete.answered < athlete.due)
    .sort(byName);
  return { flagged, waiting };
}

export type LoadZone = 'green' | 'amber' | 'red';

/** The acute:chronic ratio's zone in words (Gabbett's sweet spot 0.8–1.3; over 1.5 the danger zone). */
export function loadZoneWords(ratio: number, zone: LoadZone): string {
  if (zone === 'green') return 'in the sweet spot';
  if (zone === 'red') return 'well above the sweet spot';
  return ratio < 0.8 ? 'below the sweet spot' : 'above the sweet spot';
}
