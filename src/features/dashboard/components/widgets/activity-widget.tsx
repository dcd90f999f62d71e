import type { Activity } from '@contract/tracking';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { authQueries } from '@/lib/auth/auth-queries';
import type { ActivityKindFilter } from '../../api/activity-queries';
import { activityQuery } from '../../api/activity-queries';
import { timeAgo } from '@/lib/format/time-ago';
import { ActivityIcon, TrophyIcon } from './training-icons';

const linkClass =
  'text-sm font-semibold text-primary-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const titleLinkClass =
  'rounded-sm font-medium text-foreground underline-offset-2 hover:text-primary-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

const nameOf = (person: { firstName: string; lastName: string } | null) =>
  person ? `${person.firstName} ${person.lastName}` : null;

/** What an activity says beside its title: who did it, and who tracked it for them. */
function subtitleOf(activity: Activity): string {
  const athlete = nameOf(activity.athlete);
  const actor = nameOf(activity.actor);
  if (activity.kind === 'workout_completed') {
    if (athlete && actor && actor !== athlete) return `${athlete} · tracked by ${actor}`;
    return athlete ? `${athlete} completed it` : 'Completed';
  }
  if (activity.kind === 'record_set') return athlete ? `New record for ${athlete}` : 'New record';
  return athlete ?? actor ?? '';
}

interface ActivityFeedProps {
  kind: ActivityKindFilter;
  size: number;
  label: string;
  empty: { title: string; body: string };
  /** "See all" opens the activity page, with the same kind. */
  seeAllLabel: string;
}

/** The log an activity may open for this viewer: staff open any, an athlete only its own (a teammate's is refused). */
function openableLogId(activity: Activity, viewer: { id: string; role: string }): string | null {
  if (viewer.role !== 'athlete') return activity.workoutLogId;
  return activity.athlete?.id === viewer.id ? activity.workoutLogId : null;
}

/** The latest activities (or records), newest first; each the viewer may open links to its completed workout. */
function ActivityFeed({ kind, size, label, empty, seeAllLabel }: ActivityFeedProps) {
  const activities = useQuery(activityQuery(kind, size));
  const { data: me } = useSuspenseQuery(authQueries.me());
  if (activities.isPending) {
    return (
      <div className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (!activities.data) {
    return <p className="text-sm text-muted-foreground">This could not be loaded. Check your connection.</p>;
  }
  const list = activities.data.data;
  return (
    <div>
      {list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border-strong bg-muted/40 px-4 py-3">
          <p className="text-sm font-medium text-foreground">{empty.title}</p>
          <p className="text-sm text-muted-foreground">{empty.body}</p>
        </div>
      ) : (
        <ul className="space-y-2.5" aria-label={label}>
          {list.map((activity) => {
            const logId = openableLogId(activity, me.user);
            const Icon = activity.kind === 'record_set' ? TrophyIcon : ActivityIcon;
            return (
              <li key={activity.id} className="flex items-start gap-3">
                <span
                  className={`mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full ${activity.kind === 'record_set' ? 'bg-warning/15 text-warning-foreground' : 'bg-muted text-muted-foreground'}`}
                >
                  <Icon className="size-4" />
                </span>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="truncate">
                    {logId ? (
                      <Link to="/app/completed/$logId" params={{ logId }} className={titleLinkClass}>
                        {activity.title}
                      </Link>
                    ) : (
                      <span className="font-medium text-foreground">{activity.title}</span>
                    )}
                  </p>
                  <p className="truncate text-muted-foreground">
                    {subtitleOf(activity)} ·{' '}
                    <time dateTime={activity.createdAt}>{timeAgo(activity.createdAt)}</time>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
        <Link
          to="/app/activities"
          search={kind ? { kind } : {}}
          aria-label={seeAllLabel}
          className={linkClass}
        >
          See all
        </Link>
        <Link to="/app/completed" className={linkClass}>
          Open completed workouts
        </Link>
      </p>
    </div>
  );
}

/** The organisation's latest activity (athletes: their own and their groups', as the server answers). */
export function ActivityWidget() {
  return (
    <ActivityFeed
      kind={undefined}
      size={6}
      label="Latest activity"
      seeAllLabel="See all activity"
      empty={{ title: 'Nothing yet', body: 'Completed workouts and new records will show up here.' }}
    />
  );
}

/** The latest personal records. */
export function RecordsWidget() {
  return (
    <ActivityFeed
      kind="record_set"
      size={5}
      label="Latest records"
      seeAllLabel="See all records"
      empty={{
        title: 'No records yet',
        body: 'A new best estimated 1RM, load, reps or velocity shows up here.',
      }}
    />
  );
}
