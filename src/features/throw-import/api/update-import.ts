import type { UpdateImportRequest } from '@contract/pitching';
import { importPreviewResponseSchema } from '@contract/pitching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import type { ThrowImportKind } from '../import-search';
import { importQueries } from './import-queries';

/**
 * PATCH /api/imports/{kind}/{importId}: another column mapping (kept for the organisation's next files) or, for a
 * TrackMan file with several pitchers, the pitcher. The server reads the file again and answers the new preview.
 */
export function useUpdateImport(kind: ThrowImportKind, importId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateImportRequest) =>
      api.patch(`api/imports/${kind}/${importId}`, { json: change }).json(importPreviewResponseSchema),
    onSuccess: ({ import: preview }) => {
      queryClient.setQueryData(importQueries.preview(kind, importId).queryKey, preview);
    },
  });
}
