import type { LiveEventData, LiveEventKind } from '@contract/live-events';
import type { Database } from '../../db/client';
import { liveEvents } from '../../db/schema';

/**
 * The NOTIFY channel every server process LISTENs on; the payload is empty (readers read the outbox). The outbox's
 * insert trigger (migration 0024) names it too.
 */
export const liveEventsChannel = 'connect_live_events';

export interface NewLiveEvent {
  organizationId: string;
  kind: LiveEventKind;
  /** Delivered to every admin and coach of the organisation. */
  toStaff?: boolean;
  /** Delivered to these users as well. */
  userIds?: readonly string[];
  data?: LiveEventData;
}

/**
 * Writes live events in the caller's transaction. The insert's triggers (migration 0024, ADR 086) take the writers'
 * lock before any id is drawn and NOTIFY the listeners, which is delivered on commit and not at all when the change
 * rolls back. Call it LAST in the transaction: the lock is held until commit, so that ids become visible in order and
 * a reader's "every id after N" misses nothing; every statement after it lengthens every writer's wait.
 */
export async function recordLiveEvents(tx: Database, events: readonly NewLiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(liveEvents).values(
    events.map((event) => ({
      organizationId: event.organizationId,
      kind: event.kind,
      toStaff: event.toStaff ?? false,
      userIds: [...new Set(event.userIds ?? [])],
      data: event.data ?? {},
    })),
  );
}
