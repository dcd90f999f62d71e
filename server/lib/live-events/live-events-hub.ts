import {
  liveEventTiming,
  maxLiveStreamsPerUser,
  type LiveEvent,
  type LiveEventData,
  type LiveEventKind,
} from '../../../contract/live-events';
import type { Role } from '../../../contract/users';
import { and, asc, eq, gt, lt, max, min, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { liveEvents } from '../../db/schema';

/** Rows read at once from the outbox; a longer backlog is read in several pages. */
export const liveEventsPageSize = 500;

export type LiveEventRow = typeof liveEvents.$inferSelect;

/** Who reads a stream: what decides which rows it may see. */
export interface LiveEventReader {
  userId: string;
  organizationId: string;
  role: Role;
}

/** One open stream of this process. */
export interface LiveEventSubscriber {
  reader: LiveEventReader;
  /** The rows it may see, in id order, as the hub reads them. */
  deliver(rows: readonly LiveEventRow[]): void;
  /** The hub closes it (too many streams of its user, or the process stopping). */
  close(): void;
}

/** The result of asking for what a reconnecting client missed. */
export type LiveEventReplay = { reset: true } | { reset: false; rows: LiveEventRow[] };

export type ListenForLiveEvents = (
  onNotify: () => void,
  onReconnect: () => void,
) => Promise<() => Promise<void>>;

export interface LiveEventsHubOptions {
  /** LISTEN on the outbox's channel (DatabaseHandle.listen); without it the hub only polls. */
  listen?: ListenForLiveEvents;
  /** The fallback read when no NOTIFY came (a lost connection loses them silently). */
  pollMilliseconds?: number;
  pruneMilliseconds?: number;
  retentionHours?: number;
  maxStreamsPerUser?: number;
}

const isStaff = (role: Role) => role === 'admin' || role === 'coach';

/** Whether a reader may see a row: its organisation, and addressed to staff it belongs to or to it by name. */
export function mayRead(reader: LiveEventReader, row: LiveEventRow): boolean {
  return (
    row.organizationId === reader.organizationId &&
    ((row.toStaff && isStaff(reader.role)) || row.userIds.includes(reader.userId))
  );
}

/** A row as the wire's `data:` JSON. */
export function toLiveEvent(row: LiveEventRow): LiveEvent {
  return {
    id: String(row.id),
    kind: row.kind as LiveEventKind,
    data: row.data as LiveEventData,
    at: row.createdAt.toISOString(),
  };
}

/**
 * The process's side of live updates (ADR 054): one reader of the outbox for all the process's streams. A NOTIFY, a
 * reconnect of the listening connection or the slow poll starts a read of every row after the last one delivered;
 * signals that come during a read only ask for one more read, so a burst of commits costs a read or two, not one per
 * stream or per commit.
 */
export class LiveEventsHub {
  private lastDeliveredId = 0;
  private readonly subscribers = new Set<LiveEventSubscriber>();
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly timers: NodeJS.Timeout[] = [];
  private started: Promise<void> | undefined;
  private closed = false;
  private hasRead = false;

  constructor(
    private readonly db: Database,
    private readonly options: LiveEventsHubOptions = {},
  ) {}

  /** Starts from the newest row (older ones are replayed per stream), prunes, listens and polls. Idempotent. */
  start(): Promise<void> {
    this.started ??= this.begin();
    return this.started;
  }

  private async begin() {
    const [newest] = await this.db.select({ id: max(liveEvents.id) }).from(liveEvents);
    this.lastDeliveredId = newest?.id ?? 0;
    this.hasRead = true;
    await this.prune();
    if (this.closed) return;
    if (this.options.listen) {
      this.stopListening = await this.options.listen(
        () => void this.readNew(),
        () => void this.readNew(),
      );
    }
    if (this.closed) return;
    const poll = setInterval(() => void this.readNew(), this.options.pollMilliseconds ?? 5_000);
    const prune = setInterval(() => void this.prune(), this.options.pruneMilliseconds ?? 3_600_000);
    poll.unref();
    prune.unref();
    this.timers.push(poll, prune);
  }

  /** Asks for a read of new rows; one runs at a time, and one more follows if asked meanwhile. */
  readNew(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = this.readUntilCaughtUp().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async readUntilCaughtUp() {
    do {
      this.readAgain = false;
      let page: LiveEventRow[];
      do {
        try {
          page = await this.db
            .select()
            .from(liveEvents)
            .where(gt(liveEvents.id, this.lastDeliveredId))
            .orderBy(asc(liveEvents.id))
            .limit(liveEventsPageSize);
        } catch (error) {
          // The database is away; the next NOTIFY, reconnect or poll reads again from the same place.
          if (!this.closed) console.error('Reading live events failed:', error);
          return;
        }
        if (this.closed) return;
        const last = page.at(-1);
        if (last) {
          this.lastDeliveredId = last.id;
          this.fanOut(page);
        }
      } while (page.length === liveEventsPageSize);
    } while (this.readAgain);
  }

  private fanOut(rows: readonly LiveEventRow[]) {
    for (const subscriber of this.subscribers) {
      const visible = rows.filter((row) => mayRead(subscriber.reader, row));
      if (visible.length > 0) subscriber.deliver(visible);
    }
  }

  /** Adds a stream; past the per-user limit, that user's oldest stream is closed. Returns the removal. */
  subscribe(subscriber: LiveEventSubscriber): () => void {
    const limit = this.options.maxStreamsPerUser ?? maxLiveStreamsPerUser;
    const sameUser = [...this.subscribers].filter(
      (other) => other.reader.userId === subscriber.reader.userId,
    );
    for (const oldest of sameUser.slice(0, Math.max(0, sameUser.length - limit + 1))) {
      this.subscribers.delete(oldest);
      oldest.close();
    }
    this.subscribers.add(subscriber);
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** The newest row read: every later one reaches the subscribers, so a new stream starts its cursor here. */
  get position(): number {
    return this.lastDeliveredId;
  }

  /**
   * The position once the hub has read the outbox's newest row, else undefined: every row at or below it was
   * committed before now, so a read that starts now sees it (ADR 078).
   */
  get readPosition(): number | undefined {
    return this.hasRead ? this.lastDeliveredId : undefined;
  }

  /** Open streams of this process (for tests and the benchmark). */
  get streamCount(): number {
    return this.subscribers.size;
  }

  /**
   * The rows after `afterId` the reader may see, or `reset` when rows after it may have been pruned (it is older
   * than the oldest kept row) or it is newer than any row (a cursor from another database).
   */
  async replay(reader: LiveEventReader, afterId: number): Promise<LiveEventReplay> {
    const [bounds] = await this.db
      .select({ oldest: min(liveEvents.id), newest: max(liveEvents.id) })
      .from(liveEvents);
    const oldest = bounds?.oldest ?? null;
    const newest = bounds?.newest ?? null;
    if (oldest === null || newest === null)
      return afterId === 0 ? { reset: false, rows: [] } : { reset: true };
    if (afterId < oldest - 1 || afterId > newest) return { reset: true };
    const rows: LiveEventRow[] = [];
    let cursor = afterId;
    for (;;) {
      const page = await this.db
        .select()
        .from(liveEvents)
        .where(
          and(
            gt(liveEvents.id, cursor),
            eq(liveEvents.organizationId, reader.organizationId),
            or(
              isStaff(reader.role) ? eq(liveEvents.toStaff, true) : sql`false`,
              sql`${reader.userId}::uuid = any(${liveEvents.userIds})`,
            ),
          ),
        )
        .orderBy(asc(liveEvents.id))
        .limit(liveEventsPageSize);
      rows.push(...page);
      const last = page.at(-1);
      if (!last || page.length < liveEventsPageSize) return { reset: false, rows };
      cursor = last.id;
    }
  }

  /**
   * Deletes rows older than the retention, but never the newest row: the oldest kept id is how a reconnecting
   * client learns it is behind (see replay), so the table never empties once written.
   */
  async prune(now = new Date()): Promise<void> {
    const cutoff = new Date(
      now.getTime() - (this.options.retentionHours ?? liveEventTiming.retentionHours) * 3_600_000,
    );
    try {
      await this.db
        .delete(liveEvents)
        .where(
          and(
            lt(liveEvents.createdAt, cutoff),
            lt(liveEvents.id, sql`(select max(${liveEvents.id}) from ${liveEvents})`),
          ),
        );
    } catch (error) {
      if (!this.closed) console.error('Pruning live events failed:', error);
    }
  }

  /** Stops reading and closes every stream (shutdown, end of a test). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const subscriber of this.subscribers) subscriber.close();
    this.subscribers.clear();
    await this.started?.catch(() => undefined);
    await this.reading;
    await this.stopListening?.().catch(() => undefined);
  }
}
