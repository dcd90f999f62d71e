import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AlertCircleIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The import screen of a completed workout (`/app/completed/$logId/import?kind=`), built apart from this feature:
 * a plain address until its route is in the tree, when it can become a typed router link.
 */
export const importHref = (logId: string, kind: 'pitches' | 'sensor-throws') =>
  `/app/completed/${encodeURIComponent(logId)}/import?kind=${kind}`;

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
