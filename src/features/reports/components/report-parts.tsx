import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { createContext, Suspense, useContext, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { Icon } from '@/components/ui/icons';
import { DownloadIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import type { FigureLookup } from '../figure-lookup';
import { figureElementId } from '../figure-lookup';
import type { CsvTable } from '../report-csv';
import { downloadCsv } from '../report-csv';

/*
 * The pieces every section of the report is made of: a card with its title and CSV download, a chart slot (the
 * charts load lazily) and a table, the chart's text alternative, whose figure cells carry the ids a summary cites.
 */

const FigureContext = createContext<FigureLookup | null>(null);
export const FigureProvider = FigureContext.Provider;

export const th = 'px-3 py-2 text-right whitespace-nowrap first:text-left';
/** A cited figure, scrolled to: ringed and tinted in the organisation's accent colour for a moment. */
const highlightable =
  'scroll-mt-24 outline-none transition-colors data-[highlighted]:bg-accent/25 data-[highlighted]:ring-2 data-[highlighted]:ring-accent data-[highlighted]:ring-inset';
const cellClass = `px-3 py-1.5 text-right whitespace-nowrap tabular-nums first:text-left ${highlightable}`;

/**
 * A cell that shows one of the report's figures: it carries the figure's element id (`figure-F12`), so a
 * summary's citation scrolls to it. `label` and `href` are those `reportFigures` gives the figure.
 */
export function FigureCell({
  label,
  href,
  children,
  as: Element = 'td',
  className = '',
}: {
  label: string;
  href?: string | undefined;
  children: ReactNode;
  /** A table's cell, or a tile of a section's totals. */
  as?: 'td' | 'div';
  className?: string;
}) {
  const figure = useContext(FigureContext)?.find(label, href);
  return (
    <Element
      id={figure ? figureElementId(figure.id) : undefined}
      // Focusable by script only: a citation moves the focus here, so a screen reader reads the figure.
      tabIndex={figure ? -1 : undefined}
      className={`${Element === 'td' ? cellClass : highlightable} ${className}`}
    >
      {children}
    </Element>
  );
}

/** A plain cell of a table (a name, a week, a number that is not one of the figures). */
export function Cell({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`${cellClass} ${className}`}>{children}</td>;
}

const linkClass = `${textLinkClass} underline decoration-border underline-offset-4`;

/** Where a figure comes from: an athlete, a group or a completed workout, opened in the app. */
export function SourceLink({ href, children }: { href: string; children: ReactNode }) {
  const [, area, id] = href.split('/').slice(1);
  if (area === 'users' && id)
    return (
      <Link to="/app/users/$userId" params={{ userId: id }} className={linkClass}>
        {children}
      </Link>
    );
  if (area === 'groups' && id)
    return (
      <Link to="/app/groups/$groupId" params={{ groupId: id }} className={linkClass}>
        {children}
      </Link>
    );
  if (area === 'completed' && id)
    return (
      <Link to="/app/completed/$logId" params={{ logId: id }} className={linkClass}>
        {children}
      </Link>
    );
  return (
    <a href={href} className={linkClass}>
      {children}
    </a>
  );
}

/** A section's table: the chart's numbers in text. Scrolls on screen; prints whole. */
export function ReportTable({
  caption,
  head,
  leftColumns = 1,
  children,
}: {
  caption: string;
  head: readonly string[];
  /** How many leading columns hold words (left-aligned); the rest hold numbers. */
  leftColumns?: number;
  children: ReactNode;
}) {
  return (
    <div
      // Focusable, so a keyboard can scroll it when it overflows.
      tabIndex={0}
      className="mt-3 max-h-[26rem] overflow-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring print:max-h-none print:overflow-visible"
    >
      <table className="w-full text-sm">
        <caption className="px-3 pt-2 pb-1 text-left text-xs font-semibold text-muted-foreground">
          {caption}
        </caption>
        <thead className="sticky top-0 bg-muted text-xs font-semibold text-muted-foreground print:static">
          <tr>
            {head.map((name, index) => (
              <th key={name} scope="col" className={`${th} ${index < leftColumns ? '!text-left' : ''}`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

/** The chart while recharts loads: a block of its height, so nothing moves when it arrives. */
export function ChartSlot({ children, className = 'h-56' }: { children: ReactNode; className?: string }) {
  return (
    <div className="mt-3 break-inside-avoid">
      <Suspense fallback={<Skeleton className={`${className} w-full`} />}>{children}</Suspense>
    </div>
  );
}

/** A small heading inside a section, above one of its tables. */
export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="mt-5 text-sm font-semibold text-foreground break-after-avoid">{children}</h3>;
}

/** A few headline figures of a section, side by side. */
export function FigureTiles({
  tiles,
}: {
  tiles: readonly { label: string; figureLabel: string; value: ReactNode }[];
}) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
      {tiles.map((tile) => (
        <FigureCell
          key={tile.figureLabel}
          as="div"
          label={tile.figureLabel}
          className="flex flex-col rounded-xl border border-border bg-muted/40 px-3 py-2"
        >
          <dt className="text-xs font-medium text-muted-foreground">{tile.label}</dt>
          <dd className="text-xl font-semibold text-foreground tabular-nums">{tile.value}</dd>
        </FigureCell>
      ))}
    </dl>
  );
}

export type ReportSectionName = 'compliance' | 'volume' | 'strength' | 'throwing' | 'readiness';

/** One section of the report: title, note, a CSV of its numbers, and its content or its empty state. */
export function ReportSectionCard({
  section,
  title,
  description,
  csv,
  fileRange,
  empty,
  children,
}: {
  section: ReportSectionName;
  title: string;
  description: string;
  csv: () => CsvTable;
  fileRange: { from: string; to: string };
  empty: { icon: Icon; title: string; text: string } | null;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="px-4 py-4 sm:px-5 print:break-inside-auto print:shadow-none">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold text-foreground">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        {empty ? null : (
          <CsvButton
            fileName={`${section}-${fileRange.from}-to-${fileRange.to}.csv`}
            csv={csv}
            sectionTitle={title}
          />
        )}
      </div>
      {empty ? (
        <EmptyState icon={empty.icon} title={empty.title} className="py-8">
          {empty.text}
        </EmptyState>
      ) : (
        children
      )}
    </Card>
  );
}

function CsvButton({
  fileName,
  csv,
  sectionTitle,
}: {
  fileName: string;
  csv: () => CsvTable;
  sectionTitle: string;
}) {
  const [state, setState] = useState<{ pending: boolean; failed: boolean }>({
    pending: false,
    failed: false,
  });
  return (
    <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end print:hidden">
      <Button
        variant="secondary"
        className="min-h-10"
        isPending={state.pending}
        aria-label={`Download CSV of ${sectionTitle}`}
        onClick={() => {
          setState({ pending: true, failed: false });
          downloadCsv(fileName, csv()).then(
            () => setState({ pending: false, failed: false }),
            () => setState({ pending: false, failed: true }),
          );
        }}
      >
        <DownloadIcon className="size-4" aria-hidden="true" />
        Download CSV
      </Button>
      {state.failed ? (
        <p role="alert" className="text-sm text-danger">
          The CSV could not be made. Try again.
        </p>
      ) : null}
    </div>
  );
}
