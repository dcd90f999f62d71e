import type { CalendarItem, Role } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckIcon, DumbbellIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { categoryClassName } from '@/lib/branding/workout-categories';
import { todayQuery } from '@/lib/schedule/today-queries';

const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' });
const dateFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const linkClass =
  'text-sm font-semibold text-primary-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The organisation's today (its time zone, from the server) and what is on for it. */
export function TodayWidget({ role }: { role: Role }) {
  const today = useQuery(todayQuery());
  const date = today.data ? new Date(`${today.data.today}T00:00:00Z`) : null;
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="shrink-0 sm:min-w-44">
        {date ? (
          <>
            <p className="text-sm font-medium text-primary-ink">{weekdayFormat.format(date)}</p>
            <p className="text-xl font-bold tracking-tight whitespace-nowrap text-foreground">
              {dateFormat.format(date)}
            </p>
          </>
        ) : (
          <>
            <Skeleton className="h-4 w-20" />
            <Skeleton className="mt-2 h-6 w-40" />
          </>
        )}
      </div>
      <div className="min-w-0 flex-1">
        {today.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : !today.data || today.data.data.length === 0 ? (
          <div className="flex items-center gap-3 rounded-xl border border-dashed border-border-strong bg-muted/40 px-4 py-3">
            <DumbbellIcon className="size-5 text-muted-foreground" />
            <div className="min-w-0">
              <p className="text-sm font-medium text-foreground">Nothing scheduled for today</p>
              <p className="text-sm text-muted-foreground">
                {role === 'athlete'
                  ? 'Workouts your coaches schedule for you will show up here.'
                  : 'Workouts you schedule for athletes and groups will show up here.'}
              </p>
            </div>
          </div>
        ) : role === 'athlete' ? (
          <AthleteToday items={today.data.data} />
        ) : (
          <StaffToday items={today.data.data} />
        )}
        {today.data ? (
          <p className="mt-3">
            <Link to="/app/schedule" search={{ view: 'day', date: today.data.today }} className={linkClass}>
              Open today in the schedule
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

function AthleteToday({ items }: { items: readonly CalendarItem[] }) {
  return (
    <ul className="space-y-2" aria-label="Your workouts today">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 rounded-xl border border-border px-3 py-2.5">
          <span aria-hidden="true" className={`h-8 w-1.5 rounded-full ${categoryClassName(item.category)}`} />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-foreground">{item.name}</span>
            <span className="text-sm text-muted-foreground">{item.timeOfDay ?? 'Any time today'}</span>
          </span>
          {item.status === 'completed' ? (
            <CheckIcon className="size-5 text-success" aria-label="Done" />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Staff see today by group (each assignment once) and how many athletes have their own workout. */
function StaffToday({ items }: { items: readonly CalendarItem[] }) {
  const assignments = items.filter((item) => item.group);
  const individual = items.filter((item) => !item.group);
  return (
    <ul className="space-y-2" aria-label="Today by group">
      {assignments.map((item) => (
        <li key={item.id} className="flex items-center gap-3 rounded-xl border border-border px-3 py-2">
          <span aria-hidden="true" className={`h-7 w-1.5 rounded-full ${categoryClassName(item.category)}`} />
          <span className="min-w-0 flex-1 text-sm">
            <span className="font-semibold text-foreground">{item.group?.name}</span>{' '}
            <span className="text-muted-foreground">· {item.name}</span>
          </span>
          {item.progress ? (
            <span className="text-sm text-muted-foreground tabular-nums">
              {item.progress.completed}/{item.progress.total} done
            </span>
          ) : null}
        </li>
      ))}
      {individual.length > 0 ? (
        <li className="px-1 text-sm text-muted-foreground">
          {individual.length === 1 ? '1 athlete has' : `${individual.length} athletes have`} a workout of
          their own today.
        </li>
      ) : null}
    </ul>
  );
}
