import type { Report, ReportFigure } from '@contract/reports';
import { reportFigures } from '@contract/reports';

/**
 * The report's figures by what they say (label and source), so a table's cell can find its id: the same ids a
 * summary cites (`reportFigures` numbers them in one fixed order, on the server and here).
 */
export interface FigureLookup {
  figures: readonly ReportFigure[];
  /** The figure a cell shows, by the label `reportFigures` gives it and its link when it has one. */
  find: (label: string, href?: string) => ReportFigure | undefined;
}

const keyOf = (label: string, href: string | undefined) => `${label}\u0000${href ?? ''}`;

export function figureLookup(report: Report): FigureLookup {
  const figures = reportFigures(report);
  const byKey = new Map<string, ReportFigure>();
  // The first wins: two figures can only say the same of the same place when the data repeats itself.
  for (const figure of figures)
    if (!byKey.has(keyOf(figure.label, figure.href))) byKey.set(keyOf(figure.label, figure.href), figure);
  return { figures, find: (label, href) => byKey.get(keyOf(label, href)) };
}

/** The element id of a figure's cell: what a citation `[F12]` links to. */
export const figureElementId = (figureId: string) => `figure-${figureId}`;

export const athleteHref = (athleteId: string) => `/app/users/${athleteId}`;
export const groupHref = (groupId: string) => `/app/groups/${groupId}`;
