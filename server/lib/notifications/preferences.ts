import type { NotificationKind, NotificationPreferences } from '@contract/notifications';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationPreferences } from '../../db/schema';

const minutesToTime = (minutes: number | null): string | null =>
  minutes === null
    ? null
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const timeToMinutes = (time: string | null): number | null => {
  if (time === null) return null;
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * A user's push preferences, keyed by user id alone (the table has no organisation): callers pass the signed-in
 * user's id from the session, never one from the request.
 */
export class NotificationPreferencesStore {
  constructor(private readonly db: Database) {}

  async of(userId: string): Promise<NotificationPreferences> {
    const [row] = await this.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .limit(1);
    return {
      mutedKinds: (row?.mutedKinds ?? []) as NotificationKind[],
      quietFrom: minutesToTime(row?.quietFrom ?? null),
      quietUntil: minutesToTime(row?.quietUntil ?? null),
    };
  }

  async save(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
    const values = {
      mutedKinds: [...new Set(preferences.mutedKinds)],
      quietFrom: timeToMinutes(preferences.quietFrom),
      quietUntil: timeToMinutes(preferences.quietUntil),
      updatedAt: new Date(),
    };
    await this.db
      .insert(notificationPreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
    return await this.of(userId);
  }
}
