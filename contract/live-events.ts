import { z } from 'zod';

/**
 * Live updates (issue 24, ADR 054): one server-sent-events stream per signed-in browser, `GET /api/events`, with the
 * bearer token in the Authorization header (the stream is read with fetch, so no token goes into a URL). Each event
 * says what changed by id, never its content; the web app reads the content anew with its own rights.
 *
 * On the wire: `id:` the cursor (send it back as `Last-Event-ID` to get what was missed), `event:` the kind,
 * `data:` a `LiveEvent` as JSON. A `: heartbeat` comment comes every `liveEventTiming.heartbeatSeconds`.
 */

export const liveEventsPath = '/api/events';

export const liveEventKinds = [
  /** Schedule entries of these athletes or groups were added, moved, changed or removed. */
  'schedule',
  /** A workout log (its sets, its start or finish, a correction) changed. */
  'workout-log',
  /** The pitches of a workout log changed. */
  'pitches',
  /** Comments on a completed workout changed. */
  'workout-comments',
  /** A person joined, was approved, changed or left. */
  'people',
  /** The recipient's notifications changed (one added, read, removed). */
  'notifications',
  /** The organisation's activity feed has something new. */
  'activity',
  /** A conversation changed: a message arrived, someone read, its members changed (issue 25). */
  'chat',
  /** Questionnaires, their assignments or answers changed (issue 26). */
  'questionnaires',
] as const;
export type LiveEventKind = (typeof liveEventKinds)[number];

/** Control events, not about data: `reset` says the client was behind the retention and should read anew. */
export const liveControlKinds = ['ready', 'reset'] as const;
export type LiveControlKind = (typeof liveControlKinds)[number];

export const liveEventDataSchema = z.object({
  athleteIds: z.array(z.uuid()).optional(),
  groupIds: z.array(z.uuid()).optional(),
  userId: z.uuid().optional(),
  logId: z.uuid().optional(),
  entryIds: z.array(z.uuid()).optional(),
  notificationId: z.uuid().optional(),
  conversationId: z.uuid().optional(),
  messageId: z.uuid().optional(),
  /** Calendar dates (YYYY-MM-DD) the change touches, when it is about days. */
  dates: z.array(z.string()).optional(),
});
export type LiveEventData = z.infer<typeof liveEventDataSchema>;

export const liveEventSchema = z.object({
  /** The cursor, as a decimal string (what `id:` carries). */
  id: z.string(),
  kind: z.enum([...liveEventKinds, ...liveControlKinds]),
  data: liveEventDataSchema,
  /** ISO 8601 instant of the commit that wrote it. */
  at: z.iso.datetime({ offset: true }),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const liveEventTiming = {
  /** A comment line this often keeps proxies from closing an idle stream and lets the client see a dead one. */
  heartbeatSeconds: 20,
  /** Events are kept this long for clients that reconnect; a client further behind gets `reset`. */
  retentionHours: 24,
  /** The client's EventSource-style `retry:` in milliseconds. */
  retryMs: 2000,
} as const;

/** A browser shares one stream between its tabs; more than this per user and the oldest stream is closed. */
export const maxLiveStreamsPerUser = 5;
