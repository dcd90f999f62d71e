import type { EntryStatus } from './schedule';
import type { ComplianceCounts } from './tracking';

/** How a scheduled entry dated up to today stands for compliance (product.md; ADR 042). */
export type ComplianceStanding = 'completed' | 'missed' | 'skipped' | 'openToday';

/**
 * Completed counts at once, today's too; skipped is apart; an entry not done whose day has passed is missed
 * (one begun and never finished included); today's not done yet is still open. A later day's is not counted (null).
 */
export function complianceStanding(
  entry: { date: string; status: EntryStatus },
  today: string,
): ComplianceStanding | null {
  if (entry.date > today) return null;
  if (entry.status === 'completed') return 'completed';
  if (entry.status === 'skipped') return 'skipped';
  return entry.date < today ? 'missed' : 'openToday';
}

/**
 * The compliance of these entries on `today` (the organisation's calendar date): completed ÷ due, where due is
 * completed + missed. `count` lets a caller pass entries already counted by date and status.
 */
export function complianceOf(
  entries: Iterable<{ date: string; status: EntryStatus; count?: number }>,
  today: string,
): ComplianceCounts {
  const counts = { completed: 0, missed: 0, skipped: 0, openToday: 0 };
  for (const entry of entries) {
    const standing = complianceStanding(entry, today);
    if (standing) counts[standing] += entry.count ?? 1;
  }
  const due = counts.completed + counts.missed;
  return { ...counts, due, rate: due === 0 ? null : Math.round((counts.completed / due) * 1000) / 1000 };
}
