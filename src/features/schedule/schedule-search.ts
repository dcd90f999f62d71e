import { isScheduleDate } from '@contract/calendar-dates';
import type { Role } from '@contract/user-fields';
import { uuidPattern } from '@contract/uuid';
import type { CalendarView } from '@/lib/schedule/calendar-range';

/* The schedule's address, checked by hand like the other route searches (no zod on the first screen). */

/** `/app/schedule?view=week&date=2026-11-24&group=<id>`: the view, the date it shows, and whose calendar. */
export interface ScheduleSearch {
  view?: CalendarView;
  date?: string;
  athlete?: string;
  group?: string;
}

/** A value that makes no sense is dropped, so an old or edited link still opens. */
export function validateScheduleSearch(search: Record<string, unknown>): ScheduleSearch {
  const { view, date, athlete, group } = search;
  return {
    ...(view === 'month' || view === 'week' || view === 'day' ? { view } : {}),
    ...(typeof date === 'string' && isScheduleDate(date) ? { date } : {}),
    ...(typeof athlete === 'string' && uuidPattern.test(athlete) ? { athlete } : {}),
    ...(typeof group === 'string' && uuidPattern.test(group) && !(typeof athlete === 'string')
      ? { group }
      : {}),
  };
}

/** Staff plan for everyone; an athlete sees its own schedule. */
export const plansSchedules = (role: Role): boolean => role === 'admin' || role === 'coach';
