import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useFormats } from '@/lib/format/use-formats';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { recentWorkoutCount, recentWorkoutsQuery } from '../api/recent-workouts';

/**
 * "Import pitches" on the Throwing tab (issue 23): a device file goes into one of the athlete's completed workouts,
 * so the coach chooses which, recent ones first, and lands on that workout's import screen.
 */
export function ImportPitches({ athlete }: { athlete: { id: string; firstName: string } }) {
  const formats = useFormats();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const workouts = useQuery({ ...recentWorkoutsQuery(athlete.id), enabled: open });

  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="w-full sm:w-auto"
      >
        Import pitches
      </Button>
      {open ? (
        <Card id={panelId} aria-labelledby={titleId} className="px-4 py-4 sm:px-5">
          <h3 id={titleId} className="text-base font-semibold text-foreground">
            Which workout were they thrown in?
          </h3>
          <p className="mt-0.5 text-sm text-muted-foreground">
            A Rapsodo, TrackMan or other CSV goes into one of {athlete.firstName}’s completed workouts.
          </p>
          <div className="mt-3">
            {workouts.isPending ? (
              <div role="status" className="space-y-2">
                <span className="sr-only">Loading the workouts…</span>
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : workouts.isError ? (
              <Alert title="The workouts could not be loaded.">
                <button
                  type="button"
                  onClick={() => void workouts.refetch()}
                  className="font-semibold underline underline-offset-2"
                >
                  Try again
                </button>
              </Alert>
            ) : workouts.data.data.length === 0 ? (
              <p className="text-sm text-foreground">
                {athlete.firstName} has no completed workout yet. Pitches go into a workout once it is
                tracked.
              </p>
            ) : (
              <ul className="divide-y divide-border rounded-lg border border-border">
                {workouts.data.data.map((workout) => (
                  <li key={workout.logId}>
                    <Link
                      to="/app/completed/$logId/import"
                      params={{ logId: workout.logId }}
                      search={{ kind: 'pitches' }}
                      className="flex min-h-12 items-center justify-between gap-3 px-3 py-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <span className="min-w-0">
                        <span className="block truncate text-sm font-semibold text-foreground">
                          {workout.workoutName}
                        </span>
                        <span className="block text-sm text-muted-foreground">
                          {formats.day(workout.date, 'dayWithYear')}
                        </span>
                      </span>
                      <span aria-hidden="true" className="shrink-0 text-sm font-semibold text-primary">
                        Import →
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {workouts.data && workouts.data.total > recentWorkoutCount ? (
            <p className="mt-3 text-sm text-muted-foreground">
              Older:{' '}
              <Link to="/app/completed" search={{ athlete: athlete.id }} className={textLinkClass}>
                all of {athlete.firstName}’s completed workouts
              </Link>
              , then Import on the workout.
            </p>
          ) : null}
        </Card>
      ) : null}
    </div>
  );
}
