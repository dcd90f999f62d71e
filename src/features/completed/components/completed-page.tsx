import type { User } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListChecksIcon, SearchIcon } from '@/components/ui/icons';
import { ListPager } from '@/components/ui/list-pager';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { authQueries } from '@/lib/auth/auth-queries';
import { groupQueries } from '@/lib/groups/group-queries';
import { useMediaQuery } from '@/lib/use-media-query';
import { useScreenTitle } from '@/stores/header-store';
import { completedQueries } from '../api/completed-queries';
import { completedListParamsFrom, hasCompletedFilters, seesEveryone } from '../completed-search';
import type { CompletedFilterValues } from './completed-filters';
import { CompletedFilters } from './completed-filters';
import { CompletedCards, CompletedTable } from './completed-list-views';

const route = getRouteApi('/app/completed/');

/** `/app/completed` (product.md "completed-workout views"): staff see the organisation's, an athlete its own. */
export function CompletedPage() {
  useScreenTitle('Completed');
  const { data: me } = useSuspenseQuery(authQueries.me());
  return <CompletedWorkouts viewer={me.user} organizationName={me.organization.name} />;
}

function CompletedWorkouts({ viewer, organizationName }: { viewer: User; organizationName: string }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const staff = seesEveryone(viewer.role);
  const params = completedListParamsFrom(search, viewer.role);
  const workouts = useQuery(completedQueries.list(params));
  const groups = useQuery({ ...groupQueries.list(), enabled: staff });
  const isWide = useMediaQuery('(min-width: 768px)', true);

  const onFiltersChange = useCallback(
    (change: Partial<CompletedFilterValues>) =>
      void navigate({ search: (previous) => ({ ...previous, ...change, page: undefined }) }),
    [navigate],
  );
  const clearFilters = () => void navigate({ search: {} });
  const list = workouts.data;

  return (
    <div className="space-y-5">
      <PageHeader
        title="Completed"
        description={
          staff
            ? `Every workout finished at ${organizationName}, newest first. Open one to see it set by set.`
            : 'The workouts you have finished, newest first. Open one to see it set by set.'
        }
        actions={
          staff ? null : (
            <Link
              to="/app/users/$userId"
              params={{ userId: viewer.id }}
              search={{ tab: 'training' }}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-border bg-surface px-4 text-sm font-semibold text-foreground shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              Your training
            </Link>
          )
        }
      />

      <CompletedFilters
        values={{
          athlete: search.athlete,
          group: search.group,
          category: search.category,
          from: search.from,
          to: search.to,
        }}
        groups={groups.data ?? []}
        byPerson={staff}
        onChange={onFiltersChange}
      />

      {workouts.isPending ? (
        <CompletedSkeleton isWide={isWide} />
      ) : workouts.isError && !list ? (
        <Alert title="The completed workouts could not be loaded.">
          <p>Check your connection and try again.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void workouts.refetch()}
            isPending={workouts.isRefetching}
            pendingLabel="Trying again…"
          >
            Try again
          </Button>
        </Alert>
      ) : list && list.total === 0 ? (
        <Card>
          {hasCompletedFilters(search) ? (
            <EmptyState
              icon={SearchIcon}
              title="No completed workout matches these filters"
              action={
                <Button variant="secondary" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            >
              Try a longer range of dates, or fewer filters.
            </EmptyState>
          ) : (
            <EmptyState icon={ListChecksIcon} title="No completed workouts yet">
              {staff
                ? 'When athletes finish the workouts on their schedule, they appear here.'
                : 'When you finish a workout on your schedule, it appears here with every set you logged.'}
            </EmptyState>
          )}
        </Card>
      ) : list && list.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={ListChecksIcon}
            title={`Page ${list.page + 1} is past the end of the list`}
            action={
              <Link
                from="/app/completed/"
                search={(previous) => ({ ...previous, page: undefined })}
                className={textLinkClass}
              >
                Go to the first page
              </Link>
            }
          >
            {list.total === 1 ? '1 workout matches.' : `${list.total} workouts match.`}
          </EmptyState>
        </Card>
      ) : list ? (
        <section
          aria-busy={workouts.isPlaceholderData || undefined}
          aria-label="Completed workouts"
          className="overflow-hidden rounded-2xl border border-border bg-surface shadow-xs"
        >
          <div className={`transition-opacity ${workouts.isPlaceholderData ? 'opacity-60' : ''}`}>
            {isWide ? (
              <CompletedTable workouts={list.data} showAthlete={staff} />
            ) : (
              <CompletedCards workouts={list.data} showAthlete={staff} />
            )}
          </div>
          <ListPager
            page={list.page}
            size={list.size}
            shown={list.data.length}
            total={list.total}
            renderStep={({ page, label, className, children }) => (
              <Link
                from="/app/completed/"
                search={(previous) => ({ ...previous, page })}
                aria-label={label}
                className={className}
              >
                {children}
              </Link>
            )}
          />
        </section>
      ) : null}
    </div>
  );
}

function CompletedSkeleton({ isWide }: { isWide: boolean }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading completed workouts…</span>
      <Card aria-hidden="true">
        {isWide ? <div className="h-9 border-b border-border bg-muted/60" /> : null}
        <div className="divide-y divide-border">
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <div key={row} className="flex h-[4.25rem] items-center gap-4 px-4 sm:px-5">
              <div className="flex-1 space-y-1.5">
                <Skeleton className="h-3 w-24" />
                <Skeleton className="h-4 w-48 max-w-full" />
              </div>
              <Skeleton className="h-5 w-16 rounded-md" />
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
