import { isEarlierPosition } from '@contract/live-events-position';

/**
 * ADR 078: the earliest outbox position the API answered with since the signed-in start. A new tab's live stream
 * starts from it, so the replay brings what changed after the first screen's reads, instead of the tab reading the
 * whole screen again. An answer with an earlier position that arrives after the stream took its start (another server
 * process that had read less) is reported to `onEarlier`: the stream cannot replay for it.
 */
let earliest: string | null = null;
let taken = false;
let onEarlier: (() => void) | undefined;

export function noteLiveEventsPosition(position: string | null): void {
  if (position === null || !/^\d{1,19}$/.test(position)) return;
  if (taken) {
    if (earliest === null || isEarlierPosition(position, earliest)) onEarlier?.();
    return;
  }
  if (earliest === null || isEarlierPosition(position, earliest)) earliest = position;
}

/** Where a new stream starts (null: no answer said, so the screen must be read again); later answers are watched. */
export function takeLiveEventsStart(whenEarlier: () => void): string | null {
  taken = true;
  // With no start, the stream reads the whole screen again anyway.
  onEarlier = earliest === null ? undefined : whenEarlier;
  return earliest;
}

/** At sign-out: the next signed-in start collects its own. */
export function forgetLiveEventsStart(): void {
  earliest = null;
  taken = false;
  onEarlier = undefined;
}
