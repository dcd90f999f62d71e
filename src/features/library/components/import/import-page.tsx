import type { ReaderPreview } from '@contract/workout-reader';
import type { ReactNode, Ref } from 'react';
import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Card } from '@/components/ui/card';
import { ChevronDownIcon } from '@/components/ui/icons';
import { useScreenTitle } from '@/stores/header-store';
import type { ProgramSource } from '../../api/workout-reader';
import { BackToLibrary } from '../library-screen-parts';
import { ColumnChoice } from './column-choice';
import { LogHistoryStep } from './log-history-step';
import type { RememberedChoices } from './review-form';
import { ReviewStep } from './review-step';
import { SourceStep } from './source-step';

interface Reading {
  preview: ReaderPreview;
  source: ProgramSource;
  /** Counts the readings: each new one starts the review afresh. */
  count: number;
}

/**
 * `/app/library/import` (issue 28, the workout reader): a coach's program, pasted or uploaded as a spreadsheet, read
 * by the server into draft workouts; the coach checks the exercise names and the workouts, then saves them as
 * library workouts or as a program. Nothing is saved before that.
 */
export function ImportPage() {
  useScreenTitle('Import a program');
  const [reading, setReading] = useState<Reading | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // What the coach chose for exercise names: reading again (other columns, a fixed file) starts from it.
  const [remembered] = useState<RememberedChoices>(() => new Map());
  const readingCount = reading?.count ?? 0;

  // A new reading moves the focus to what it asks next (the columns, or the review), so a screen reader hears it.
  useEffect(() => {
    if (readingCount > 0) headingRef.current?.focus();
  }, [readingCount]);

  const onPreview = (preview: ReaderPreview, source: ProgramSource) =>
    setReading((previous) => ({ preview, source, count: (previous?.count ?? 0) + 1 }));

  const preview = reading?.preview ?? null;
  const file = reading?.source.kind === 'file' ? reading.source.file : null;
  const hasColumns =
    file !== null && preview !== null && preview.kind === 'program' && preview.columns.length > 0;

  return (
    <div className="space-y-5">
      <BackToLibrary tab="workouts" />
      <PageHeader
        title="Import a program"
        description="Paste your program, or upload the spreadsheet you keep it in, or an athlete’s FitNotes or Strong export. You check what was read before anything is saved."
      />

      <Panel title={preview?.kind === 'log' ? 'Your file' : 'Your program'}>
        <SourceStep preview={preview} onPreview={onPreview} />
      </Panel>

      {hasColumns && preview.status === 'needs_mapping' ? (
        <Panel title="Choose the columns" headingRef={headingRef}>
          <ColumnChoice key={readingCount} preview={preview} file={file} onPreview={onPreview} />
        </Panel>
      ) : null}

      {hasColumns && preview.status === 'ready' ? (
        <Card className="px-4 py-3 sm:px-6">
          <details className="group">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 rounded-lg text-sm font-semibold text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
              <span>
                Change columns
                <span className="ml-2 font-normal text-muted-foreground">
                  {usedColumns(preview)} of {preview.columns.length} columns read
                </span>
              </span>
              <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
            </summary>
            <div className="pt-3 pb-2">
              <ColumnChoice key={readingCount} preview={preview} file={file} onPreview={onPreview} />
            </div>
          </details>
        </Card>
      ) : null}

      {preview === null ? <HowItWorks /> : null}

      {preview?.kind === 'log' && file ? (
        <LogHistoryStep
          key={readingCount}
          preview={preview}
          remembered={remembered}
          file={file}
          headingRef={headingRef}
        />
      ) : preview?.status === 'ready' ? (
        preview.workouts.length > 0 ? (
          <ReviewStep key={readingCount} preview={preview} remembered={remembered} headingRef={headingRef} />
        ) : (
          <Panel title="No workouts found" headingRef={headingRef}>
            <p className="text-sm text-muted-foreground">
              {preview.problemCount > 0
                ? `None of the lines could be read as exercises (${preview.problemCount === 1 ? '1 line' : `${preview.problemCount} lines`} not read): write one exercise per line with its sets, like “Back Squat 4x6 @ 75%”.`
                : 'Write one exercise per line with its sets, like “Back Squat 4x6 @ 75%”, under a heading per day.'}
            </p>
            {preview.problems.length > 0 ? (
              <ul className="mt-3 space-y-1 text-sm">
                {preview.problems.slice(0, 5).map((problem, index) => (
                  <li key={`${problem.line}-${index}`}>
                    <span className="font-semibold">Line {problem.line}:</span> {problem.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </Panel>
        )
      ) : null}
    </div>
  );
}

const usedColumns = (preview: ReaderPreview) =>
  preview.columns.filter((column) => column.field !== null).length;

function Panel({
  title,
  headingRef,
  children,
}: {
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Card aria-label={title} className="px-4 py-4 sm:px-6 sm:py-5">
      <h2
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="mb-3 text-lg font-semibold text-foreground outline-none focus-visible:outline-2 focus-visible:outline-ring"
      >
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** Before the first reading: what the screen will do, in the space the review then takes. */
function HowItWorks() {
  const steps = [
    [
      'Read',
      'Paste your program or choose the file; the reader finds the days, the exercises and their sets.',
    ],
    [
      'Check',
      'Each exercise name is matched to your library, or made a new exercise; rename workouts as you like.',
    ],
    ['Save', 'Save the workouts to your library, or as a program with the workouts on their days.'],
  ] as const;
  return (
    <ol className="grid gap-3 sm:grid-cols-3" aria-label="How importing works">
      {steps.map(([title, text], index) => (
        <li key={title} className="rounded-2xl border border-dashed border-border px-4 py-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-foreground">
            <span
              aria-hidden="true"
              className="flex size-6 items-center justify-center rounded-full bg-primary-soft text-xs font-bold text-primary-ink"
            >
              {index + 1}
            </span>
            {title}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">{text}</p>
        </li>
      ))}
    </ol>
  );
}
