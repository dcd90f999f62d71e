import type { PasswordMessageResponse, ResetPasswordRequest } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** POST /api/password/reset: sets the new password with the link's token; the server signs the user out everywhere. */
export function useResetPassword() {
  return useMutation({
    mutationFn: async (request: ResetPasswordRequest): Promise<PasswordMessageResponse> => {
      const [{ passwordMessageResponseSchema }, body] = await Promise.all([
        import('@contract/passwords'),
        // A link works once: a blind retry after a lost answer would only report it as used.
        api.post('api/password/reset', { json: request, retry: 0 }).json<unknown>(),
      ]);
      return passwordMessageResponseSchema.parse(body);
    },
  });
}
