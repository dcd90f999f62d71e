import type { LiveEvent } from '@contract/live-events';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { applyLiveEvent } from './live-event-invalidations';

const logId = '0196a000-0000-7000-8000-0000000000b1';
const otherLogId = '0196a000-0000-7000-8000-0000000000b2';
const entryId = '0196a000-0000-7000-8000-0000000000e1';
const userId = '0196a000-0000-7000-8000-0000000000c1';

const event = (kind: LiveEvent['kind'], data: LiveEvent['data'] = {}): LiveEvent => ({
  id: '1',
  kind,
  data,
  at: '2026-11-27T01:00:00.000Z',
});

/** A query as a screen has it: `shown` ones have an observer (they are on screen), the others only sit in the cache. */
function createScreen() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const reads = new Map<string, number>();
  const unsubscribes: (() => void)[] = [];
  const query = async (queryKey: readonly unknown[], shown = true) => {
    const name = JSON.stringify(queryKey);
    const queryFn = () => {
      reads.set(name, (reads.get(name) ?? 0) + 1);
      return Promise.resolve(name);
    };
    await queryClient.fetchQuery({ queryKey, queryFn });
    if (shown) {
      const observer = new QueryObserver(queryClient, { queryKey, queryFn, staleTime: Infinity });
      unsubscribes.push(observer.subscribe(() => undefined));
    }
  };
  const readsOf = (queryKey: readonly unknown[]) => reads.get(JSON.stringify(queryKey)) ?? 0;
  const isStale = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey)?.isInvalidated;
  return { queryClient, query, readsOf, isStale, close: () => unsubscribes.forEach((stop) => stop()) };
}

describe('what a live event reads again', () => {
  it('refetches the schedule and Today on screen when the schedule changes', async () => {
    const screen = createScreen();
    await screen.query(['schedule', 'range', { from: '2026-11-23', to: '2026-11-29' }]);
    await screen.query(['schedule', 'today']);
    await screen.query(['users', 'list', {}]);

    await applyLiveEvent(screen.queryClient, event('schedule', { dates: ['2026-11-27'] }));

    expect(screen.readsOf(['schedule', 'range', { from: '2026-11-23', to: '2026-11-29' }])).toBe(2);
    expect(screen.readsOf(['schedule', 'today'])).toBe(2);
    expect(screen.readsOf(['users', 'list', {}])).toBe(1);
    screen.close();
  });

  it('marks a query not on screen stale without reading it now', async () => {
    const screen = createScreen();
    await screen.query(['activities', 'all', 5], false);
    await applyLiveEvent(screen.queryClient, event('activity'));
    expect(screen.readsOf(['activities', 'all', 5])).toBe(1);
    expect(screen.isStale(['activities', 'all', 5])).toBe(true);
    screen.close();
  });

  it("reads that log's tracking and completed copies again on a workout-log event, not another log's", async () => {
    const screen = createScreen();
    await screen.query(['tracking', 'log-of-entry', entryId]);
    await screen.query(['completed-workouts', 'log', logId]);
    await screen.query(['completed-workouts', 'log', otherLogId]);

    await applyLiveEvent(screen.queryClient, event('workout-log', { logId }));

    expect(screen.readsOf(['tracking', 'log-of-entry', entryId])).toBe(2);
    expect(screen.readsOf(['completed-workouts', 'log', logId])).toBe(2);
    expect(screen.readsOf(['completed-workouts', 'log', otherLogId])).toBe(1);
    screen.close();
  });

  it("reads the log's pitches again, on the tracking screen and on the completed workout", async () => {
    const screen = createScreen();
    await screen.query(['tracking', 'log-of-entry', entryId, 'pitches', logId]);
    await screen.query(['pitching', logId, 'pitches']);
    await screen.query(['pitching', otherLogId, 'pitches']);

    await applyLiveEvent(screen.queryClient, event('pitches', { logId }));

    expect(screen.readsOf(['tracking', 'log-of-entry', entryId, 'pitches', logId])).toBe(2);
    expect(screen.readsOf(['pitching', logId, 'pitches'])).toBe(2);
    expect(screen.readsOf(['pitching', otherLogId, 'pitches'])).toBe(1);
    screen.close();
  });

  it("reads a workout's comments, the people lists and the person, and the notifications", async () => {
    const screen = createScreen();
    await screen.query(['completed-workouts', 'comments', logId]);
    await screen.query(['users', 'list', {}]);
    await screen.query(['users', 'detail', userId]);
    await screen.query(['notifications', 'list', userId]);

    await applyLiveEvent(screen.queryClient, event('workout-comments', { logId }));
    await applyLiveEvent(screen.queryClient, event('people', { userId }));
    await applyLiveEvent(screen.queryClient, event('notifications', {}));

    expect(screen.readsOf(['completed-workouts', 'comments', logId])).toBe(2);
    expect(screen.readsOf(['users', 'list', {}])).toBe(2);
    expect(screen.readsOf(['users', 'detail', userId])).toBe(2);
    expect(screen.readsOf(['notifications', 'list', userId])).toBe(2);
    screen.close();
  });

  it('reads everything on screen again after a reset', async () => {
    const screen = createScreen();
    await screen.query(['schedule', 'today']);
    await screen.query(['groups', 'list']);
    await applyLiveEvent(screen.queryClient, event('reset'));
    expect(screen.readsOf(['schedule', 'today'])).toBe(2);
    expect(screen.readsOf(['groups', 'list'])).toBe(2);
    screen.close();
  });

  it('reads everything on screen again when a stream starts without a cursor, and nothing when one resumes', async () => {
    const screen = createScreen();
    await screen.query(['chat', 'conversation', 'c1']);
    // A resumed stream's ready has no id: the replay that follows brings what was missed.
    await applyLiveEvent(screen.queryClient, { ...event('ready'), id: '' });
    expect(screen.readsOf(['chat', 'conversation', 'c1'])).toBe(1);
    // A new stream starts at its ready: a message sent while the screen was loading came before it.
    await applyLiveEvent(screen.queryClient, event('ready'));
    expect(screen.readsOf(['chat', 'conversation', 'c1'])).toBe(2);
    screen.close();
  });
});
