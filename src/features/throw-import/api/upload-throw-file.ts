import { importPreviewResponseSchema } from '@contract/pitching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import type { ThrowImportKind } from '../import-search';
import { importQueries } from './import-queries';

export interface ThrowFileUpload {
  kind: ThrowImportKind;
  logId: string;
  file: File;
}

/** A file of 5 MB on a slow phone connection takes longer than ky's default 10 s. */
const uploadTimeoutMs = 120_000;

/**
 * POST /api/imports/{pitches|sensor-throws}: the CSV as multipart `file` with the workout's `logId`. The server
 * reads it (Papa Parse) and answers with the preview; nothing is saved until the import is committed.
 */
export function useUploadThrowFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, logId, file }: ThrowFileUpload) => {
      const form = new FormData();
      form.append('file', file, file.name);
      form.append('logId', logId);
      return api
        .post(`api/imports/${kind}`, { body: form, timeout: uploadTimeoutMs })
        .json(importPreviewResponseSchema);
    },
    onSuccess: ({ import: preview }, { kind }) => {
      queryClient.setQueryData(importQueries.preview(kind, preview.id).queryKey, preview);
    },
  });
}
