import type { AccountMessageResponse, SignupRequest } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** POST /api/signup: an athlete joins the host's (or the invite link's) organisation; the answer is the same either way. */
export function useSignUp() {
  return useMutation({
    mutationFn: async (request: SignupRequest): Promise<AccountMessageResponse> => {
      const [{ accountMessageResponseSchema }, body] = await Promise.all([
        import('@contract/accounts'),
        // Not retried: each call counts against the per-email limit; the user can press the button again.
        api.post('api/signup', { json: request, retry: 0 }).json<unknown>(),
      ]);
      return accountMessageResponseSchema.parse(body);
    },
  });
}
