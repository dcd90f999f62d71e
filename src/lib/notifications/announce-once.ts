/** How many announced notifications a page remembers: far more than arrive while one page is open. */
const remembered = 200;
const announced = new Set<string>();

/** A notification as it was announced: its id and when it was made or last folded into (a day's batch grows). */
export const announcementKey = (notificationId: string, at: string): string => `${notificationId}@${at}`;

/**
 * True the first time this page is asked to announce `key`, false after. A notification can reach an open page
 * twice, as a foreground push and as a live event, and the person is told once (ADR 059).
 */
export function announceOnce(key: string): boolean {
  if (announced.has(key)) return false;
  announced.add(key);
  if (announced.size > remembered) {
    const oldest = announced.values().next().value;
    if (oldest !== undefined) announced.delete(oldest);
  }
  return true;
}
