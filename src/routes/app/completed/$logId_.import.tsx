import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { completedQueries } from '@/features/completed/api/completed-queries';
import { importQueries } from '@/features/throw-import/api/import-queries';
import { ThrowImportPage } from '@/features/throw-import/components/throw-import-page';
import { validateThrowImportSearch } from '@/features/throw-import/import-search';

export const Route = createFileRoute('/app/completed/$logId_/import')({
  validateSearch: validateThrowImportSearch,
  loaderDeps: ({ search }) => search,
  // The workout's header and, after a reload, the preview already made: both start with the navigation.
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchQuery(completedQueries.log(params.logId));
    if (deps.importId)
      void context.queryClient.prefetchQuery(importQueries.preview(deps.kind, deps.importId));
  },
  component: ThrowImportRoute,
});

/** Features do not import each other, so the route reads the completed workout (the same cache) for the page. */
function ThrowImportRoute() {
  const { logId } = Route.useParams();
  const log = useQuery(completedQueries.log(logId));
  return <ThrowImportPage log={log} />;
}
