import { createFileRoute } from '@tanstack/react-router';
import { feedFiltersFrom, validateActivitySearch } from '@/features/activities/activity-search';
import { activityQueries } from '@/features/activities/api/activity-queries';
import { ActivitiesPage } from '@/features/activities/components/activities-page';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/activities')({
  validateSearch: validateActivitySearch,
  loaderDeps: ({ search }) => search,
  // Start the feed's request with the navigation without waiting for it: the screen shows its own loading rows.
  loader: async ({ context, deps }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    void context.queryClient.prefetchInfiniteQuery(activityQueries.feed(feedFiltersFrom(deps, me.user.role)));
    if (deps.activity) void context.queryClient.prefetchQuery(activityQueries.one(deps.activity));
  },
  component: ActivitiesPage,
});
