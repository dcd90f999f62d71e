import { and, asc, between, inArray, sql } from 'drizzle-orm';
import { complianceOf } from '../../../../contract/compliance';
import type { EntryStatus } from '../../../../contract/schedule';
import type { WeekComplianceResponse } from '../../../../contract/tracking';
import { athleteGroupMembers, athleteGroups, scheduleEntries } from '../../../db/schema';
import { weekOf } from '../../../lib/calendar-days';
import { TrackingArea } from './tracking-area';

type CountedEntries = { date: string; status: EntryStatus; count: number };

/** Staff's compliance figures (contract/compliance.ts counts them; ADR 042). */
export class Compliance extends TrackingArea {
  /** Staff's "This week": per group, its current members' entries of the organisation's week so far. */
  async weekCompliance(): Promise<WeekComplianceResponse> {
    const today = this.today();
    const from = weekOf(today, this.viewer.organization.weekStartsOn).from;
    const [groups, members] = await Promise.all([
      this.tenant.selectFields(
        athleteGroups,
        { id: athleteGroups.id, name: athleteGroups.name },
        { orderBy: [asc(athleteGroups.name)] },
      ),
      this.tenant.selectFields(athleteGroupMembers, {
        groupId: athleteGroupMembers.groupId,
        userId: athleteGroupMembers.userId,
      }),
    ]);
    const athleteIds = [...new Set(members.map((member) => member.userId))];
    // Counted per athlete, status and "before today": all compliance needs to tell missed from still open.
    const counts =
      athleteIds.length === 0
        ? []
        : await this.tenant.selectFields(
            scheduleEntries,
            {
              athleteId: scheduleEntries.athleteId,
              status: scheduleEntries.status,
              date: sql<string>`min(${scheduleEntries.date})`,
              count: sql<number>`count(*)::int`,
            },
            {
              where: and(
                inArray(scheduleEntries.athleteId, athleteIds),
                between(scheduleEntries.date, from, today),
              ),
              groupBy: [
                scheduleEntries.athleteId,
                scheduleEntries.status,
                sql`${scheduleEntries.date} < ${today}`,
              ],
            },
          );
    const byAthlete = new Map<string, CountedEntries[]>();
    for (const row of counts) {
      const rows = byAthlete.get(row.athleteId) ?? [];
      rows.push({ date: String(row.date), status: row.status, count: Number(row.count) });
      byAthlete.set(row.athleteId, rows);
    }
    return {
      from,
      to: today,
      groups: groups.map((group) => ({
        group,
        ...complianceOf(
          members
            .filter((member) => member.groupId === group.id)
            .flatMap((member) => byAthlete.get(member.userId) ?? []),
          today,
        ),
      })),
    };
  }
}
