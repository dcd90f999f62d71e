import type { ReactNode } from 'react';
import { ChevronDownIcon } from './icons';

/** "1–25 of 73", or null when nothing is shown. */
export function pageRange(page: number, size: number, shown: number, total: number): string | null {
  if (shown === 0 || total === 0) return null;
  const first = page * size + 1;
  return `${first}–${first + shown - 1} of ${total}`;
}

export const pagerStepClass =
  'inline-flex min-h-10 items-center gap-1 rounded-lg border border-border bg-surface px-3 text-sm font-semibold text-foreground shadow-xs transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-disabled:pointer-events-none aria-disabled:opacity-45';

export interface PagerStep {
  /** The page to go to, counted from 1 as the address counts it; undefined is the first page. */
  page: number | undefined;
  label: 'Previous page' | 'Next page';
  className: string;
  children: ReactNode;
}

interface ListPagerProps {
  /** From 0, as the API counts. */
  page: number;
  size: number;
  shown: number;
  total: number;
  /** The screen's link to another page of its list (its route's Link with `search.page`). */
  renderStep: (step: PagerStep) => ReactNode;
}

/** "1–25 of 73" with previous and next pages; the page lives in the screen's address, counted from 1. */
export function ListPager({ page, size, shown, total, renderStep }: ListPagerProps) {
  const range = pageRange(page, size, shown, total);
  const hasPrevious = page > 0;
  const hasNext = (page + 1) * size < total;
  const previous = (
    <>
      <ChevronDownIcon className="size-4 rotate-90" />
      Previous
    </>
  );
  const next = (
    <>
      Next
      <ChevronDownIcon className="size-4 -rotate-90" />
    </>
  );
  return (
    <nav
      aria-label="Pages"
      className="flex items-center justify-between gap-3 border-t border-border px-4 py-3 sm:px-5"
    >
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        {range ?? `0 of ${total}`}
      </p>
      {hasPrevious || hasNext ? (
        <div className="flex gap-2">
          {hasPrevious ? (
            renderStep({
              page: page > 1 ? page : undefined,
              label: 'Previous page',
              className: pagerStepClass,
              children: previous,
            })
          ) : (
            <span aria-disabled="true" className={pagerStepClass}>
              {previous}
            </span>
          )}
          {hasNext ? (
            renderStep({ page: page + 2, label: 'Next page', className: pagerStepClass, children: next })
          ) : (
            <span aria-disabled="true" className={pagerStepClass}>
              {next}
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
