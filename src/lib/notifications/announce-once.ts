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

/** The screen on show, as the router has it (its path and its search string, `?…` or ''). */
export interface ScreenOnShow {
  pathname: string;
  search: string;
}

/** Screens that show what their notifications say as it happens: a conversation shows its new message. */
const screensShowingTheirNews = /^\/app\/chat\/[^/]+$/;

/**
 * Whether a notification opens the screen already on show and that screen shows the news itself (a message in the
 * conversation being read), so no toast repeats it. The dashboard does not show "Practice moves to 6 pm": a
 * notification linking there still gets its toast.
 */
export function opensScreenOnShow(link: string | null | undefined, here: ScreenOnShow): boolean {
  if (!link) return false;
  const target = new URL(link, 'http://app.invalid');
  if (target.origin !== 'http://app.invalid' && target.origin !== globalThis.location?.origin) return false;
  if (!screensShowingTheirNews.test(target.pathname)) return false;
  return target.pathname === here.pathname && (target.search === '' || target.search === here.search);
}
