import type { WorkoutLog } from '@contract';
import type { ImportPreview } from '@contract/pitching';
import { pitchImportFields, sensorThrowImportFields } from '@contract/pitching';
import type { UseQueryResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ListChecksIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { useScreenTitle } from '@/stores/header-store';
import { importQueries } from '../api/import-queries';
import type { ThrowImportKind } from '../import-search';
import { importTitles } from '../import-words';
import { CommitStep } from './commit-step';
import { FileStep } from './file-step';
import { ImportPreviewStep } from './import-preview';
import { useFormats } from '@/lib/format/use-formats';

const route = getRouteApi('/app/completed/$logId_/import');

const fieldsOf: Record<ThrowImportKind, readonly string[]> = {
  pitches: pitchImportFields,
  'sensor-throws': sensorThrowImportFields,
};

const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

const isMissing = (error: unknown) =>
  isApiRequestError(error) && (error.status === 404 || error.status === 403);

/**
 * `/app/completed/$logId/import?kind=pitches|sensor-throws`: a device's CSV into a completed workout, in three
 * steps on one page (choose the file, check the preview, import). The preview's id goes into the address, so a
 * reload or a lost connection keeps it. The server decides who may (staff, or the log's athlete).
 */
export function ThrowImportPage({ log }: { log: UseQueryResult<WorkoutLog> }) {
  const formats = useFormats();
  const { logId } = route.useParams();
  const { kind, importId, entry } = route.useSearch();
  const navigate = route.useNavigate();
  const preview = useQuery({ ...importQueries.preview(kind, importId ?? ''), enabled: Boolean(importId) });
  useScreenTitle(importTitles[kind]);

  const showPreview = (made: ImportPreview) =>
    void navigate({ search: { kind, importId: made.id, entry }, replace: true });
  const chooseAnotherFile = () => void navigate({ search: { kind, entry }, replace: true });

  if (log.isPending) return <ImportSkeleton />;
  if (log.isError) {
    const missing = isMissing(log.error);
    return (
      <div className="space-y-5">
        <Card>
          <EmptyState
            icon={ListChecksIcon}
            title={missing ? 'This workout was not found' : 'This workout could not be loaded'}
            action={
              missing ? (
                <Link to="/app/completed" className={textLinkClass}>
                  Back to Completed
                </Link>
              ) : (
                <Button variant="secondary" onClick={() => void log.refetch()} isPending={log.isRefetching}>
                  Try again
                </Button>
              )
            }
          >
            {missing
              ? 'It may be someone else’s, or the link is mistyped.'
              : 'Check your connection and try again.'}
          </EmptyState>
        </Card>
      </div>
    );
  }

  const workout = log.data;
  const current = importId ? preview.data : undefined;
  const previewGone = Boolean(importId) && preview.isError && isMissing(preview.error);

  return (
    <div className="space-y-5">
      <div>
        {entry ? (
          <Link to="/app/track/$entryId" params={{ entryId: entry }} className={`${textLinkClass} text-sm`}>
            ← Back to tracking {workout.workoutName}
          </Link>
        ) : (
          <Link to="/app/completed/$logId" params={{ logId }} className={`${textLinkClass} text-sm`}>
            ← {workout.workoutName}
          </Link>
        )}
      </div>
      <PageHeader
        title={importTitles[kind]}
        description={
          <span className="flex flex-wrap gap-x-2">
            <span className="font-medium text-foreground">{workout.workoutName}</span>
            <span>· {nameOf(workout.athlete)}</span>
            <span>· {formats.day(workout.date, 'dateWithWeekday')}</span>
          </span>
        }
      />

      <Step number={1} title="Choose a file" titleId="import-step-file">
        {current ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 text-sm text-foreground">
              <span className="font-semibold break-all">{current.fileName}</span>
            </p>
            <Button variant="secondary" onClick={chooseAnotherFile}>
              Choose another file
            </Button>
          </div>
        ) : importId && preview.isPending ? (
          <Skeleton className="h-11 w-full" />
        ) : (
          <>
            {previewGone ? (
              <Alert tone="warning" role="status" className="mb-3">
                This preview is no longer there. Choose the file again.
              </Alert>
            ) : importId && preview.isError ? (
              <Alert className="mb-3" title="The preview could not be loaded.">
                <span>Check your connection and </span>
                <button
                  type="button"
                  onClick={() => void preview.refetch()}
                  className="font-semibold underline underline-offset-2"
                >
                  try again
                </button>
                , or choose the file again.
              </Alert>
            ) : null}
            <FileStep key={kind} kind={kind} logId={logId} onPreview={showPreview} />
          </>
        )}
      </Step>

      {current && current.mismatches.length > 0 && current.status !== 'committed' ? (
        <Alert tone="warning" title="This file may not belong to this workout">
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {current.mismatches.map((mismatch) => (
              <li key={mismatch.kind}>{mismatch.message}</li>
            ))}
          </ul>
          <p className="mt-1.5">Choose another file, or confirm below to import it here anyway.</p>
        </Alert>
      ) : null}

      {current ? (
        <>
          <Step number={2} title="Check the preview" titleId="import-step-preview">
            <ImportPreviewStep kind={kind} preview={current} fields={fieldsOf[kind]} />
          </Step>
          <Step number={3} title="Import" titleId="import-step-commit">
            <CommitStep kind={kind} preview={current} logId={logId} entry={entry} />
          </Step>
        </>
      ) : null}
    </div>
  );
}

function Step({
  number,
  title,
  titleId,
  children,
}: {
  number: number;
  title: string;
  titleId: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={titleId} className="px-4 py-4 sm:px-6 sm:py-5">
      <h2 id={titleId} className="mb-3 flex items-center gap-2.5 text-lg font-semibold text-foreground">
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
        >
          {number}
        </span>
        {title}
      </h2>
      {children}
    </Card>
  );
}

function ImportSkeleton() {
  return (
    <div className="space-y-5" role="status" aria-live="polite">
      <span className="sr-only">Loading the workout…</span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-8 w-64 max-w-full" />
      <Card aria-hidden="true" className="space-y-3 p-5">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-36 w-full" />
      </Card>
    </div>
  );
}
