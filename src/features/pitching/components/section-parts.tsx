import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertCircleIcon, DownloadIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';

/** To the completed workout's import screen (`/app/completed/$logId/import?kind=`). */
export function ImportLink({
  logId,
  kind,
  children,
}: {
  logId: string;
  kind: 'pitches' | 'sensor-throws';
  children: ReactNode;
}) {
  return (
    <Link
      to="/app/completed/$logId/import"
      params={{ logId }}
      search={{ kind }}
      className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <DownloadIcon className="size-4" />
      {children}
    </Link>
  );
}

export function SectionHeader({
  id,
  title,
  actions,
  children,
}: {
  id: string;
  title: string;
  actions: ReactNode;
  /** The line under the title: what the section adds up to. */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
      <div className="min-w-0">
        <h2 id={id} className="text-base font-semibold text-foreground">
          {title}
        </h2>
        {children}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** A chart and, under it, the table that says the same in text (the chart itself is hidden from screen readers). */
export function ChartFigure({
  title,
  className = '',
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <figure className={`min-w-0 space-y-2 ${className}`}>
      <figcaption className="text-sm font-semibold text-foreground">{title}</figcaption>
      {children}
    </figure>
  );
}

/** The chart's own height, so nothing moves when recharts arrives. */
export function ChartSkeleton() {
  return <Skeleton className="h-64 w-full sm:h-72" />;
}

export interface SummaryRow {
  key: string;
  header: ReactNode;
  cells: readonly string[];
}

/** A chart's text alternative: one row per series (a pitch type), the figures the chart draws. */
export function SummaryTable({
  caption,
  columns,
  rows,
  headerLabel = 'Pitch type',
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly SummaryRow[];
  headerLabel?: string;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs font-semibold text-muted-foreground">
        <tr>
          <th scope="col" className="py-1 pr-2 text-left">
            {headerLabel}
          </th>
          {columns.map((column) => (
            <th key={column} scope="col" className="py-1 pl-2 text-right">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-border/60">
            <th scope="row" className="py-1.5 pr-2 text-left font-normal text-foreground">
              {row.header}
            </th>
            {row.cells.map((cell, index) => (
              <td key={columns[index]} className="py-1.5 pl-2 text-right text-foreground tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The height of the rows of a windowed table that are not drawn: out of the accessibility tree. */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/** A section that did not load: try again, or say it is not there. */
export function LoadFailure({
  what,
  isMissing,
  onRetry,
  isRetrying,
}: {
  what: string;
  isMissing: boolean;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  return (
    <EmptyState
      icon={AlertCircleIcon}
      title={isMissing ? `${what} of this workout are not available` : `${what} could not be loaded`}
      action={
        isMissing ? null : (
          <Button variant="secondary" onClick={onRetry} isPending={isRetrying}>
            Try again
          </Button>
        )
      }
    >
      {isMissing ? 'The workout may have been removed.' : 'Check your connection and try again.'}
    </EmptyState>
  );
}
