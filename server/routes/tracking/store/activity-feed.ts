import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Activity, ActivityListResponse, activityQuerySchema } from '../../../../contract/tracking';
import { activities, athleteGroupMembers } from '../../../db/schema';
import { TrackingArea } from './tracking-area';

type ActivityQuery = z.output<typeof activityQuerySchema>;

/** The organisation's activity feed, as far as the viewer may read it. */
export class ActivityFeed extends TrackingArea {
  /** The activity feed, newest first: staff all of it; athletes their own and their groups' athletes'. */
  async activities(query: ActivityQuery): Promise<ActivityListResponse> {
    const filters: (SQL | undefined)[] = [];
    if (this.isAthlete) filters.push(inArray(activities.athleteId, await this.groupMates()));
    if (query.kind) filters.push(eq(activities.kind, query.kind));
    const where = filters.length > 0 ? and(...filters) : undefined;
    const [rows, total] = await Promise.all([
      this.tenant.select(activities, {
        where,
        orderBy: [desc(activities.createdAt), desc(activities.id)],
        limit: query.size,
        offset: query.page * query.size,
      }),
      this.tenant.count(activities, where),
    ]);
    const people = await this.people(
      this.tenant,
      rows.flatMap((row) => [row.actorId, row.athleteId]),
    );
    return {
      data: rows.map((row): Activity => ({
        id: row.id,
        kind: row.kind,
        actor: row.actorId ? (people.get(row.actorId) ?? null) : null,
        athlete: row.athleteId ? (people.get(row.athleteId) ?? null) : null,
        title: row.title,
        workoutLogId: row.workoutLogId,
        createdAt: row.createdAt.toISOString(),
      })),
      page: query.page,
      size: query.size,
      total,
    };
  }

  /** The athlete and everyone in a group with it. */
  private async groupMates(): Promise<string[]> {
    const self = this.viewer.user.id;
    const groups = await this.tenant.selectFields(
      athleteGroupMembers,
      { groupId: athleteGroupMembers.groupId },
      { where: eq(athleteGroupMembers.userId, self) },
    );
    if (groups.length === 0) return [self];
    const mates = await this.tenant.selectFields(
      athleteGroupMembers,
      { userId: athleteGroupMembers.userId },
      {
        where: inArray(
          athleteGroupMembers.groupId,
          groups.map((group) => group.groupId),
        ),
      },
    );
    return [...new Set([self, ...mates.map((mate) => mate.userId)])];
  }
}
