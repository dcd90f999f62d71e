import type { ImportMapping } from '@contract/pitching';
import type { CommitReaderRequest, ReaderExerciseChoice } from '@contract/workout-reader';
import {
  commitReaderResponseSchema,
  historyResultSchema,
  readerPreviewResponseSchema,
} from '@contract/workout-reader';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, idempotencyKeyHeader } from '@/lib/api/api-client';
import { exerciseQueries, workoutQueries } from './library-queries';

/** What the reader reads: the pasted text, or a file (again, with the columns the coach chose). */
export type ProgramSource =
  { kind: 'text'; text: string } | { kind: 'file'; file: File; mapping?: ImportMapping | undefined };

/** A 2 MB workbook on a slow phone connection takes longer than ky's default 10 s. */
const readTimeoutMs = 120_000;

/**
 * POST /api/workoutreader (multipart): the server reads a program into draft workouts and answers the review;
 * nothing is saved. A changed column mapping posts the same file again (ADR 077: the review is stateless).
 */
export function useReadProgram() {
  return useMutation({
    mutationFn: (source: ProgramSource) => {
      const form = new FormData();
      if (source.kind === 'text') form.append('text', source.text);
      else {
        form.append('file', source.file, source.file.name);
        if (source.mapping) form.append('mapping', JSON.stringify(source.mapping));
      }
      return api
        .post('api/workoutreader', { body: form, timeout: readTimeoutMs })
        .json(readerPreviewResponseSchema);
    },
  });
}

export interface CommitReaderVariables {
  request: CommitReaderRequest;
  /** Made by the screen per confirmed body: sending the same body again (after a lost answer) reuses it. */
  idempotencyKey: string;
}

/** The programs' query keys (the schedule area's): written out here because features do not import each other. */
const programsKey = ['programs'] as const;

/**
 * POST /api/workoutreader/commit: the reviewed workouts, their exercises (chosen or new) and, when asked, the
 * program, in one transaction. A 400 names each field by its path in the request (`workouts.3.name`).
 */
export function useCommitReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, idempotencyKey }: CommitReaderVariables) =>
      api
        .post('api/workoutreader/commit', {
          json: request,
          headers: { [idempotencyKeyHeader]: idempotencyKey },
        })
        .json(commitReaderResponseSchema),
    // Not awaited: the screen moves on at once, and the lists it goes to read again.
    onSuccess: ({ data }) => {
      void queryClient.invalidateQueries({ queryKey: workoutQueries.all() });
      void queryClient.invalidateQueries({ queryKey: exerciseQueries.all() });
      if (data.program) void queryClient.invalidateQueries({ queryKey: programsKey });
    },
  });
}

export interface ImportHistoryVariables {
  file: File;
  athleteId: string;
  exercises: ReaderExerciseChoice[];
  /** Saves when set, with this key (a lost answer sent again is applied once); else only says what it would add. */
  confirmKey: string | null;
}

/** An athlete's training and the completed workouts (other areas' query keys), stale once history is added. */
const athleteTrainingKey = (athleteId: string) => ['athlete-training', athleteId] as const;
const completedWorkoutsKey = ['completed-workouts'] as const;

/**
 * POST /api/workoutreader/history (multipart): an athlete's log export as their history. Without a confirm key the
 * server only answers what would be added (sessions, sets, new maxes); with it, it adds them, once per file.
 */
export function useImportHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, athleteId, exercises, confirmKey }: ImportHistoryVariables) => {
      const form = new FormData();
      form.append('file', file, file.name);
      form.append('athleteId', athleteId);
      form.append('exercises', JSON.stringify(exercises));
      if (confirmKey) form.append('confirm', 'true');
      return api
        .post('api/workoutreader/history', {
          body: form,
          timeout: readTimeoutMs,
          headers: confirmKey ? { [idempotencyKeyHeader]: confirmKey } : {},
        })
        .json(historyResultSchema);
    },
    onSuccess: ({ data }) => {
      if (!data.saved) return;
      void queryClient.invalidateQueries({ queryKey: athleteTrainingKey(data.athleteId) });
      void queryClient.invalidateQueries({ queryKey: completedWorkoutsKey });
      if (data.createdExercises.length > 0)
        void queryClient.invalidateQueries({ queryKey: exerciseQueries.all() });
    },
  });
}
