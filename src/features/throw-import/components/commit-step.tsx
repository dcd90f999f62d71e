import type { ImportPreview } from '@contract/pitching';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { useNotificationActions } from '@/stores/notifications-store';
import { useCommitImport } from '../api/commit-import';
import type { ThrowImportKind } from '../import-search';
import { countOf, importTitles, rowsOf } from '../import-words';

interface CommitStepProps {
  kind: ThrowImportKind;
  preview: ImportPreview;
  logId: string;
  /** The schedule entry being tracked when the import was opened from its pitch panel: it returns there. */
  entry?: string;
}

/** Why the button waits, in the words of what to do about it (null when it does not). */
function blockedBecause(
  preview: ImportPreview,
  skipsProblems: boolean,
  confirmsMismatch: boolean,
): string | null {
  if (preview.status === 'needs_mapping') return 'Choose the columns above first.';
  if (preview.pitchers.length > 1 && preview.pitcher === null) return 'Choose the pitcher above first.';
  if (preview.validCount === 0) return 'No row of this file can be saved: fix the file and choose it again.';
  if (preview.errorCount > 0 && !skipsProblems) {
    return `Tick the box to leave out the ${rowsOf(preview.errorCount)} with problems, or fix the file and choose it again.`;
  }
  if (preview.mismatches.length > 0 && !confirmsMismatch) {
    return 'The file names another player or day: tick the box to import it here anyway, or choose another file.';
  }
  return null;
}

function commitFailureOf(error: unknown): string {
  if (isApiRequestError(error)) {
    if (error.status === 404) return 'This workout was not found.';
    return error.message;
  }
  return 'The import did not reach the server: nothing was saved. Check your connection and try again; the preview is kept.';
}

/**
 * Step 3: the rows that parse replace what the workout holds, all at once. Rows with problems are left out only
 * when the box says so; without it the server refuses the file (422) and saves nothing.
 */
export function CommitStep({ kind, preview, logId, entry }: CommitStepProps) {
  const commit = useCommitImport(kind, preview.id, logId);
  const navigate = useNavigate();
  const { setNewNotification } = useNotificationActions();
  const [skipsProblems, setSkipsProblems] = useState(false);
  const [confirmsMismatch, setConfirmsMismatch] = useState(false);
  const checkboxId = useId();
  const mismatchId = useId();
  const reasonId = useId();
  const blocked = blockedBecause(preview, skipsProblems, confirmsMismatch);
  const hasMismatch = preview.mismatches.length > 0;
  const isCommitted = preview.status === 'committed';

  const importRows = () =>
    commit.mutate(
      {
        skipInvalidRows: preview.errorCount > 0 && skipsProblems,
        confirmMismatch: hasMismatch && confirmsMismatch,
      },
      {
        onSuccess: ({ imported, skipped }) => {
          setNewNotification({
            title: 'Imported',
            message: `${countOf(kind, imported)} imported${skipped > 0 ? `; ${rowsOf(skipped)} left out` : ''}`,
          });
          void (entry
            ? navigate({ to: '/app/track/$entryId', params: { entryId: entry } })
            : navigate({ to: '/app/completed/$logId', params: { logId } }));
        },
      },
    );

  return (
    <div className="space-y-4">
      {preview.existingCount > 0 ? (
        <Alert tone="warning" role="status">
          Importing replaces the {countOf(kind, preview.existingCount)} saved for this workout.
        </Alert>
      ) : null}

      {preview.errorCount > 0 && preview.validCount > 0 ? (
        <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            checked={skipsProblems}
            onChange={(event) => setSkipsProblems(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <label htmlFor={checkboxId} className="text-sm font-medium text-foreground">
            Leave out the {rowsOf(preview.errorCount)} with problems
          </label>
        </div>
      ) : null}

      {hasMismatch && !isCommitted ? (
        <div className="flex items-start gap-3">
          <input
            id={mismatchId}
            type="checkbox"
            checked={confirmsMismatch}
            onChange={(event) => setConfirmsMismatch(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 accent-primary"
          />
          <label htmlFor={mismatchId} className="text-sm font-medium text-foreground">
            This file belongs to this workout: import it anyway
          </label>
        </div>
      ) : null}

      {commit.isError ? <Alert title="Nothing was imported.">{commitFailureOf(commit.error)}</Alert> : null}

      {isCommitted ? (
        <p className="text-sm text-foreground">
          This file is imported already.{' '}
          <Link to="/app/completed/$logId" params={{ logId }} className={textLinkClass}>
            Back to the workout
          </Link>
        </p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <Button
            onClick={importRows}
            disabled={blocked !== null || commit.isPending}
            isPending={commit.isPending}
            pendingLabel="Importing…"
            aria-describedby={blocked ? reasonId : undefined}
            className="w-full sm:w-auto"
          >
            {preview.validCount > 0 ? `Import ${countOf(kind, preview.validCount)}` : importTitles[kind]}
          </Button>
          {blocked ? (
            <p id={reasonId} className="text-sm text-muted-foreground">
              {blocked}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
