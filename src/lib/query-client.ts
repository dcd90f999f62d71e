import { QueryClient } from '@tanstack/react-query';

/**
 * How long data stays: in memory when unused, and in the offline cache on the device (ADR 016). The same for
 * both, or the stored cache would lose what memory dropped.
 */
export const queryCacheMaxAgeMs = 7 * 24 * 60 * 60 * 1000;

/** One per app (and one per test). ky already retries network errors and 5xx (spec 9), so queries do not. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: 60_000, gcTime: queryCacheMaxAgeMs },
      mutations: { retry: false },
    },
  });
}
