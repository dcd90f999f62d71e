import { createFileRoute } from '@tanstack/react-router';
import { completedQueries } from '@/features/completed/api/completed-queries';
import { CompletedPage } from '@/features/completed/components/completed-page';
import { completedListParamsFrom, validateCompletedSearch } from '@/features/completed/completed-search';
import { authQueries } from '@/lib/auth/auth-queries';

export const Route = createFileRoute('/app/completed/')({
  validateSearch: validateCompletedSearch,
  loaderDeps: ({ search }) => search,
  // Start the list's request with the navigation without waiting for it: the screen shows its own loading rows.
  loader: async ({ context, deps }) => {
    const me = await context.queryClient.ensureQueryData(authQueries.me());
    void context.queryClient.prefetchQuery(
      completedQueries.list(completedListParamsFrom(deps, me.user.role)),
    );
  },
  component: CompletedPage,
});
