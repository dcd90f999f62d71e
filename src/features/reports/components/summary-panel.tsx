import type { ReportSummary } from '@contract/reports';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AlertCircleIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import type { Formats } from '@/lib/format/use-formats';
import type { ReportParams } from '../api/report-queries';
import { reportQueries } from '../api/report-queries';
import type { SummaryFailureKind } from '../api/write-summary';
import { SummaryFailure, writeSummary } from '../api/write-summary';
import type { FigureLookup } from '../figure-lookup';
import { figureElementId } from '../figure-lookup';

type Writing =
  | { status: 'idle' }
  | { status: 'streaming'; text: string }
  | { status: 'done'; summary: ReportSummary }
  | { status: 'failed'; kind: SummaryFailureKind; message: string };

const failureWords: Record<
  Exclude<SummaryFailureKind, 'not-configured'>,
  (message: string) => { title: string; text: string }
> = {
  'rate-limited': () => ({
    title: 'Too many summaries for now',
    text: 'Your organisation has asked for its summaries of this hour. Try again later.',
  }),
  'timed-out': () => ({
    title: 'The language model took too long',
    text: 'It did not finish in time. Try again in a minute.',
  }),
  unreadable: () => ({
    title: 'The summary could not be read',
    text: 'The language model answered with something that is not a summary. Try again.',
  }),
  refused: (message) => ({ title: 'The summary was refused', text: message }),
  failed: (message) => ({ title: 'The summary could not be written', text: message }),
};

/** Scrolls to a cited figure's cell, moves the focus there and rings it for a moment. */
function showFigure(event: MouseEvent<HTMLAnchorElement>, figureId: string) {
  const cell = document.getElementById(figureElementId(figureId));
  if (!cell) return;
  event.preventDefault();
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  cell.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
  cell.focus({ preventScroll: true });
  cell.setAttribute('data-highlighted', 'true');
  window.setTimeout(() => cell.removeAttribute('data-highlighted'), 2500);
}

type StoredFigure = ReportSummary['figures'][number];

/** A figure's value as a sentence would say it: "85.3%", "412 pitches", "1.32" for a ratio. */
function valueText(figure: StoredFigure): string {
  if (figure.unit === 'percent') return `${figure.value}%`;
  if (figure.unit === 'ratio' || figure.unit === 'count' || figure.unit === 'score')
    return String(figure.value);
  return `${figure.value} ${figure.unit}`;
}

/** Whether the report on the screen still states a stored figure, under the same id, as the summary got it. */
const stillStated = (stored: StoredFigure, current: StoredFigure | undefined) =>
  current !== undefined &&
  current.label === stored.label &&
  current.value === stored.value &&
  current.unit === stored.unit &&
  current.href === stored.href;

/**
 * A sentence's text with each `[F12]` resolved against the figures the summary was written from: a link to the
 * figure's cell while the report on the screen still states it, else (the data changed since) what it stated then.
 */
function CitedText({
  text,
  figures,
  lookup,
}: {
  text: string;
  figures: readonly StoredFigure[];
  lookup: FigureLookup | null;
}) {
  const parts = text.split(/\[(F\d+)\]/);
  return (
    <>
      {parts.map((part, index) => {
        if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
        const stored = figures.find((candidate) => candidate.id === part);
        if (!stored) return <Fragment key={index}>[{part}]</Fragment>;
        const current = lookup?.figures.find((candidate) => candidate.id === part);
        if (!stillStated(stored, current)) {
          const then = `${stored.label}: ${valueText(stored)} when this was written; the report has changed since`;
          return (
            <Fragment key={index}>
              [
              <span title={then} className="font-semibold text-muted-foreground">
                {part}
                <span className="sr-only"> ({then})</span>
              </span>
              ]
            </Fragment>
          );
        }
        return (
          <Fragment key={index}>
            [
            <a
              href={`#${figureElementId(part)}`}
              onClick={(event) => showFigure(event, part)}
              aria-label={`${part}: ${stored.label}`}
              className="rounded font-semibold text-primary-ink underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-ring"
            >
              {part}
            </a>
            ]
          </Fragment>
        );
      })}
    </>
  );
}

/** The checked sentences: a sentence with a number the report does not state is marked, its text struck. */
function Sentences({ summary, lookup }: { summary: ReportSummary; lookup: FigureLookup | null }) {
  const { sentences, figures } = summary;
  return (
    <p className="text-base leading-relaxed text-foreground">
      {sentences.map((sentence, index) =>
        sentence.unsupported.length === 0 ? (
          <Fragment key={index}>
            <CitedText text={sentence.text} figures={figures} lookup={lookup} />{' '}
          </Fragment>
        ) : (
          <Fragment key={index}>
            <span className="rounded-md border border-warning/50 bg-warning/10 px-1.5 py-0.5 box-decoration-clone">
              <span className="mr-1.5 inline-flex items-center gap-1 text-xs font-semibold text-warning-foreground">
                <AlertCircleIcon className="size-3.5" aria-hidden="true" />
                Not in the report ({sentence.unsupported.join(', ')}):
              </span>
              <s className="text-muted-foreground">
                <CitedText text={sentence.text} figures={figures} lookup={lookup} />
              </s>
            </span>{' '}
          </Fragment>
        ),
      )}
    </p>
  );
}

function Byline({ summary, formats }: { summary: ReportSummary; formats: Formats }) {
  return (
    <>
      Written by {summary.model} · {formats.instant(summary.createdAt, 'dateTime')}
    </>
  );
}

/**
 * The written summary (issue 27): a language model's summary of this report, streamed as it is written, then its
 * checked sentences with each citation a link to the figure's cell. Says plainly when no model is configured.
 */
export function SummaryPanel({
  params,
  lookup,
  formats,
}: {
  params: ReportParams;
  lookup: FigureLookup | null;
  formats: Formats;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const stored = useQuery(reportQueries.summaries(params));
  const [writing, setWriting] = useState<Writing>({ status: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Leaving the screen (or this range) stops reading the stream.
  useEffect(() => () => running.current?.abort(), []);

  const write = () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setWriting({ status: 'streaming', text: '' });
    writeSummary(params, {
      signal: controller.signal,
      onDelta: (text) =>
        setWriting((previous) =>
          previous.status === 'streaming' ? { status: 'streaming', text: previous.text + text } : previous,
        ),
    }).then(
      (summary) => {
        if (controller.signal.aborted) return;
        setWriting({ status: 'done', summary });
        void queryClient.invalidateQueries({ queryKey: reportQueries.summaries(params).queryKey });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure = error instanceof SummaryFailure ? error : new SummaryFailure('failed', String(error));
        setWriting({ status: 'failed', kind: failure.kind, message: failure.message });
        // The server's settings changed since the screen asked: show how to configure them.
        if (failure.kind === 'not-configured')
          void queryClient.invalidateQueries({ queryKey: reportQueries.summaries(params).queryKey });
      },
    );
  };

  const notConfigured =
    stored.data?.configured === false || (writing.status === 'failed' && writing.kind === 'not-configured');
  const shown = writing.status === 'done' ? writing.summary : (stored.data?.summaries[0] ?? null);
  const earlier = (stored.data?.summaries ?? []).filter((summary) => summary.id !== shown?.id);

  return (
    <Card aria-labelledby={titleId} className="px-4 py-4 sm:px-5 print:shadow-none">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold text-foreground">
            Written summary
          </h2>
          <p className="text-sm text-muted-foreground">
            What went well, who needs attention and what to change, written by a language model from this
            report’s figures only. Each number cites its figure.
          </p>
        </div>
        {stored.data?.configured && !notConfigured ? (
          <Button
            className="shrink-0 self-start print:hidden"
            onClick={write}
            isPending={writing.status === 'streaming'}
            pendingLabel="Writing…"
          >
            Write a summary
          </Button>
        ) : null}
      </div>

      <div className="mt-3">
        {stored.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : notConfigured ? (
          <Alert tone="info" role="status" title="Written summaries are not configured">
            <p className="mt-1">
              The rest of the report works without them. To turn them on, an administrator sets the server’s{' '}
              <code className="font-mono text-xs">LLM_BASE_URL</code> and{' '}
              <code className="font-mono text-xs">LLM_MODEL</code> settings (and{' '}
              <code className="font-mono text-xs">LLM_API_KEY</code> when the endpoint needs a key) to any
              OpenAI-compatible chat-completions endpoint, such as Ollama, vLLM or llama.cpp’s server, and
              restarts it.
            </p>
          </Alert>
        ) : !stored.data ? (
          <Alert title="The summaries could not be loaded.">
            <Button variant="secondary" className="mt-2" onClick={() => void stored.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}

        {writing.status === 'failed' && writing.kind !== 'not-configured' ? (
          <Alert title={failureWords[writing.kind](writing.message).title} className="mb-3">
            {failureWords[writing.kind](writing.message).text}
          </Alert>
        ) : null}

        {/* Polite: the text is read as it arrives without interrupting; the checked sentences replace it. */}
        <div aria-live="polite" className={writing.status === 'streaming' ? 'min-h-24' : ''}>
          {writing.status === 'streaming' ? (
            <p className="text-base leading-relaxed whitespace-pre-wrap text-muted-foreground">
              {writing.text || 'Reading the report…'}
            </p>
          ) : shown && !notConfigured ? (
            <div>
              <Sentences summary={shown} lookup={lookup} />
              <p className="mt-2 text-xs text-muted-foreground">
                <Byline summary={shown} formats={formats} />
              </p>
            </div>
          ) : stored.data?.configured && writing.status !== 'failed' ? (
            <p className="text-sm text-muted-foreground">No summary of this range yet.</p>
          ) : null}
        </div>
      </div>

      {earlier.length > 0 ? (
        <div className="mt-4 border-t border-border pt-3 print:hidden">
          <h3 className="text-sm font-semibold text-foreground">Earlier summaries</h3>
          <ul className="mt-1 divide-y divide-border" aria-label="Earlier summaries">
            {earlier.map((summary) => (
              <li key={summary.id}>
                <details className="py-2">
                  <summary className="cursor-pointer text-sm text-muted-foreground">
                    <Byline summary={summary} formats={formats} />
                  </summary>
                  <div className="mt-2">
                    <Sentences summary={summary} lookup={lookup} />
                  </div>
                </details>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
