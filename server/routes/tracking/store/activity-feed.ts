import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Activity, ActivityListResponse, activityQuerySchema } from '../../../../contract/tracking';
import { activities, activityComments, activityLikes, athleteGroupMembers } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import type { TenantScope } from '../../../lib/tenancy';
import { lower, TrackingArea } from './tracking-area';

type ActivityQuery = z.output<typeof activityQuerySchema>;
export type ActivityRow = typeof activities.$inferSelect;

export const activityNotFound = () =>
  notFound('There is no such activity in what you may see (it may also have been removed).');

/** The organisation's activity feed, as far as the viewer may read it. */
export class ActivityFeed extends TrackingArea {
  /**
   * The activity feed, newest first: staff all of it; athletes their own and their groups' athletes'. The athlete
   * and group filters narrow what the viewer may see, never widen it: someone out of sight is an empty page.
   */
  async activities(query: ActivityQuery): Promise<ActivityListResponse> {
    const filters: (SQL | undefined)[] = [];
    if (this.isAthlete) filters.push(inArray(activities.athleteId, await this.groupMates()));
    if (query.kind) filters.push(eq(activities.kind, query.kind));
    if (query.athleteId) filters.push(eq(activities.athleteId, lower(query.athleteId)));
    if (query.groupId) {
      const members = await this.tenant.selectFields(
        athleteGroupMembers,
        { userId: athleteGroupMembers.userId },
        { where: eq(athleteGroupMembers.groupId, lower(query.groupId)) },
      );
      filters.push(
        members.length === 0
          ? sql`false`
          : inArray(
              activities.athleteId,
              members.map((member) => member.userId),
            ),
      );
    }
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
    return { data: await this.viewed(this.tenant, rows), page: query.page, size: query.size, total };
  }

  /** One activity as the feed shows it; one the viewer may not see is not found. */
  async activity(activityId: string): Promise<Activity> {
    const row = await this.visible(this.tenant, activityId);
    const [viewed] = await this.viewed(this.tenant, [row]);
    return viewed!;
  }

  /** An activity of the organisation the viewer may see (staff any; athletes their own and group mates'), else 404. */
  async visible(scope: TenantScope, activityId: string): Promise<ActivityRow> {
    const row = await scope.first(activities, eq(activities.id, lower(activityId)));
    if (!row) throw activityNotFound();
    if (this.isAthlete && !(row.athleteId && (await this.groupMates()).includes(row.athleteId))) {
      throw activityNotFound();
    }
    return row;
  }

  /** Who sees an activity besides staff: the athlete it is about and everyone in a group with that athlete. */
  async audience(scope: TenantScope, row: ActivityRow): Promise<string[]> {
    return row.athleteId ? await groupMatesOf(scope, row.athleteId) : [];
  }

  /** Rows as the feed shows them, with their likes and comments counted in one query each for the whole page. */
  async viewed(scope: TenantScope, rows: readonly ActivityRow[]): Promise<Activity[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const [people, likes, comments] = await Promise.all([
      this.people(
        scope,
        rows.flatMap((row) => [row.actorId, row.athleteId]),
      ),
      scope.selectFields(
        activityLikes,
        {
          activityId: activityLikes.activityId,
          likes: count(),
          likedByMe: sql<boolean>`bool_or(${activityLikes.userId} = ${this.viewer.user.id})`,
        },
        { where: inArray(activityLikes.activityId, ids), groupBy: [activityLikes.activityId] },
      ),
      scope.selectFields(
        activityComments,
        { activityId: activityComments.activityId, comments: count() },
        { where: inArray(activityComments.activityId, ids), groupBy: [activityComments.activityId] },
      ),
    ]);
    const likesOf = new Map(likes.map((row) => [row.activityId, row]));
    const commentsOf = new Map(comments.map((row) => [row.activityId, row.comments]));
    return rows.map((row): Activity => ({
      id: row.id,
      kind: row.kind,
      actor: row.actorId ? (people.get(row.actorId) ?? null) : null,
      athlete: row.athleteId ? (people.get(row.athleteId) ?? null) : null,
      title: row.title,
      workoutLogId: row.workoutLogId,
      createdAt: row.createdAt.toISOString(),
      likes: likesOf.get(row.id)?.likes ?? 0,
      likedByMe: likesOf.get(row.id)?.likedByMe ?? false,
      comments: commentsOf.get(row.id) ?? 0,
    }));
  }

  /** The athlete and everyone in a group with it. */
  private async groupMates(): Promise<string[]> {
    return await groupMatesOf(this.tenant, this.viewer.user.id);
  }
}

/** A person and everyone in a group with it. */
async function groupMatesOf(scope: TenantScope, userId: string): Promise<string[]> {
  const groups = await scope.selectFields(
    athleteGroupMembers,
    { groupId: athleteGroupMembers.groupId },
    { where: eq(athleteGroupMembers.userId, userId) },
  );
  if (groups.length === 0) return [userId];
  const mates = await scope.selectFields(
    athleteGroupMembers,
    { userId: athleteGroupMembers.userId },
    {
      where: inArray(
        athleteGroupMembers.groupId,
        groups.map((group) => group.groupId),
      ),
    },
  );
  return [...new Set([userId, ...mates.map((mate) => mate.userId)])];
}
