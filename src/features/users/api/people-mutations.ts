import type {
  CreatePersonRequest,
  MeResponse,
  MessageResponse,
  PersonResponse,
  Role,
  UpdatePersonRequest,
} from '@contract';
import { messageResponseSchema, personResponseSchema } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { authQueries } from '@/lib/auth/auth-queries';
import {
  useIsOnboardingComplete,
  useOnboardingStepsDone,
  useOnboardingTourActions,
} from '@/stores/onboarding-tour-store';
import { userQueries } from './user-queries';

/**
 * Writes to people are not retried: a repeated `POST /api/users` after a lost answer would meet its own email
 * ("already in use"). The form keeps what was typed, so the user presses Save again.
 */
const once = { retry: 0 } as const;

/** POST /api/users: add a person, who is mailed an invitation. */
export function useCreatePerson() {
  const queryClient = useQueryClient();
  const tourComplete = useIsOnboardingComplete();
  const stepsDone = useOnboardingStepsDone();
  const { stepCompleted } = useOnboardingTourActions();
  return useMutation({
    mutationFn: (request: CreatePersonRequest): Promise<PersonResponse> =>
      api.post('api/users', { json: request, ...once }).json(personResponseSchema),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(userQueries.detail(user.id).queryKey, user);
      // The guided tour's create-user step (spec 4) is done by the first person added; the tour store owns
      // the user's tour and saves it (ADR 022), so the server does not write it behind the store's back.
      if (!tourComplete && !stepsDone.CREATE_NEW_USER) {
        stepCompleted('CREATE_NEW_USER', {
          id: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          role: user.role,
        });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.lists() }),
  });
}

export interface UpdatePersonInput {
  userId: string;
  changes: UpdatePersonRequest;
}

/** PATCH /api/users/{userId}: the person's page and the profile screen. */
export function useUpdatePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, changes }: UpdatePersonInput): Promise<PersonResponse> =>
      api
        .patch(`api/users/${encodeURIComponent(userId)}`, { json: changes, ...once })
        .json(personResponseSchema),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(userQueries.detail(user.id).queryKey, user);
      // Your own new name shows in the header at once.
      queryClient.setQueryData<MeResponse>(authQueries.me().queryKey, (me) =>
        me?.user.id === user.id
          ? {
              ...me,
              user: { ...me.user, firstName: user.firstName, lastName: user.lastName, email: user.email },
            }
          : me,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.lists() }),
  });
}

/** POST /api/users/{userId}/role (admin). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }): Promise<PersonResponse> =>
      api
        .post(`api/users/${encodeURIComponent(userId)}/role`, { json: { role }, ...once })
        .json(personResponseSchema),
    onSuccess: ({ user }) => queryClient.setQueryData(userQueries.detail(user.id).queryKey, user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userQueries.lists() }),
  });
}

/** POST /api/users/{userId}/invitation: a new link for someone who has no password yet. */
export function useResendInvitation() {
  return useMutation({
    mutationFn: (userId: string): Promise<MessageResponse> =>
      api
        .post(`api/users/${encodeURIComponent(userId)}/invitation`, { json: {}, ...once })
        .json(messageResponseSchema),
  });
}
