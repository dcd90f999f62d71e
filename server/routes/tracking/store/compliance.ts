import { and, asc, between, inArray, sql } from 'drizzle-orm';
import type { WeekComplianceResponse } from '../../../../contract/tracking';
import { athleteGroupMembers, athleteGroups, scheduleEntries } from '../../../db/schema';
import { weekOf } from '../../../lib/calendar-days';
import { TrackingArea } from './tracking-area';

/** Completed ÷ scheduled, to three places; null when nothing was due. */
export const complianceRate = (completed: number, scheduled: number) =>
  scheduled === 0 ? null : Math.round((completed / scheduled) * 1000) / 1000;

/** Staff's compliance figures. */
export class Compliance extends TrackingArea {
  /** Staff's "This week": per group, its members' entries of the organisation's week so far. */
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
    const counts =
      athleteIds.length === 0
        ? []
        : await this.tenant.selectFields(
            scheduleEntries,
            {
              athleteId: scheduleEntries.athleteId,
              scheduled: sql<number>`count(*)::int`,
              completed: sql<number>`(count(*) filter (where ${scheduleEntries.status} = 'completed'))::int`,
            },
            {
              where: and(
                inArray(scheduleEntries.athleteId, athleteIds),
                between(scheduleEntries.date, from, today),
              ),
              groupBy: [scheduleEntries.athleteId],
            },
          );
    const byAthlete = new Map(counts.map((row) => [row.athleteId, row]));
    return {
      from,
      to: today,
      groups: groups.map((group) => {
        let scheduled = 0;
        let completed = 0;
        for (const member of members) {
          if (member.groupId !== group.id) continue;
          scheduled += Number(byAthlete.get(member.userId)?.scheduled ?? 0);
          completed += Number(byAthlete.get(member.userId)?.completed ?? 0);
        }
        return { group, completed, scheduled, rate: complianceRate(completed, scheduled) };
      }),
    };
  }
}
