import type { ActivationLinkResponse, ActivationRequest, ActivationResponse } from '@contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** Activation and invitation links (`/activate-account/$userId/$verificationCode`). */
export const activationQueries = {
  all: () => ['activation-link'] as const,
  /** GET /api/activation/{userId}/{verificationCode}: what the link is, or why it does not work. */
  link: (userId: string, verificationCode: string) =>
    queryOptions({
      queryKey: [...activationQueries.all(), userId, verificationCode] as const,
      queryFn: async ({ signal }): Promise<ActivationLinkResponse> => {
        const [{ activationLinkResponseSchema }, body] = await Promise.all([
          import('@contract/accounts'),
          api
            .get(`api/activation/${encodeURIComponent(userId)}/${encodeURIComponent(verificationCode)}`, {
              signal,
            })
            .json<unknown>(),
        ]);
        return activationLinkResponseSchema.parse(body);
      },
      // A link's answer does not change while the screen is open; a refusal is final (the user asks for a new link).
      staleTime: Infinity,
      retry: false,
    }),
};

/** POST /api/activation: confirms the email (and sets the password of an invitation). */
export function useActivateAccount() {
  return useMutation({
    mutationFn: async (request: ActivationRequest): Promise<ActivationResponse> => {
      const [{ activationResponseSchema }, body] = await Promise.all([
        import('@contract/accounts'),
        // A link works once: a blind retry after a lost answer would only report it as used.
        api.post('api/activation', { json: request, retry: 0 }).json<unknown>(),
      ]);
      return activationResponseSchema.parse(body);
    },
  });
}
