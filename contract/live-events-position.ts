/**
 * ADR 078: every API answer says how far this server process had read the live-events outbox when the request
 * began, so a new tab's stream can start from its first reads instead of reading the whole screen again.
 */
export const liveEventsPositionHeader = 'Live-Events-Position';

/** Outbox ids are bigints sent as decimal strings; the shorter one is the older. */
export function isEarlierPosition(id: string, other: string): boolean {
  return id.length !== other.length ? id.length < other.length : id < other;
}
