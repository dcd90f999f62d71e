import type { RouteHandler } from '@hono/zod-openapi';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { liveEventTiming } from '../../../contract/live-events';
import type { SignedInAppEnv } from '../../lib/context';
import {
  toLiveEvent,
  type LiveEventReader,
  type LiveEventRow,
  type LiveEventsHub,
} from '../../lib/live-events/live-events-hub';
import type * as routes from './live-events.routes';

type Handler = RouteHandler<typeof routes.streamLiveEvents, SignedInAppEnv>;

/** A row goes to many streams of the process: it is turned into JSON once. */
const serialized = new WeakMap<LiveEventRow, string>();
function wireData(row: LiveEventRow): string {
  let data = serialized.get(row);
  if (data === undefined) {
    data = JSON.stringify(toLiveEvent(row));
    serialized.set(row, data);
  }
  return data;
}

const writeRow = (stream: SSEStreamingApi, row: LiveEventRow) =>
  stream.writeSSE({ id: String(row.id), event: row.kind, data: wireData(row) });

const control = (kind: 'ready' | 'reset', { retry, id }: { retry?: number; id?: number } = {}) => ({
  event: kind,
  data: JSON.stringify({
    id: id === undefined ? '' : String(id),
    kind,
    data: {},
    at: new Date().toISOString(),
  }),
  ...(retry === undefined ? {} : { retry }),
  ...(id === undefined ? {} : { id: String(id) }),
});

/**
 * One stream: it subscribes before replaying, so nothing committed meanwhile falls between the replay and the live
 * rows; rows at or below what it already sent are skipped, so nothing is sent twice.
 */
export const streamLiveEvents =
  (hub: LiveEventsHub, heartbeatMilliseconds = liveEventTiming.heartbeatSeconds * 1000): Handler =>
  (c) => {
    const { user, organization } = c.var.viewer;
    const reader: LiveEventReader = { userId: user.id, organizationId: organization.id, role: user.role };
    const lastEventId = c.req.valid('header')['last-event-id'];
    return streamSSE(c, async (stream) => {
      await hub.start();
      let sentThrough = 0;
      let replaying = true;
      const heldDuringReplay: LiveEventRow[] = [];
      // Writes are chained so events leave in order, whatever calls deliver meanwhile.
      let writes = Promise.resolve();
      const send = (rows: readonly LiveEventRow[]) => {
        const fresh = rows.filter((row) => row.id > sentThrough);
        const last = fresh.at(-1);
        if (!last) return;
        sentThrough = last.id;
        writes = writes.then(async () => {
          for (const row of fresh) await writeRow(stream, row);
        });
      };
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      const unsubscribe = hub.subscribe({
        reader,
        deliver: (rows) => (replaying ? heldDuringReplay.push(...rows) : send(rows)),
        close: finish,
      });
      // Every row after this one reaches the subscription: where a new (or reset) stream's cursor starts.
      const subscribedAt = hub.position;
      stream.onAbort(finish);
      const heartbeat = setInterval(() => {
        writes = writes.then(() => stream.write(': heartbeat\n\n').then(() => undefined));
      }, heartbeatMilliseconds);
      try {
        if (lastEventId === undefined) {
          // A new stream learns where it starts, so a reconnect after a drop asks for what it missed.
          sentThrough = subscribedAt;
          await stream.writeSSE(control('ready', { retry: liveEventTiming.retryMs, id: subscribedAt }));
        } else {
          await stream.writeSSE(control('ready', { retry: liveEventTiming.retryMs }));
          const replay = await hub.replay(reader, Number(lastEventId));
          if (replay.reset) {
            // Behind the retention: the client reads everything anew, and its cursor moves to here.
            sentThrough = subscribedAt;
            await stream.writeSSE(control('reset', { id: subscribedAt }));
          } else {
            sentThrough = Number(lastEventId);
            send(replay.rows);
          }
        }
        replaying = false;
        send(heldDuringReplay);
        await finished;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        await writes.catch(() => undefined);
      }
    });
  };
