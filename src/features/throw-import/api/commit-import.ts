import type { CommitImportRequest } from '@contract/pitching';
import { commitImportResponseSchema } from '@contract/pitching';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import type { ThrowImportKind } from '../import-search';
import { athleteThrowingKey, importedRowsKey, importQueries } from './import-queries';

/**
 * POST /api/imports/{kind}/{importId}/commit: the rows that parse replace the workout's pitches (or throws) in
 * one transaction. A 422 means rows do not parse and were not left out: nothing was saved.
 */
export function useCommitImport(kind: ThrowImportKind, importId: string, logId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CommitImportRequest) =>
      api.post(`api/imports/${kind}/${importId}/commit`, { json: request }).json(commitImportResponseSchema),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: importQueries.preview(kind, importId).queryKey });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: importedRowsKey(logId, kind) }),
        queryClient.invalidateQueries({ queryKey: athleteThrowingKey }),
      ]);
    },
  });
}
