import type { AccountMessageResponse, RegistrationRequest } from '@contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** This browser's IANA zone, if it says. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** POST /api/registration: makes the organisation and its first admin, who activates from the mail. */
export function useRegisterOrganization() {
  return useMutation({
    mutationFn: async (request: RegistrationRequest): Promise<AccountMessageResponse> => {
      const [{ accountMessageResponseSchema }, body] = await Promise.all([
        import('@contract/accounts'),
        // Not retried: a lost answer after the organisation was made would come back as "address taken".
        // The browser's zone becomes the organisation's: its calendar starts where its admin is (issue 14).
        api
          .post('api/registration', { json: { ...request, timeZone: browserTimeZone() }, retry: 0 })
          .json<unknown>(),
      ]);
      return accountMessageResponseSchema.parse(body);
    },
  });
}
