import type { TenantScope } from '../tenancy';

/**
 * Announces a change of a workout log in its transaction (call it last): to staff and to the athlete. A finished
 * workout or a record set is also news in the activity feed.
 */
export async function recordWorkoutLogChange(
  scope: TenantScope,
  log: { id: string; athleteId: string },
  options: { kind?: 'workout-log' | 'pitches' | 'workout-comments'; alsoActivity?: boolean } = {},
): Promise<void> {
  const event = {
    toStaff: true,
    userIds: [log.athleteId],
    data: { logId: log.id, athleteIds: [log.athleteId] },
  };
  await scope.recordLiveEvents([
    { ...event, kind: options.kind ?? 'workout-log' },
    ...(options.alsoActivity ? [{ ...event, kind: 'activity' as const }] : []),
  ]);
}

/** Announces that a person joined, was approved or changed, in its transaction (call it last): to staff and them. */
export async function recordPersonChange(scope: TenantScope, userId: string): Promise<void> {
  await scope.recordLiveEvents([{ kind: 'people', toStaff: true, userIds: [userId], data: { userId } }]);
}
