import type { AccountMessageResponse, RegistrationRequest } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** POST /api/registration: makes the organisation and its first admin, who activates from the mail. */
export function useRegisterOrganization() {
  return useMutation({
    mutationFn: async (request: RegistrationRequest): Promise<AccountMessageResponse> => {
      const [{ accountMessageResponseSchema }, body] = await Promise.all([
        import('@contract/accounts'),
        // Not retried: a lost answer after the organisation was made would come back as "address taken".
        api.post('api/registration', { json: request, retry: 0 }).json<unknown>(),
      ]);
      return accountMessageResponseSchema.parse(body);
    },
  });
}
