import type { NotificationPreferences } from '@contract/notifications';
import { notificationPreferencesSchema } from '@contract/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';

/** Its own root, not under `['notifications']`: a live notification event refetches the list, not these. */
export const notificationPreferenceQueries = {
  all: () => ['notification-preferences'] as const,
  mine: () =>
    queryOptions({
      queryKey: notificationPreferenceQueries.all(),
      queryFn: async ({ signal }) =>
        notificationPreferencesSchema.parse(
          await api.get('api/notifications/preferences', { signal }).json<unknown>(),
        ),
    }),
};

/** PUT /api/notifications/preferences: a whole replacement, so repeating it is harmless. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: NotificationPreferences) =>
      notificationPreferencesSchema.parse(
        await api.put('api/notifications/preferences', { json: preferences }).json<unknown>(),
      ),
    onSuccess: (saved) => queryClient.setQueryData(notificationPreferenceQueries.mine().queryKey, saved),
  });
}
