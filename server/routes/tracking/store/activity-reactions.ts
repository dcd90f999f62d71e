import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  type ActivityComment,
  type ActivityLikesResponse,
  type PutActivityCommentRequest,
} from '../../../../contract/activities';
import { activityComments, activityLikes, users } from '../../../db/schema';
import { forbidden, notFound } from '../../../lib/errors';
import { activityCommented, activityLiked } from '../../../lib/notifications/makers';
import { notify } from '../../../lib/notifications/notify';
import type { TenantScope } from '../../../lib/tenancy';
import { ActivityFeed, type ActivityRow } from './activity-feed';
import { conflict, lower } from './tracking-area';

type CommentRow = typeof activityComments.$inferSelect;
type Author = ActivityComment['author'];

/** An activity's thread is read whole, oldest first, up to this many (ADR 057). */
export const activityThreadCap = 200;

const formerUser: Author = {
  id: '00000000-0000-0000-0000-000000000000',
  firstName: 'Former',
  lastName: 'user',
  role: 'coach',
};
const commentNotFound = () =>
  notFound('There is no such comment on this activity (it may have been removed).');

/**
 * Likes and comments on the activity feed (issue 24, ADR 057), on activities the viewer may see (else 404): staff
 * like and comment on any; the athlete it is about answers. Each change notifies (notify first), then tells the
 * activity's audience's open feeds (recordLiveEvents last, ADR 054).
 */
export class ActivityReactions extends ActivityFeed {
  /** Likes the activity (staff only: the route refuses athletes); liking again changes nothing. */
  async like(activityId: string): Promise<ActivityLikesResponse['data']> {
    return await this.tenant.transaction(async (scope) => {
      const activity = await this.visible(scope, activityId);
      const [added] = await scope.insertMissing(activityLikes, {
        activityId: activity.id,
        userId: this.viewer.user.id,
      });
      if (added) {
        await notify(scope, activityLiked(activity, this.viewer.user), { actorId: this.viewer.user.id });
        await this.recordActivityChange(scope, activity);
      }
      return await this.likesOf(scope, activity.id);
    });
  }

  /** Takes the viewer's like back; without one, nothing changes. Nobody is told but open feeds. */
  async unlike(activityId: string): Promise<ActivityLikesResponse['data']> {
    return await this.tenant.transaction(async (scope) => {
      const activity = await this.visible(scope, activityId);
      const removed = await scope.deleteCount(
        activityLikes,
        and(eq(activityLikes.activityId, activity.id), eq(activityLikes.userId, this.viewer.user.id))!,
      );
      if (removed > 0) await this.recordActivityChange(scope, activity);
      return await this.likesOf(scope, activity.id);
    });
  }

  /** The activity's comments, oldest first, as a conversation reads: all of them up to the cap. */
  async comments(activityId: string): Promise<ActivityComment[]> {
    const activity = await this.visible(this.tenant, activityId);
    const rows = await this.tenant.select(activityComments, {
      where: eq(activityComments.activityId, activity.id),
      orderBy: [asc(activityComments.createdAt), asc(activityComments.id)],
      limit: activityThreadCap,
    });
    return await this.commentsViewed(rows);
  }

  /**
   * Writes the comment with this id: 201 the first time; the same text again changes nothing (200); its author
   * may change the text (200). An id used by someone else, on another activity or in another organisation, is
   * refused as taken (409), without saying whose.
   */
  async putComment(
    activityId: string,
    commentId: string,
    request: PutActivityCommentRequest,
  ): Promise<{ comment: ActivityComment; created: boolean }> {
    const me = this.viewer.user;
    const activity = await this.visible(this.tenant, activityId);
    if (this.isAthlete && activity.athleteId !== me.id) {
      throw forbidden('Athletes answer comments on their own activity only.');
    }
    const id = lower(commentId);
    const text = request.text.trim();
    const inserted = await this.tenant.transaction(async (scope) => {
      const [row] = await scope.insertMissing(activityComments, {
        id,
        activityId: activity.id,
        authorId: me.id,
        text,
      });
      if (row) {
        await notify(scope, await activityCommented(scope, activity, row, me), { actorId: me.id });
        await this.recordActivityChange(scope, activity);
      }
      return row;
    });
    if (inserted) return { comment: (await this.commentsViewed([inserted]))[0]!, created: true };

    const existing = await this.tenant.first(activityComments, eq(activityComments.id, id));
    if (!existing || existing.activityId !== activity.id || existing.authorId !== me.id) {
      throw conflict('This comment id is already taken: make a new one.');
    }
    if (existing.text === text)
      return { comment: (await this.commentsViewed([existing]))[0]!, created: false };
    const [edited] = await this.tenant.transaction(async (scope) => {
      const changed = await scope.update(
        activityComments,
        { text, editedAt: new Date() },
        eq(activityComments.id, id),
      );
      await this.recordActivityChange(scope, activity);
      return changed;
    });
    return { comment: (await this.commentsViewed([edited!]))[0]!, created: false };
  }

  /** Removes a comment: its author's or, for moderation, any by an admin. */
  async deleteComment(activityId: string, commentId: string): Promise<void> {
    const activity = await this.visible(this.tenant, activityId);
    const id = lower(commentId);
    await this.tenant.transaction(async (scope) => {
      const existing = await scope.first(
        activityComments,
        and(eq(activityComments.id, id), eq(activityComments.activityId, activity.id))!,
      );
      if (!existing) throw commentNotFound();
      if (existing.authorId !== this.viewer.user.id && this.viewer.user.role !== 'admin') {
        throw forbidden('Only its author or an admin removes a comment.');
      }
      const removed = await scope.deleteCount(activityComments, eq(activityComments.id, id));
      if (removed === 0) throw commentNotFound();
      await this.recordActivityChange(scope, activity);
    });
  }

  private async likesOf(scope: TenantScope, activityId: string): Promise<ActivityLikesResponse['data']> {
    const [row] = await scope.selectFields(
      activityLikes,
      {
        likes: count(),
        likedByMe: sql<boolean>`coalesce(bool_or(${activityLikes.userId} = ${this.viewer.user.id}), false)`,
      },
      { where: eq(activityLikes.activityId, activityId) },
    );
    return { likes: row?.likes ?? 0, likedByMe: row?.likedByMe ?? false };
  }

  /** Tells open feeds and dashboards of everyone who sees the activity (staff, the athlete, its group mates). */
  private async recordActivityChange(scope: TenantScope, activity: ActivityRow): Promise<void> {
    await scope.recordLiveEvents([
      {
        kind: 'activity',
        toStaff: true,
        userIds: await this.audience(scope, activity),
        data: { athleteIds: activity.athleteId ? [activity.athleteId] : [] },
      },
    ]);
  }

  private async commentsViewed(rows: readonly CommentRow[]): Promise<ActivityComment[]> {
    const authorIds = [...new Set(rows.flatMap((row) => (row.authorId ? [row.authorId] : [])))];
    const people =
      authorIds.length === 0
        ? []
        : await this.tenant.selectFields(
            users,
            { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
            { where: inArray(users.id, authorIds) },
          );
    const byId = new Map(people.map((person) => [person.id, person]));
    return rows.map((row) => ({
      id: row.id,
      activityId: row.activityId,
      author: (row.authorId ? byId.get(row.authorId) : undefined) ?? formerUser,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
