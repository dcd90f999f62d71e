import { AsyncLocalStorage } from 'node:async_hooks';
import { TZDate } from '@date-fns/tz';
import { eq, inArray } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Database } from '../../db/client';
import { notificationPreferences, notifications, organizations } from '../../db/schema';
import type { PushSender } from '../push/push-sender';
import { TenantScope } from '../tenancy';

interface QueuedPush {
  organizationId: string;
  notificationId: string;
  userId: string;
  /** The write's own stamp: a row that no longer carries it was rolled back or changed since. */
  updatedAt: Date;
}

/** The notifications a request wrote, to push once its transactions are over. */
const queuedPushes = new AsyncLocalStorage<QueuedPush[]>();

/** Called by notify(); outside a request (the seed, a script) nothing is pushed. */
export function queuePushes(
  organizationId: string,
  written: readonly { id: string; userId: string; updatedAt: Date }[],
): void {
  const queue = queuedPushes.getStore();
  if (!queue) return;
  for (const { id, userId, updatedAt } of written)
    queue.push({ organizationId, notificationId: id, userId, updatedAt });
}

/** Minutes after midnight, in `timeZone`. */
export function minutesOfDayIn(timeZone: string, now: Date): number {
  const local = new TZDate(now.getTime(), timeZone);
  return local.getHours() * 60 + local.getMinutes();
}

/** Whether `minute` falls in quiet hours from `from` to `until` (minutes of the day; the span may cross midnight). */
export function isQuietAt(minute: number, from: number | null, until: number | null): boolean {
  if (from === null || until === null || from === until) return false;
  return from < until ? minute >= from && minute < until : minute >= from || minute < until;
}

/** Pushes sent after their answers and not yet done: shutdown and tests wait for them. */
const pushesInFlight = new Set<Promise<void>>();

/** Resolves once every push started so far is done (sent, refused or failed). */
export async function pushesSettled(): Promise<void> {
  while (pushesInFlight.size > 0) await Promise.allSettled([...pushesInFlight]);
}

/**
 * Pushes what the request's notify() calls wrote, after the handler is done and so its transactions committed;
 * after the answer, so Firebase never delays it (ADR 015).
 * Only rows still carrying the write's stamp go out (a rolled-back write leaves none); a kind the user muted, or a
 * time in the user's quiet hours (organisation time), stays in the app only. Push is best-effort: never throws.
 */
export function pushNotificationsAfterCommit({ db, push }: { db: Database; push: PushSender }) {
  return createMiddleware(async (_c, next) => {
    const queue: QueuedPush[] = [];
    await queuedPushes.run(queue, () => next());
    if (queue.length === 0 || !push.enabled) return;
    const sending = sendQueued(db, push, queue)
      .catch((error: unknown) => console.error('[notifications] Could not push notifications:', error))
      .finally(() => pushesInFlight.delete(sending));
    pushesInFlight.add(sending);
  });
}

async function sendQueued(db: Database, push: PushSender, queue: readonly QueuedPush[]): Promise<void> {
  const now = new Date();
  const rows = await db
    .select({
      id: notifications.id,
      organizationId: notifications.organizationId,
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      updatedAt: notifications.updatedAt,
      timeZone: organizations.timeZone,
      mutedKinds: notificationPreferences.mutedKinds,
      quietFrom: notificationPreferences.quietFrom,
      quietUntil: notificationPreferences.quietUntil,
    })
    .from(notifications)
    .innerJoin(organizations, eq(organizations.id, notifications.organizationId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, notifications.userId))
    .where(
      inArray(
        notifications.id,
        queue.map((queued) => queued.notificationId),
      ),
    );
  const stamps = new Map(queue.map((queued) => [queued.notificationId, queued.updatedAt.getTime()]));
  const due = rows.filter(
    (row) =>
      stamps.get(row.id) === row.updatedAt.getTime() &&
      !(row.mutedKinds ?? []).includes(row.kind) &&
      !isQuietAt(minutesOfDayIn(row.timeZone, now), row.quietFrom ?? null, row.quietUntil ?? null),
  );
  await Promise.allSettled(
    due.map((row) =>
      push.sendToUser(new TenantScope(db, row.organizationId), row.userId, {
        title: row.title,
        body: row.body,
        ...(row.link ? { link: row.link } : {}),
        notificationId: row.id,
        notificationAt: row.updatedAt.toISOString(),
      }),
    ),
  );
}
