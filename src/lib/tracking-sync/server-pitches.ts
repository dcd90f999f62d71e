import type { Pitch } from '@contract/pitching';

/**
 * When the server's lists of a log's pitches were asked for (issue 16), against this device's own pitch writes.
 * A list may be read while a write of a pitch is on the wire: when the server answers that write after the list
 * was asked for, the list may lack the pitch or hold an older copy, and must not take the device's away.
 * Pitches carry no change time, so this page counts: each list asked for and each pitch write answered moves one
 * clock, and a list speaks for a pitch only when the pitch's last answer came before the list was asked for.
 * Kept free of imports: the tracking queries that use it are in the schedule's bundle too.
 */

export interface ServerPitchList {
  pitches: Pitch[];
  /** The page that asked and its clock then. */
  asked: { page: string; at: number };
}

const page = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
let clock = 0;
const answeredAt = new Map<string, number>();
/** Per log, the newest list taken: an older one read back from the cache (a remount) is not taken again. */
const takenAt = new Map<string, number>();

/** Called as a list is asked for. */
export const pitchListAsked = (): ServerPitchList['asked'] => ({ page, at: ++clock });

/** The server answered a write of this pitch (took it or refused it): lists asked for before cannot speak for it. */
export function pitchWriteAnswered(pitchId: string): void {
  answeredAt.set(pitchId, ++clock);
}

/**
 * Takes a list of the log: `null` when a newer one was taken already, else which pitches it speaks for. A list
 * restored from an earlier page's cache speaks for none (it cannot tell what that page sent after it); it only
 * adds pitches the device has never had.
 */
export function takePitchList(
  logId: string,
  asked: ServerPitchList['asked'],
): ((pitchId: string) => boolean) | null {
  if (asked.page !== page) return () => false;
  if (asked.at <= (takenAt.get(logId) ?? 0)) return null;
  takenAt.set(logId, asked.at);
  return (pitchId) => (answeredAt.get(pitchId) ?? 0) < asked.at;
}
