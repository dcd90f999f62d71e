import { meResponseSchema } from '@contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/**
 * Who is signed in: the `/api/me` session every area reads (the `/app` guard, the shell, role checks),
 * so it lives here rather than in one feature.
 */
export const authQueries = {
  all: () => ['auth'] as const,
  me: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'me'] as const,
      // Spec 9: /api/me is never retried.
      queryFn: ({ signal }) => api.get('api/me', { signal, retry: 0 }).json(meResponseSchema),
      staleTime: 5 * 60_000,
    }),
};
