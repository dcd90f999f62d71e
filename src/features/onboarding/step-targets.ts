import type { OnboardingData, OnboardingStep } from '@contract';
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateOptions } from '@tanstack/react-router';
import { trackingQueries } from '@/lib/tracking-sync/tracking-queries';

/**
 * Where each step happens: the `data-tour` targets the guide points at, best first (the first one on screen
 * wins), and the screen "Take me there" opens. The targets are marked in the screens themselves.
 */
export interface TourStepPlace {
  targets: readonly string[];
  /** The user is on the step's screen: no "Take me there". Navigation steps are never "there" (going is the step). */
  isOnScreen: (pathname: string) => boolean;
  /** The step's screen; an async one looks up what the route needs (a completed workout's log). */
  destination: (queryClient: QueryClient) => NavigateOptions | Promise<NavigateOptions>;
}

const slotText = (slot: Record<string, unknown> | null, key: string): string | null => {
  const value = slot?.[key];
  return typeof value === 'string' ? value : null;
};

/** The entry the tour put on the schedule (ADD_WORKOUT_TO_SCHEDULE keeps its id and date). */
export function scheduledEntry(data: OnboardingData): { entryId: string; date: string } | null {
  const entryId = slotText(data.ADD_WORKOUT_TO_SCHEDULE, 'entryId');
  const date = slotText(data.ADD_WORKOUT_TO_SCHEDULE, 'date');
  return entryId && date ? { entryId, date } : null;
}

const never = () => false;
const startsWith = (prefix: string) => (pathname: string) => pathname.startsWith(prefix);
const navItem = (to: string) => `nav:${to}`;

export function tourStepPlace(step: OnboardingStep, data: OnboardingData): TourStepPlace {
  const entry = scheduledEntry(data);
  const entryOnSchedule = (): NavigateOptions =>
    entry
      ? { to: '/app/schedule', search: { view: 'day', date: entry.date } }
      : { to: '/app/schedule', search: {} };
  const entryItem = entry ? [`schedule-item:${entry.entryId}`] : [];
  switch (step) {
    case 'NAVIGATE_TO_USERS_PAGE':
      return {
        targets: [navItem('/app/users'), 'open-navigation'],
        isOnScreen: never,
        destination: () => ({ to: '/app/users' }),
      };
    case 'CREATE_NEW_USER':
      return {
        targets: ['person-form', 'add-person'],
        isOnScreen: startsWith('/app/users'),
        destination: () => ({ to: '/app/users/new' }),
      };
    case 'NAVIGATE_TO_WORKOUT_LIBRARY':
      return {
        targets: [navItem('/app/library'), 'open-navigation'],
        isOnScreen: never,
        destination: () => ({ to: '/app/library' }),
      };
    case 'FILL_WORKOUT_FORM':
    case 'CREATE_NEW_EXERCISE':
      return {
        targets: ['add-block', 'new-workout'],
        isOnScreen: startsWith('/app/library'),
        destination: () => ({ to: '/app/library/workouts/new' }),
      };
    case 'CREATE_NEW_WORKOUT':
      return {
        targets: ['save-workout', 'new-workout'],
        isOnScreen: startsWith('/app/library'),
        destination: () => ({ to: '/app/library/workouts/new' }),
      };
    case 'NAVIGATE_TO_SCHEDULE':
      return {
        targets: [navItem('/app/schedule'), 'open-navigation'],
        isOnScreen: never,
        destination: () => ({ to: '/app/schedule', search: {} }),
      };
    case 'ADD_WORKOUT_TO_SCHEDULE':
      return {
        targets: ['add-workout-form', 'add-workout'],
        isOnScreen: (pathname) => pathname === '/app/schedule',
        destination: () => ({ to: '/app/schedule', search: {} }),
      };
    case 'NAVIGATE_TO_SCHEDULE_TO_TRACK_WORKOUT':
    case 'NAVIGATE_TO_SCHEDULE_WITH_COMPLETED_WORKOUT':
      // The step is the schedule showing that day: "Take me there" opens the entry's day. On a phone's full-screen
      // tracking the frame's menu is covered: its close button, which goes back to the schedule, is lit.
      return {
        targets: [navItem('/app/schedule'), 'leave-tracking', 'open-navigation'],
        isOnScreen: never,
        destination: entryOnSchedule,
      };
    case 'OPEN_WORKOUT_MODAL':
      return {
        targets: ['track-entry', ...entryItem],
        isOnScreen: (pathname) => pathname === '/app/schedule',
        destination: () =>
          entry ? { to: '/app/track/$entryId', params: { entryId: entry.entryId } } : entryOnSchedule(),
      };
    case 'TRACK_WORKOUT_FOR_ATHLETE':
      return {
        targets: ['finish-confirm', 'finish-workout', 'start-tracking', 'track-entry', ...entryItem],
        isOnScreen: entry ? (pathname) => pathname === `/app/track/${entry.entryId}` : never,
        destination: () =>
          entry ? { to: '/app/track/$entryId', params: { entryId: entry.entryId } } : entryOnSchedule(),
      };
    case 'VISIT_COMPLETED_WORKOUT':
      return {
        targets: ['open-completed', ...entryItem],
        isOnScreen: (pathname) => pathname === '/app/schedule',
        // The completed workout's address is its log's: the entry's log is looked up first.
        destination: async (queryClient) => {
          if (!entry) return entryOnSchedule();
          const log = await queryClient
            .fetchQuery(trackingQueries.logOfEntry(entry.entryId))
            .catch(() => null);
          return log ? { to: '/app/completed/$logId', params: { logId: log.id } } : entryOnSchedule();
        },
      };
  }
}
