import type { LiveEvent, LiveEventKind } from '@contract/live-events';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What each live event makes the app read again (ADR 056). The keys are the roots of the areas' query factories
 * (`scheduleQueries.all()`, `completedQueries`, `trackingQueries` …), written out here because `lib/` may not
 * import features. Only queries on screen refetch; the rest are marked stale and read when next shown.
 */
type KeysOf = (event: LiveEvent) => QueryKey[];

const logKeys = (logId: string | undefined): QueryKey[] =>
  logId === undefined
    ? [['tracking'], ['completed-workouts'], ['pitching']]
    : [
        ['tracking', 'log', logId],
        ['completed-workouts', 'log', logId],
        ['completed-workouts', 'list'],
      ];

export const invalidationsByKind: Record<LiveEventKind, KeysOf> = {
  // The calendars, one entry, Today (the dashboard's and the schedule's, same key) and the week's compliance.
  schedule: () => [['schedule'], ['programs'], ['compliance'], ['athlete-training']],
  // The tracking screen merges the server's new answer into the device's log (ADR 044): nothing typed is lost.
  'workout-log': ({ data }) => [
    ...logKeys(data.logId),
    // Keyed by entry, which the event does not carry: only the tracking screen on show reads it again.
    ['tracking', 'log-of-entry'],
    ['schedule'],
    ['compliance'],
    ['athlete-training'],
  ],
  pitches: ({ data }) =>
    data.logId === undefined ? [['pitching'], ['tracking']] : [['pitching', data.logId]],
  'workout-comments': ({ data }) =>
    data.logId === undefined ? [['completed-workouts']] : [['completed-workouts', 'comments', data.logId]],
  people: ({ data }) => [
    ['users', 'list'],
    ...(data.userId === undefined ? [['users']] : [['users', 'detail', data.userId]]),
    ['athletes'],
    ['groups'],
  ],
  notifications: () => [['notifications']],
  activity: () => [['activities']],
  // The conversation list (last message, unread) and the conversation the event is about.
  chat: ({ data }) => [
    ['chat', 'list'],
    ...(data.conversationId === undefined ? [['chat']] : [['chat', 'conversation', data.conversationId]]),
  ],
  // Questionnaires, what is due, the trends and the readiness card all sit under one root (issue 26).
  questionnaires: () => [['questionnaires']],
};

/** The tracking screen's pitches sit under the entry's key with the log's id last; the event has only the log. */
function isPitchesOfLog(queryKey: QueryKey, logId: string): boolean {
  return queryKey[0] === 'tracking' && queryKey.at(-2) === 'pitches' && queryKey.at(-1) === logId;
}

export async function applyLiveEvent(queryClient: QueryClient, event: LiveEvent): Promise<void> {
  // A stream opened without a cursor (its ready carries one) starts now; a reset is behind the retention. Either way
  // what changed since the screen's reads is unknown, so everything is read anew (ADR 074).
  if (event.kind === 'reset' || (event.kind === 'ready' && event.id !== ''))
    return queryClient.invalidateQueries();
  if (event.kind === 'ready') return;
  const keys = invalidationsByKind[event.kind](event);
  const { logId } = event.data;
  await Promise.all([
    ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    ...(event.kind === 'pitches' && logId !== undefined
      ? [queryClient.invalidateQueries({ predicate: (query) => isPitchesOfLog(query.queryKey, logId) })]
      : []),
  ]);
}
