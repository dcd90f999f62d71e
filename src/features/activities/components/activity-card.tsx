import type { Activity } from '@contract/tracking';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { ChevronDownIcon, MessageIcon } from '@/components/ui/icons';
import { timeAgo } from '@/lib/format/time-ago';
import { useToggleLike } from '../api/activity-reactions';
import { ActivityComments } from './activity-comments';
import { activityKindLooks, HeartIcon } from './activity-icons';

export interface ActivityViewer {
  id: string;
  role: 'admin' | 'coach' | 'athlete';
}

const nameOf = (person: { firstName: string; lastName: string } | null) =>
  person ? `${person.firstName} ${person.lastName}` : null;

/** What happened, in words beside the title: who did it, and who tracked it for them. */
function summaryOf(activity: Activity): string {
  const athlete = nameOf(activity.athlete);
  const actor = nameOf(activity.actor);
  switch (activity.kind) {
    case 'workout_completed':
      return actor && athlete && actor !== athlete
        ? `completed a workout · tracked by ${actor}`
        : 'completed a workout';
    case 'record_set':
      return 'set a new record';
    case 'program_applied':
      return actor && actor !== athlete ? `was given a program by ${actor}` : 'started a program';
    case 'athlete_joined':
      return 'joined';
  }
}

/** The log an activity may open for this viewer: staff open any, an athlete only its own (a teammate's is refused). */
function openableLogId(activity: Activity, viewer: ActivityViewer): string | null {
  if (viewer.role !== 'athlete') return activity.workoutLogId;
  return activity.athlete?.id === viewer.id ? activity.workoutLogId : null;
}

const actionClass =
  'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

interface ActivityCardProps {
  activity: Activity;
  viewer: ActivityViewer;
  /** The pinned activity opens with its comments shown. */
  startOpen?: boolean;
  pinned?: boolean;
}

/** One activity: who, what, when; the workout to open; staff's likes and everyone's comments. */
export function ActivityCard({ activity, viewer, startOpen = false, pinned = false }: ActivityCardProps) {
  const [open, setOpen] = useState(startOpen);
  const threadId = useId();
  const like = useToggleLike(activity.id);
  const staff = viewer.role !== 'athlete';
  const isOwn = activity.athlete?.id === viewer.id;
  const person = activity.athlete ?? activity.actor;
  const who = nameOf(person) ?? 'Someone';
  const look = activityKindLooks[activity.kind];
  const logId = openableLogId(activity, viewer);

  return (
    <article
      aria-label={`${who}: ${activity.title}`}
      className={`px-4 py-4 sm:px-5 ${pinned ? 'rounded-2xl border border-primary/40 bg-primary-soft/40 shadow-xs' : ''}`}
    >
      <div className="flex items-start gap-3">
        <div className="relative shrink-0">
          {person ? (
            <Avatar firstName={person.firstName} lastName={person.lastName} className="size-10 text-sm" />
          ) : (
            <span className="block size-10 rounded-full bg-muted" aria-hidden="true" />
          )}
          <span
            className={`absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full ring-2 ring-surface ${look.tint}`}
          >
            <look.icon className="size-3" />
          </span>
        </div>
        <div className="min-w-0 flex-1">
          <p className="text-sm text-foreground">
            <span className="font-semibold">{who}</span>{' '}
            <span className="text-muted-foreground">{summaryOf(activity)}</span>
          </p>
          <p className="mt-0.5 text-base font-medium break-words text-foreground">
            {logId ? (
              <Link
                to="/app/completed/$logId"
                params={{ logId }}
                className="rounded-sm underline-offset-2 hover:text-primary-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {activity.title}
              </Link>
            ) : (
              activity.title
            )}
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">
            <time dateTime={activity.createdAt}>{timeAgo(activity.createdAt)}</time>
          </p>
          <div className="-ml-3 mt-1 flex flex-wrap items-center gap-1">
            {staff ? (
              <button
                type="button"
                aria-pressed={activity.likedByMe}
                aria-label={`Like (${activity.likes})`}
                onClick={() => like.mutate(!activity.likedByMe)}
                className={`${actionClass} ${activity.likedByMe ? 'text-danger' : 'text-muted-foreground'}`}
              >
                <HeartIcon className={`size-4 ${activity.likedByMe ? 'fill-current' : ''}`} />
                <span className="tabular-nums">{activity.likes}</span>
              </button>
            ) : activity.likes > 0 ? (
              <span className="inline-flex min-h-11 items-center gap-1.5 px-3 text-sm text-muted-foreground">
                <HeartIcon className="size-4 fill-current text-danger" />
                {activity.likes === 1 ? '1 like' : `${activity.likes} likes`}
              </span>
            ) : null}
            <button
              type="button"
              aria-expanded={open}
              aria-controls={threadId}
              onClick={() => setOpen((was) => !was)}
              className={`${actionClass} ${open || activity.comments > 0 ? 'text-primary-ink' : 'text-muted-foreground'}`}
            >
              <MessageIcon className="size-4" />
              Comments ({activity.comments})
              <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
            </button>
          </div>
          {open ? (
            <div id={threadId} className="mt-2 border-t border-border pt-3">
              <ActivityComments
                activityId={activity.id}
                viewerId={viewer.id}
                isAdmin={viewer.role === 'admin'}
                canComment={staff || isOwn}
                aboutName={staff ? nameOf(activity.athlete) : null}
              />
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}
