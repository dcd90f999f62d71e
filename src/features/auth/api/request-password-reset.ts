import type { ForgotPasswordRequest, PasswordMessageResponse } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** POST /api/password/forgot: the server mails a reset link if the account exists, and answers the same either way. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (request: ForgotPasswordRequest): Promise<PasswordMessageResponse> => {
      const [{ passwordMessageResponseSchema }, body] = await Promise.all([
        import('@contract/passwords'),
        // Not retried: each call counts against the per-email limit; the user can press the button again.
        api.post('api/password/forgot', { json: request, retry: 0 }).json<unknown>(),
      ]);
      return passwordMessageResponseSchema.parse(body);
    },
  });
}
