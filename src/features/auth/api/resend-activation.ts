import type { AccountMessageResponse, ResendActivationRequest } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** Apart from the other activation calls: the sign-in screen offers it, and should carry nothing more. */
/** POST /api/activation/resend: a new activation link or invitation; the same answer whatever the email. */
export function useResendActivation() {
  return useMutation({
    mutationFn: async (request: ResendActivationRequest): Promise<AccountMessageResponse> => {
      const [{ accountMessageResponseSchema }, body] = await Promise.all([
        import('@contract/accounts'),
        api.post('api/activation/resend', { json: request, retry: 0 }).json<unknown>(),
      ]);
      return accountMessageResponseSchema.parse(body);
    },
  });
}
