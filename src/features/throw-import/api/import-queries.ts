import { importPreviewResponseSchema } from '@contract/pitching';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/api-client';
import type { ThrowImportKind } from '../import-search';

/** An import's preview (`GET /api/imports/{pitches|sensor-throws}/{importId}`): what the file became. */
export const importQueries = {
  all: () => ['throw-imports'] as const,
  preview: (kind: ThrowImportKind, importId: string) =>
    queryOptions({
      queryKey: [...importQueries.all(), kind, importId] as const,
      queryFn: async ({ signal }) =>
        (await api.get(`api/imports/${kind}/${importId}`, { signal }).json(importPreviewResponseSchema))
          .import,
      // Only a mapping change alters it, and that answer replaces it: no need to ask again on focus.
      staleTime: Infinity,
    }),
};

/**
 * What the completed workout's screen and the athlete's throwing tab read after an import. The pitching and
 * athlete-throwing areas define these keys; they are written out here because features do not import each other.
 */
export const importedRowsKey = (logId: string, kind: ThrowImportKind) => ['pitching', logId, kind] as const;
export const athleteThrowingKey = ['athlete-throwing'] as const;
