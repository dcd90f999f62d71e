import { prependNewById } from './newest-first-list';

/**
 * One entry of the organisation's activity feed (spec 3 header "activities"; product.md: an athlete completed a
 * workout, a coach scheduled a program, a new athlete joined). The feed is server data, so it is query state,
 * not a store: the chat and live-updates issue fetches it and merges pushed entries with `mergeActivities`.
 */
export interface Activity {
  id: string;
  /** What happened, e.g. 'workout-completed', 'program-scheduled', 'athlete-joined'. */
  kind: string;
  /** The sentence shown in the feed. */
  summary: string;
  /** Where opening it leads, or null. */
  link: string | null;
  /** ISO 8601 instant. */
  createdAt: string;
}

/** Newer entries first; an id already in the feed is skipped. For `queryClient.setQueryData`. */
export function mergeActivities(existing: Activity[] | undefined, incoming: readonly Activity[]): Activity[] {
  return prependNewById(existing, incoming);
}
