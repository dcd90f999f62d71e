import type {
  NotificationItem,
  NotificationKind,
  NotificationListResponse,
  NotificationPreferences,
} from '../../../contract/notifications';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { SignedInAppEnv } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { TenantScope } from '../../lib/tenancy';

type NotificationRow = typeof notifications.$inferSelect;

const notFoundMessage = 'No such notification.';

export function toNotificationItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    status: row.status,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.updatedAt.toISOString(),
  };
}

/** The signed-in user's own notifications and push preferences: every query is limited to them. */
export function notificationsOf(c: {
  var: Pick<SignedInAppEnv['Variables'], 'tenant' | 'viewer' | 'notificationPreferences'>;
}) {
  const tenant: TenantScope = c.var.tenant;
  const userId = c.var.viewer.user.id;
  const mine = (filter?: SQL): SQL =>
    filter ? (and(eq(notifications.userId, userId), filter) as SQL) : eq(notifications.userId, userId);

  async function unread(): Promise<number> {
    return await tenant.count(notifications, mine(isNull(notifications.readAt)));
  }

  return {
    async list(page: number, size: number): Promise<NotificationListResponse> {
      const [rows, [totals]] = await Promise.all([
        tenant.select(notifications, {
          where: mine(),
          orderBy: [desc(notifications.updatedAt), desc(notifications.id)],
          limit: size,
          offset: page * size,
        }),
        tenant.selectFields(
          notifications,
          { total: count(), unread: count(notifications.readAt) },
          { where: mine() },
        ),
      ]);
      const total = totals?.total ?? 0;
      return {
        data: rows.map(toNotificationItem),
        page,
        size,
        total,
        unread: total - (totals?.unread ?? 0),
      };
    },

    async markRead(id: string, read: boolean): Promise<NotificationItem> {
      const [row] = await tenant.update(
        notifications,
        { readAt: read ? new Date() : null },
        mine(eq(notifications.id, id)),
      );
      if (!row) throw notFound(notFoundMessage);
      await tenant.recordLiveEvents([
        { kind: 'notifications', userIds: [userId], data: { notificationId: id } },
      ]);
      return toNotificationItem(row);
    },

    async readAll(): Promise<{ unread: number }> {
      const changed = await tenant.update(
        notifications,
        { readAt: new Date() },
        mine(isNull(notifications.readAt)),
      );
      if (changed.length > 0) await tenant.recordLiveEvents([{ kind: 'notifications', userIds: [userId] }]);
      return { unread: 0 };
    },

    async remove(id: string): Promise<{ unread: number }> {
      const removed = await tenant.deleteCount(notifications, mine(eq(notifications.id, id)));
      if (removed === 0) throw notFound(notFoundMessage);
      await tenant.recordLiveEvents([
        { kind: 'notifications', userIds: [userId], data: { notificationId: id } },
      ]);
      return { unread: await unread() };
    },

    async preferences(): Promise<NotificationPreferences> {
      return await c.var.notificationPreferences.of(userId);
    },

    async savePreferences(preferences: NotificationPreferences): Promise<NotificationPreferences> {
      return await c.var.notificationPreferences.save(userId, preferences);
    },
  };
}
