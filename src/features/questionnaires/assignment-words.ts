import type { QuestionnaireAssignment } from '@contract/questionnaires';
import { format, parseISO } from 'date-fns';

const weekdayNames = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];
export const weekdayShortNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const list = new Intl.ListFormat('en-GB', { type: 'conjunction' });

/** "1 Dec", with the year when it is not this one's. */
const day = (isoDate: string, thisYear: string) =>
  format(parseISO(isoDate), isoDate.startsWith(thisYear) ? 'd MMM' : 'd MMM yyyy');

/**
 * When an assignment asks, in words: "Every day at 07:00 from 1 Dec", "Training days at 07:00 from 1 Dec until
 * 20 Dec", "Mondays and Thursdays at 08:30 from 2 Nov", "On 3 dates at 07:00: 1, 3 and 5 Dec".
 */
export function repeatWords(
  assignment: Pick<
    QuestionnaireAssignment,
    'repeat' | 'dates' | 'startsOn' | 'endsOn' | 'weekdays' | 'timeOfDay'
  >,
  today: string,
): string {
  const thisYear = today.slice(0, 4);
  const at = `at ${assignment.timeOfDay}`;
  if (assignment.repeat === 'once') {
    const dates = [...assignment.dates].sort();
    if (dates.length === 1) return `On ${day(dates[0]!, thisYear)} ${at}`;
    return `On ${dates.length} dates ${at}: ${list.format(dates.map((date) => day(date, thisYear)))}`;
  }
  const span = [
    assignment.startsOn ? `from ${day(assignment.startsOn, thisYear)}` : '',
    assignment.endsOn ? `until ${day(assignment.endsOn, thisYear)}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const when =
    assignment.repeat === 'daily'
      ? 'Every day'
      : assignment.repeat === 'training_days'
        ? 'Training days'
        : list.format(
            [...assignment.weekdays].sort((a, b) => a - b).map((weekday) => weekdayNames[weekday] ?? ''),
          );
  return [when, at, span].filter(Boolean).join(' ');
}
