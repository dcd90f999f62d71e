import { QueryClient } from '@tanstack/react-query';

/** One per app (and one per test). ky already retries network errors and 5xx (spec 9), so queries do not. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });
}
