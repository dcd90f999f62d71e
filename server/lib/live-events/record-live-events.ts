import type { LiveEventData, LiveEventKind } from '@contract/live-events';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { liveEvents } from '../../db/schema';

/** The NOTIFY channel every server process LISTENs on; the payload is empty (readers read the outbox). */
export const liveEventsChannel = 'connect_live_events';
/** Arbitrary, constant: writers of live events take it, so event ids commit in id order (ADR 054). */
const liveEventsLockKey = 7_300_413;

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
 * Writes live events in the caller's transaction and signals them: NOTIFY is delivered on commit, and nothing is
 * announced when the change rolls back. Call it LAST in the transaction: the lock it takes is held until commit,
 * so that ids become visible in order and a reader's "every id after N" misses nothing.
 */
export async function recordLiveEvents(tx: Database, events: readonly NewLiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${liveEventsLockKey})`);
  await tx.insert(liveEvents).values(
    events.map((event) => ({
      organizationId: event.organizationId,
      kind: event.kind,
      toStaff: event.toStaff ?? false,
      userIds: [...new Set(event.userIds ?? [])],
      data: event.data ?? {},
    })),
  );
  await tx.execute(sql`select pg_notify(${liveEventsChannel}, '')`);
}
