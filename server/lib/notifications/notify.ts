import type { NotificationKind } from '@contract/notifications';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { TenantScope } from '../tenancy';
import { queuePushes } from './push-after-commit';

export interface NewNotification {
  userIds: readonly string[];
  kind: NotificationKind;
  title: string;
  /** A function of the batch's count when `batchKey` folds several changes into one notification. */
  body: string | ((count: number) => string);
  /** The app path it opens. */
  link: string | null;
  /** Changes with the same key fold into one notification per user (a day's scheduled workouts). */
  batchKey?: string;
  /** How many changes this stands for (added to the batch's count); 1 unless said. */
  count?: number;
}

interface Recipient {
  userId: string;
  notification: NewNotification;
  count: number;
}

const bodyOf = (notification: NewNotification, count: number) =>
  typeof notification.body === 'string' ? notification.body : notification.body(count);

/**
 * Writes notifications in the caller's transaction, announces them on the live stream, and queues their push for
 * after the commit. Call it ONCE per transaction, after the change's own writes and before the change's own
 * `recordLiveEvents`: its rows are locked before the live-events lock is taken, never after (ADR 055).
 * `actorId`, the person who made the change, is never notified.
 */
export async function notify(
  tenant: TenantScope,
  batch: readonly NewNotification[],
  { actorId }: { actorId?: string } = {},
): Promise<void> {
  const recipients = new Map<string, Recipient>();
  for (const notification of batch) {
    for (const userId of new Set(notification.userIds)) {
      if (userId === actorId) continue;
      const count = notification.count ?? 1;
      // Without a key each notification stands alone; with one, a second in this batch folds into the first.
      const key = notification.batchKey ? `${userId} ${notification.batchKey}` : randomUUID();
      const earlier = recipients.get(key);
      recipients.set(key, { userId, notification, count: (earlier?.count ?? 0) + count });
    }
  }
  // One order for every writer, so two transactions that fold into the same rows never wait on each other in a ring.
  const ordered = [...recipients.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (ordered.length === 0) return;

  const written: { id: string; userId: string; updatedAt: Date }[] = [];
  for (const [, { userId, notification, count }] of ordered) {
    const now = new Date();
    const [row] = await tenant.upsert(
      notifications,
      {
        id: randomUUID(),
        userId,
        kind: notification.kind,
        title: notification.title,
        body: bodyOf(notification, count),
        link: notification.link,
        batchKey: notification.batchKey ?? null,
        count,
        createdAt: now,
        updatedAt: now,
      },
      {
        target: [notifications.userId, notifications.batchKey],
        set: {
          title: notification.title,
          link: notification.link,
          // Drizzle types `set` as plain values; a column expression is what a batch's count needs.
          count: sql`${notifications.count} + excluded.count` as unknown as number,
          readAt: null,
          updatedAt: now,
        },
      },
    );
    if (!row) continue;
    // Folded into an earlier batch: the words follow the new count ("3 workouts on Tuesday").
    if (row.count !== count) {
      await tenant.update(
        notifications,
        { body: bodyOf(notification, row.count) },
        eq(notifications.id, row.id),
      );
    }
    written.push({ id: row.id, userId, updatedAt: row.updatedAt });
  }

  await tenant.recordLiveEvents(
    written.map(({ id, userId }) => ({
      kind: 'notifications' as const,
      userIds: [userId],
      data: { notificationId: id },
    })),
  );
  queuePushes(tenant.organizationId, written);
}

/** "Tuesday, March 4" (en-US) or "Tuesday 4 March" (en-GB): a schedule date in the organisation's words. */
export function spokenDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
