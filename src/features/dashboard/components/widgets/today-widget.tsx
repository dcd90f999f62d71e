import type { CalendarItem, Role } from '@contract';
import { workoutCategoryLabels } from '@contract/training-vocabulary';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckIcon, ChevronDownIcon, DumbbellIcon, UsersIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { categoryClassName } from '@/lib/branding/workout-categories';
import { useIsOnline } from '@/lib/network/network-status';
import { todayQuery } from '@/lib/schedule/today-queries';
import { useFormats } from '@/lib/format/use-formats';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { trackingQueries } from '@/lib/tracking-sync/tracking-queries';

/** Today's date (YYYY-MM-DD) in a time zone, with the platform's Intl rather than a date library. */
function todayInZone(timeZone: string): string | null {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(new Date());
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value;
    return `${part('year')}-${part('month')}-${part('day')}`;
  } catch {
    return null;
  }
}

const linkClass =
  'text-sm font-semibold text-primary-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** A row of today that opens its workout: the whole row is the target, a thumb's height at least. */
const rowClass =
  'group flex min-h-16 items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2.5 transition-colors hover:border-primary/40 hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The pill that says what a tap does, in the organisation's colour. */
const actionClass =
  'inline-flex shrink-0 items-center gap-1 rounded-full bg-primary py-1.5 pr-2.5 pl-3.5 text-sm font-semibold text-primary-foreground shadow-xs group-hover:bg-primary-hover';

/**
 * The organisation's today (its time zone, from the server) and what is on for it. Each workout opens with one
 * tap: an athlete's its tracking screen (ADR 045: a set marked there starts it), staff's a group's workout at its
 * next athlete to track.
 */
export function TodayWidget({ role }: { role: Role }) {
  const today = useQuery(todayQuery());
  // The date shows at once, from the organisation's zone; the server's today replaces it when it answers.
  const timeZone = useQuery(settingsQueries.full()).data?.timeZone;
  const day = today.data?.today ?? (timeZone ? todayInZone(timeZone) : null);
  const formats = useFormats();
  // With no connection a query waits ("paused") rather than fails: that is not loading, it is not here.
  const isWaiting = today.isPending && today.fetchStatus === 'fetching';
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="shrink-0 sm:min-w-44">
        {day ? (
          <>
            <p className="text-sm font-medium text-primary-ink">{formats.day(day, 'weekday')}</p>
            <p className="text-xl font-bold tracking-tight whitespace-nowrap text-foreground">
              {formats.day(day, 'date')}
            </p>
          </>
        ) : (
          <>
            <Skeleton className="h-5 w-20" />
            <Skeleton className="mt-1 h-7 w-40" />
          </>
        )}
      </div>
      <div className="min-w-0 flex-1">
        {isWaiting ? (
          // Most days hold two or three workouts: the rows' room is kept, so the cards below move little.
          <div className="space-y-2" aria-hidden="true">
            <Skeleton className="h-16 w-full rounded-xl" />
            <Skeleton className="h-16 w-full rounded-xl" />
          </div>
        ) : !today.data ? (
          <Notice title="Today is not on this device yet">
            It shows as soon as there is a connection; from then on the coming week is kept here.
          </Notice>
        ) : today.data.data.length === 0 ? (
          <Notice title="Nothing scheduled for today">
            {role === 'athlete'
              ? 'Workouts your coaches schedule for you will show up here.'
              : 'Workouts you schedule for athletes and groups will show up here.'}
          </Notice>
        ) : role === 'athlete' ? (
          <AthleteToday items={today.data.data} />
        ) : (
          <StaffToday items={today.data.data} today={today.data.today} />
        )}
        {day ? (
          <p className="mt-3">
            <Link to="/app/schedule" search={{ view: 'day', date: day }} className={linkClass}>
              Open today in the schedule
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border border-dashed border-border-strong bg-muted/40 px-4 py-3">
      <DumbbellIcon className="size-5 shrink-0 text-muted-foreground" />
      <div className="min-w-0">
        <p className="text-sm font-medium text-foreground">{title}</p>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

function ChevronRight() {
  return <ChevronDownIcon aria-hidden="true" className="size-4 -rotate-90" />;
}

/** The day in the order it is lived: by time of day, those at any time after, then as the schedule orders them. */
const byTimeOfDay = (items: readonly CalendarItem[]) =>
  [...items].sort(
    (a, b) => (a.timeOfDay ?? '24:00').localeCompare(b.timeOfDay ?? '24:00') || a.position - b.position,
  );

function AthleteToday({ items }: { items: readonly CalendarItem[] }) {
  return (
    <ul className="space-y-2" aria-label="Your workouts today">
      {byTimeOfDay(items).map((item) => (
        <li key={item.id}>
          <AthleteWorkout item={item} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One tap to the workout: tracking for one to do or in progress; a completed one opens its completed workout
 * (with the connection to read it; offline, the tracking screen shows it as this device has it).
 */
function AthleteWorkout({ item }: { item: CalendarItem }) {
  const isOnline = useIsOnline();
  const isCompleted = item.status === 'completed';
  const log = useQuery({ ...trackingQueries.logOfEntry(item.id), enabled: isCompleted });
  const completedLogId = isCompleted && log.data?.status === 'completed' ? log.data.id : null;
  const content = (
    <>
      <span
        aria-hidden="true"
        className={`h-10 w-1.5 shrink-0 rounded-full ${categoryClassName(item.category)}`}
      />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 leading-snug font-semibold break-words text-foreground">
          {item.name}
        </span>{' '}
        <span className="mt-0.5 block truncate text-sm text-muted-foreground">
          {item.timeOfDay ?? 'Any time today'} · {workoutCategoryLabels[item.category]}
        </span>
      </span>{' '}
      <AthleteAction status={item.status} />
    </>
  );
  return isOnline && completedLogId ? (
    <Link to="/app/completed/$logId" params={{ logId: completedLogId }} className={rowClass}>
      {content}
    </Link>
  ) : (
    <Link to="/app/track/$entryId" params={{ entryId: item.id }} className={rowClass}>
      {content}
    </Link>
  );
}

function AthleteAction({ status }: { status: CalendarItem['status'] }) {
  if (status === 'completed') {
    return (
      <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-success/10 px-2.5 py-1 text-sm font-semibold text-success">
        <CheckIcon aria-hidden="true" className="size-4" />
        Done
      </span>
    );
  }
  if (status === 'skipped') {
    return (
      <span className="shrink-0 rounded-full bg-muted px-2.5 py-1 text-sm font-medium text-muted-foreground">
        Skipped
      </span>
    );
  }
  if (status === 'in_progress') {
    return (
      <span className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
        <span className="rounded-full bg-warning/15 px-2 py-0.5 text-xs font-semibold text-warning-foreground">
          In progress
        </span>{' '}
        <span className={actionClass}>
          Resume
          <ChevronRight />
        </span>
      </span>
    );
  }
  return (
    <span className={actionClass}>
      Start
      <ChevronRight />
    </span>
  );
}

/** Staff see today by group (each assignment once) and how many athletes have their own workout. */
function StaffToday({ items, today }: { items: readonly CalendarItem[]; today: string }) {
  const assignments = byTimeOfDay(items.filter((item) => item.group));
  const individual = items.filter((item) => !item.group);
  return (
    <ul className="space-y-2" aria-label="Today by group">
      {assignments.map((item) => (
        <li key={item.id}>
          <GroupWorkout item={item} today={today} />
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

/**
 * A group's workout opens tracking at the first athlete not done yet; the athlete switcher there moves between
 * the others. Until its members are known (they are kept on the device with the week), the group's day.
 */
function GroupWorkout({ item, today }: { item: CalendarItem; today: string }) {
  const assignment = useQuery(trackingQueries.assignment(item.id));
  const members = assignment.data?.members ?? [];
  const next =
    members.find((member) => member.status === 'in_progress') ??
    members.find((member) => member.status === 'scheduled') ??
    members[0];
  const isDone = item.status === 'completed';
  const content = (
    <>
      <span
        aria-hidden="true"
        className={`h-10 w-1.5 shrink-0 rounded-full ${categoryClassName(item.category)}`}
      />
      <span className="min-w-0 flex-1">
        <span className="flex min-w-0 items-start gap-1.5 leading-snug font-semibold text-foreground">
          <UsersIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span className="line-clamp-2 break-words">{item.group?.name}</span>
        </span>{' '}
        {/* The workout's name may be cut; its time and the group's progress never are. */}
        <span className="mt-0.5 block line-clamp-2 text-sm break-words text-muted-foreground">
          {item.name}
        </span>{' '}
        {item.timeOfDay || item.progress ? (
          <span className="block text-sm whitespace-nowrap text-muted-foreground tabular-nums">
            {[item.timeOfDay, item.progress ? `${item.progress.completed}/${item.progress.total} done` : null]
              .filter(Boolean)
              .join(' · ')}
          </span>
        ) : null}
      </span>{' '}
      {isDone ? (
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-success/10 px-2.5 py-1 text-sm font-semibold text-success">
          <CheckIcon aria-hidden="true" className="size-4" />
          Done
        </span>
      ) : (
        <span className={actionClass}>
          Track
          <ChevronRight />
        </span>
      )}
    </>
  );
  const row = next ? (
    <Link to="/app/track/$entryId" params={{ entryId: next.entryId }} className={rowClass}>
      {content}
    </Link>
  ) : (
    <Link
      to="/app/schedule"
      search={{ view: 'day', date: today, group: item.group?.id }}
      className={rowClass}
    >
      {content}
    </Link>
  );
  // Issue 23: the whole group on one board, a second action beside the row.
  return (
    <div className="flex items-stretch gap-2">
      <div className="min-w-0 flex-1 [&>a]:h-full">{row}</div>
      <Link
        to="/app/weight-room/$assignmentId"
        params={{ assignmentId: item.id }}
        aria-label={`Weight room for ${item.group?.name ?? 'the group'}`}
        className="inline-flex min-h-16 w-20 shrink-0 flex-col items-center justify-center rounded-xl border border-border bg-surface px-2 text-center text-xs leading-tight font-semibold text-primary-ink transition-colors hover:border-primary/40 hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        Weight room
      </Link>
    </div>
  );
}
