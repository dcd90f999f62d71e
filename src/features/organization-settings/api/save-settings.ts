import type { Settings, UpdateSettingsRequest, UpdateSettingsResponse } from '@contract';
import { updateSettingsResponseSchema } from '@contract';
import type { QueryClient } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { authQueries } from '@/lib/auth/auth-queries';
import { applyBranding } from '@/lib/branding/apply-branding';
import { cacheSettings } from '@/lib/branding/settings-cache';
import { settingsQueries } from '@/lib/settings/settings-queries';

/**
 * The app shows the saved settings at once: the page is re-branded and the 'settings' cache rewritten now, and
 * the settings and the signed-in session (the side navigation's name and logo) are read again.
 */
export async function showSavedSettings(queryClient: QueryClient, settings: Settings): Promise<void> {
  queryClient.setQueryData(settingsQueries.full().queryKey, settings);
  applyBranding(settings);
  cacheSettings(settings);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: settingsQueries.all() }),
    queryClient.invalidateQueries({ queryKey: authQueries.me().queryKey }),
  ]);
}

export async function saveSettings(changes: UpdateSettingsRequest): Promise<UpdateSettingsResponse> {
  return api.put('api/settings', { json: changes }).json(updateSettingsResponseSchema);
}

/** PUT /api/settings with the fields of one section. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: ({ data }) => showSavedSettings(queryClient, data),
  });
}
