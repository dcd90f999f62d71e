import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authSession } from '@/lib/auth/auth-session';
import { createAppRouter } from '@/router';

/** A fresh client per test, without retries, so failures show at once (TkDodo, "Testing React Query"). */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders the real route tree at `path`, as the app does, with an in-memory history. */
export function renderApp(path: string, { queryClient = createTestQueryClient() } = {}) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, auth: authSession }, history);
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient, history };
}
