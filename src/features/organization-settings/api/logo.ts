import { updateSettingsResponseSchema } from '@contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import { showSavedSettings } from './save-settings';

/** The image's own bytes as the body; the server decides the type from them (ADR 023). */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    // The bytes, not the File: every fetch (and the test environment's) sends an ArrayBuffer as it is.
    mutationFn: async (file: File) =>
      api
        .put('api/settings/logo', {
          body: await file.arrayBuffer(),
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
        })
        .json(updateSettingsResponseSchema),
    onSuccess: ({ data }) => showSavedSettings(queryClient, data),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('api/settings/logo').json(updateSettingsResponseSchema),
    onSuccess: ({ data }) => showSavedSettings(queryClient, data),
  });
}
