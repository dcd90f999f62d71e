import { demoUsers } from '@mocks/data';
import { createLiveEventsFake } from '@mocks/handlers/live-events';
import { server } from '@mocks/server';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { signInAs } from '@/testing/sign-in-as';
import { subscribeToLiveEvents } from './live-event-listeners';
import { startLiveEvents } from './start-live-events';

describe('live updates of the signed-in area', () => {
  it('reads what an event touches again, then tells the listeners; at sign-out forgets the cursor', async () => {
    signInAs(demoUsers.athlete);
    const fake = createLiveEventsFake();
    server.use(fake.handler);
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['activities', 'all', 5],
      queryFn: () => ++reads,
    });
    const stopObserving = observer.subscribe(() => undefined);
    await waitFor(() => expect(reads).toBe(1));
    const heard: string[] = [];
    const stopListening = subscribeToLiveEvents((event) => heard.push(`${event.kind} after ${reads} reads`));

    const stop = startLiveEvents(queryClient);
    await waitFor(() => expect(fake.latest()).toBeDefined());
    fake.latest()?.send({ id: '77', kind: 'activity', data: {}, at: '2026-11-27T01:00:00.000Z' });

    await waitFor(() => expect(heard).toEqual(['activity after 2 reads']));
    expect(fake.latest()?.lastEventId).toBeNull();
    expect(sessionStorage.getItem('connect-live-events-cursor')).toBe('77');

    stop();
    expect(sessionStorage.getItem('connect-live-events-cursor')).toBeNull();
    await waitFor(() => expect(fake.latest()?.isClosed()).toBe(true));
    stopListening();
    stopObserving();
  });
});
