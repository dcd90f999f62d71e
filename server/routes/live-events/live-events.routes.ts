import { z } from 'zod';
import { liveEventsPath, liveEventTiming, maxLiveStreamsPerUser } from '../../../contract/live-events';
import { signedInRoute } from '../../lib/routes';

/** Last-Event-ID as the stream wrote it: the cursor, a whole number. */
export const lastEventIdHeadersSchema = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'Last-Event-ID is the id of an event this stream sent: a whole number')
    .optional(),
});

export const streamLiveEvents = signedInRoute({
  operationId: 'streamLiveEvents',
  method: 'get',
  path: liveEventsPath,
  tags: ['Live events'],
  summary: 'Server-sent events: what changed in the organisation that the signed-in user may see, as ids',
  description:
    `A \`text/event-stream\`: \`retry:\`, then a \`ready\` event, then (with \`Last-Event-ID\`) every event missed ` +
    'after that id, then events as they happen. Each event has `id:` (send it back as `Last-Event-ID` when ' +
    'reconnecting), `event:` its kind and `data:` a LiveEvent (ids only; read the content anew). A `reset` event ' +
    'says the client was further behind than the retention and should read everything anew. A `: heartbeat` ' +
    `comment comes every ${liveEventTiming.heartbeatSeconds} s. A user has at most ${maxLiveStreamsPerUser} ` +
    'streams per server process; a newer one closes the oldest.',
  roles: ['admin', 'coach', 'athlete'],
  request: { headers: lastEventIdHeadersSchema },
  responses: {
    200: {
      description: 'The event stream (it stays open)',
      content: { 'text/event-stream': { schema: z.string() } },
    },
  },
});
