import { and, desc, eq } from 'drizzle-orm';
import type { ReportFigure, ReportQuery, ReportSummary, SummarySentence } from '../../../contract/reports';
import { reportSummaries } from '../../db/schema/reports';
import type { TenantScope } from '../../lib/tenancy';

/** Summaries listed for one range and scope. */
export const summariesListed = 10;

type SummaryRow = typeof reportSummaries.$inferSelect;

export interface NewSummary {
  from: string;
  to: string;
  scope: ReportSummary['scope'];
  model: string;
  text: string;
  sentences: SummarySentence[];
  figures: ReportFigure[];
  requestedBy: string;
}

const summaryOf = (row: SummaryRow): ReportSummary => ({
  id: row.id,
  from: row.fromDate,
  to: row.toDate,
  scope: { kind: row.scopeKind, id: row.scopeId, name: row.scopeName },
  model: row.model,
  createdAt: row.createdAt.toISOString(),
  sentences: row.sentences,
  figures: row.figures,
});

/** The organisation's stored summaries: what a coach reads again, with the figures each was written from. */
export function reportSummariesOf(tenant: TenantScope) {
  return {
    async save(summary: NewSummary): Promise<ReportSummary> {
      const [row] = await tenant.insert(reportSummaries, {
        fromDate: summary.from,
        toDate: summary.to,
        scopeKind: summary.scope.kind,
        scopeId: summary.scope.id,
        scopeName: summary.scope.name,
        model: summary.model,
        text: summary.text,
        sentences: summary.sentences,
        figures: summary.figures,
        requestedBy: summary.requestedBy,
      });
      if (!row) throw new Error('The summary was not stored');
      return summaryOf(row);
    },

    /** Newest first; the scope is the organisation unless the query names a group or an athlete. */
    async list(query: ReportQuery): Promise<ReportSummary[]> {
      const scope = query.groupId
        ? { kind: 'group' as const, id: query.groupId }
        : query.athleteId
          ? { kind: 'athlete' as const, id: query.athleteId }
          : { kind: 'organization' as const, id: tenant.organizationId };
      const rows = await tenant.select(reportSummaries, {
        where: and(
          eq(reportSummaries.scopeKind, scope.kind),
          eq(reportSummaries.scopeId, scope.id),
          eq(reportSummaries.fromDate, query.from),
          eq(reportSummaries.toDate, query.to),
        ),
        orderBy: [desc(reportSummaries.createdAt), desc(reportSummaries.id)],
        limit: summariesListed,
      });
      return rows.map(summaryOf);
    },
  };
}
