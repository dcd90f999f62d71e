import { demoUsers } from '@mocks/data';
import { createLiveEventsFake } from '@mocks/handlers/live-events';
import { server } from '@mocks/server';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { liveEventsPositionHeader } from '@contract/live-events-position';
import { api } from '@/lib/api/api-client';
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

  it('starts a new tab where its first reads began, so the replay, not a second read of the screen, brings what they missed', async () => {
    signInAs(demoUsers.coach);
    const fake = createLiveEventsFake();
    // Two answers of the first screen; the later one came from a process that had read further.
    let position = 41;
    server.use(
      fake.handler,
      http.get('*/api/first-screen-read', () =>
        HttpResponse.json({}, { headers: { [liveEventsPositionHeader]: String(position++) } }),
      ),
    );
    await api.get('api/first-screen-read').json();
    await api.get('api/first-screen-read').json();
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    let reads = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['schedule', 'today'],
      queryFn: () => ++reads,
    });
    const stopObserving = observer.subscribe(() => undefined);
    await waitFor(() => expect(reads).toBe(1));

    const heard: string[] = [];
    const stopListening = subscribeToLiveEvents((event) => heard.push(event.kind));
    const stop = startLiveEvents(queryClient);
    await waitFor(() => expect(fake.latest()).toBeDefined());
    expect(fake.latest()?.lastEventId).toBe('41');
    fake.latest()?.send({ id: '', kind: 'ready', data: {}, at: '2026-11-28T01:00:00.000Z' });
    await waitFor(() => expect(heard).toEqual(['ready']));
    expect(reads).toBe(1);
    fake.latest()?.send({ id: '42', kind: 'schedule', data: {}, at: '2026-11-28T01:00:01.000Z' });
    await waitFor(() => expect(heard).toEqual(['ready', 'schedule']));
    expect(reads).toBe(2);
    expect(sessionStorage.getItem('connect-live-events-cursor')).toBe('42');

    // An answer from a process that had read less than the start: the replay cannot cover it, so all is read again.
    position = 40;
    await api.get('api/first-screen-read').json();
    await waitFor(() => expect(reads).toBe(3));
    stop();
    stopListening();
    stopObserving();
  });
});
