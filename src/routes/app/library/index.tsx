import { createFileRoute } from '@tanstack/react-router';
import { exerciseQueries, workoutQueries } from '@/features/library/api/library-queries';
import { LibraryPage } from '@/features/library/components/library-page';
import {
  canUseLibrary,
  libraryListParamsFrom,
  validateLibrarySearch,
} from '@/features/library/library-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/library/')({
  validateSearch: validateLibrarySearch,
  loaderDeps: ({ search }) => ({ tab: search.tab ?? 'workouts', params: libraryListParamsFrom(search) }),
  // Start the list's request with the navigation without waiting for it: the screen shows its own loading rows.
  loader: async ({ context, deps }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    if (!canUseLibrary(me.user.role)) return;
    if (deps.tab === 'workouts') void context.queryClient.prefetchQuery(workoutQueries.list(deps.params));
    else void context.queryClient.prefetchQuery(exerciseQueries.list(deps.params));
  },
  component: LibraryPage,
});
