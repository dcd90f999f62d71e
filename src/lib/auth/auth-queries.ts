import type { MeResponse } from '@contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

async function fetchMe(): Promise<MeResponse> {
  // The contract (and zod with it) loads alongside the first check, not with the sign-in screen (ADR 008).
  const contract = import('@contract/auth');
  contract.catch(() => undefined);
  // Spec 9: /api/me is never retried (the client refuses it too). No abort signal: a screen that watches the
  // session and unmounts meanwhile (StrictMode does it in development) would cancel the /app guard's check too.
  const body: unknown = await api.get('api/me', { retry: 0 }).json();
  const { meResponseSchema } = await contract;
  return meResponseSchema.parse(body);
}

/**
 * Who is signed in: the `/api/me` session every area reads (the `/app` guard, the shell, role checks),
 * so it lives here rather than in one feature.
 */
export const authQueries = {
  all: () => ['auth'] as const,
  me: () =>
    queryOptions({
      queryKey: [...authQueries.all(), 'me'] as const,
      queryFn: () => fetchMe(),
      staleTime: 5 * 60_000,
    }),
};
