import type { User } from '@contract';
import { useInfiniteQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { authQueries } from '@/lib/auth/auth-queries';
import { groupQueries } from '@/lib/groups/group-queries';
import { useScreenTitle } from '@/stores/header-store';
import { activityQueries, uniqueActivities } from '../api/activity-queries';
import type { ActivityFeedFilters } from '../activity-search';
import { feedFiltersFrom, hasFeedFilters, isStaff } from '../activity-search';
import type { ActivityViewer } from './activity-card';
import { ActivityCard } from './activity-card';
import { ActivityFilters } from './activity-filters';
import { PulseIcon } from './activity-icons';

const route = getRouteApi('/app/activities');

/** `/app/activities` (product.md "activities"): the organisation's feed, staff's likes and everyone's comments. */
export function ActivitiesPage() {
  useScreenTitle('Activity');
  const { data: me } = useSuspenseQuery(authQueries.me());
  return <ActivityFeed viewer={me.user} organizationName={me.organization.name} />;
}

function ActivityFeed({ viewer, organizationName }: { viewer: User; organizationName: string }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const staff = isStaff(viewer.role);
  const filters = feedFiltersFrom(search, viewer.role);
  const feed = useInfiniteQuery(activityQueries.feed(filters));
  const groups = useQuery({ ...groupQueries.list(), enabled: staff });
  const activities = uniqueActivities(feed.data).filter((activity) => activity.id !== search.activity);

  const onFiltersChange = useCallback(
    (change: Partial<ActivityFeedFilters>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change, activity: undefined }) }),
    [navigate],
  );
  const clearFilters = () => void navigate({ search: {} });

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageHeader
        title="Activity"
        description={
          staff
            ? `What athletes at ${organizationName} did lately, newest first. Like it, or leave a word.`
            : 'What you and your teammates did lately, newest first, and what your coaches said about it.'
        }
      />
      <ActivityFilters
        values={filters}
        groups={groups.data ?? []}
        byPerson={staff}
        onChange={onFiltersChange}
      />
      {search.activity ? <PinnedActivity activityId={search.activity} viewer={viewer} /> : null}

      {feed.isPending ? (
        <FeedSkeleton />
      ) : feed.isError && !feed.data ? (
        <Alert title="The activity could not be loaded.">
          <p>Check your connection and try again.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void feed.refetch()}
            isPending={feed.isRefetching}
            pendingLabel="Trying again…"
          >
            Try again
          </Button>
        </Alert>
      ) : activities.length === 0 && !search.activity ? (
        <Card>
          {hasFeedFilters(filters) ? (
            <EmptyState
              icon={SearchIcon}
              title="Nothing matches these filters"
              action={
                <Button variant="secondary" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            >
              Try another athlete, group or kind.
            </EmptyState>
          ) : (
            <EmptyState icon={PulseIcon} title="No activity yet">
              {staff
                ? 'Completed workouts, new records and new athletes show up here as they happen.'
                : 'When you or your teammates finish a workout or set a record, it shows up here.'}
            </EmptyState>
          )}
        </Card>
      ) : activities.length > 0 ? (
        <section aria-label="Activity, newest first">
          <Card className="divide-y divide-border overflow-hidden">
            {activities.map((activity) => (
              <ActivityCard key={activity.id} activity={activity} viewer={viewerOf(viewer)} />
            ))}
          </Card>
          <MoreActivity
            hasMore={feed.hasNextPage}
            isLoading={feed.isFetchingNextPage}
            failed={feed.isFetchNextPageError}
            onMore={() => void feed.fetchNextPage()}
          />
        </section>
      ) : null}
    </div>
  );
}

const viewerOf = (user: User): ActivityViewer => ({ id: user.id, role: user.role });

/** The activity a link names (a notification's), read on its own so it opens wherever it is in the feed. */
function PinnedActivity({ activityId, viewer }: { activityId: string; viewer: User }) {
  const activity = useQuery(activityQueries.one(activityId));
  if (activity.isPending) return <RowSkeleton />;
  if (activity.isError) {
    return (
      <Alert tone="warning" role="status" title="This activity could not be opened.">
        It may have been removed, or you may not be allowed to see it.
      </Alert>
    );
  }
  return (
    <section aria-label="Opened activity" className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Opened activity</p>
        <Link
          from="/app/activities"
          search={(previous) => ({ ...previous, activity: undefined })}
          className={textLinkClass}
        >
          Close
        </Link>
      </div>
      <ActivityCard
        key={activity.data.id}
        activity={activity.data}
        viewer={viewerOf(viewer)}
        startOpen
        pinned
      />
    </section>
  );
}

/**
 * The next page loads as the end of the list comes into view; the button does the same for a keyboard, a screen
 * reader, or a browser without IntersectionObserver.
 */
function MoreActivity({
  hasMore,
  isLoading,
  failed,
  onMore,
}: {
  hasMore: boolean;
  isLoading: boolean;
  failed: boolean;
  onMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onMore);
  // The latest callback, without making a new observer each render.
  useEffect(() => {
    loadMore.current = onMore;
  });
  const armed = hasMore && !isLoading && !failed;

  useEffect(() => {
    const element = sentinel.current;
    if (!armed || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [armed]);

  if (!hasMore) {
    return <p className="py-6 text-center text-sm text-muted-foreground">That is everything.</p>;
  }
  return (
    <div ref={sentinel} className="flex flex-col items-center gap-2 py-5">
      {failed ? <p className="text-sm text-danger">More activity could not be loaded.</p> : null}
      <Button variant="secondary" onClick={onMore} isPending={isLoading} pendingLabel="Loading more…">
        {failed ? 'Try again' : 'Show more'}
      </Button>
    </div>
  );
}

/** A loading row of the final row's height, so nothing moves when the feed arrives. */
function RowSkeleton() {
  return (
    <div className="flex items-start gap-3 px-4 py-4 sm:px-5" aria-hidden="true">
      <Skeleton className="size-10 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-5 w-64 max-w-full" />
        <Skeleton className="h-3 w-20" />
        <Skeleton className="h-8 w-36" />
      </div>
    </div>
  );
}

function FeedSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading activity…</span>
      <Card className="divide-y divide-border">
        {[0, 1, 2, 3, 4].map((row) => (
          <RowSkeleton key={row} />
        ))}
      </Card>
    </div>
  );
}
