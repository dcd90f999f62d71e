import type { ApiError, UpdateOwnUserResponse } from '@contract';
import { errorCodes, updateOwnUserRequestSchema } from '@contract';
import { http, HttpResponse } from 'msw';
import { apiError, requestUser, unauthorized } from './respond';

export const userHandlers = [
  // Answers with the user as changed; the demo users themselves stay as they are, so tests do not leak state.
  http.post<{ userId: string }, never, UpdateOwnUserResponse | ApiError>(
    '*/api/users/:userId',
    async ({ request, params }) => {
      const user = requestUser(request);
      if (!user) return unauthorized();
      if (params.userId !== user.id) {
        return apiError(403, {
          code: errorCodes.forbidden,
          message: 'You can only change your own onboarding and push settings.',
        });
      }
      const parsed = updateOwnUserRequestSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) {
        const fields = Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        );
        return apiError(400, {
          code: errorCodes.validation,
          message: 'Check the highlighted fields.',
          fields,
        });
      }
      return HttpResponse.json<UpdateOwnUserResponse>({
        message: 'User updated successfully',
        user: { ...user, ...parsed.data },
      });
    },
  ),
];
