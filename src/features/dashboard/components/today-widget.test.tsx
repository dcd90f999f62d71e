import type { TodayResponse } from '@contract';
import { demoUsers, tokenFor } from '@mocks/data';
import { fakeScheduleEntries, scheduleHandlers } from '@mocks/handlers/schedule';
import { createTrackingFake } from '@mocks/handlers/tracking';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';
import {
  configureDeviceLogStorage,
  createMemoryDeviceLogStorage,
  forgetDeviceLogsInMemory,
} from '@/lib/tracking-sync/device-logs';
import { stopTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';

/** Issue 22, item 1: the dashboard's Today opens each workout in one tap. */

let fake: ReturnType<typeof createTrackingFake>;

beforeEach(() => {
  configureDeviceLogStorage(createMemoryDeviceLogStorage());
  server.use(...scheduleHandlers());
  fake = createTrackingFake();
  server.use(...fake.handlers);
});

afterEach(() => {
  stopTrackingSync();
  forgetDeviceLogsInMemory();
  configureDeviceLogStorage(null);
});

async function athletesToday(): Promise<TodayResponse['data']> {
  const response = await fetch(`${window.location.origin}/api/schedule/today`, {
    headers: { Authorization: `Bearer ${tokenFor(demoUsers.athlete)}` },
  });
  return ((await response.json()) as TodayResponse).data;
}

const todayCard = () => screen.findByRole('region', { name: 'Today' });

describe('Today on the dashboard', { timeout: 20_000 }, () => {
  it('opens an athlete’s workout with Start, and the first set done starts it: two taps', async () => {
    const lower = (await athletesToday()).find((item) => item.name === 'Lower Body Strength A')!;
    signInAs(demoUsers.athlete);
    const { user, router } = renderApp('/app/dashboard');
    const list = await within(await todayCard()).findByRole('list', { name: 'Your workouts today' });
    const link = within(list).getByRole('link', { name: /^Lower Body Strength A .* Start$/ });
    expect(link).toHaveAttribute('href', `/app/track/${lower.id}`);

    await user.click(link);
    await user.click(await screen.findByRole('button', { name: 'Set 1 of Trap-bar deadlift done' }));
    expect(router.state.location.pathname).toBe(`/app/track/${lower.id}`);
    expect(screen.getByRole('button', { name: 'Set 1 of Trap-bar deadlift done' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(fake.logOfEntry(lower.id)?.sets).toHaveLength(1));
  });

  it('says a workout in progress is in progress and resumes it; a completed one opens its completed workout', async () => {
    const [armCare, lower] = await athletesToday();
    // Started elsewhere (the coach's tablet): the server has the log.
    const logId = '01900000-0000-7000-8000-0000000000a1';
    await fetch(`${window.location.origin}/api/workout-logs/${logId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${tokenFor(demoUsers.coach)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entryId: lower!.id, startedAt: new Date().toISOString() }),
    });
    const doneLogId = '01900000-0000-7000-8000-0000000000a2';
    await fetch(`${window.location.origin}/api/workout-logs/${doneLogId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${tokenFor(demoUsers.coach)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entryId: armCare!.id, startedAt: new Date().toISOString() }),
    });
    await fetch(`${window.location.origin}/api/workout-logs/${doneLogId}/finish`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokenFor(demoUsers.coach)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ finishedAt: new Date().toISOString(), durationSeconds: 1800, sessionRpe: 6 }),
    });

    signInAs(demoUsers.athlete);
    renderApp('/app/dashboard');
    const list = await within(await todayCard()).findByRole('list', { name: 'Your workouts today' });
    const inProgress = within(list).getByRole('link', {
      name: new RegExp(`^${lower!.name} .* In progress Resume$`),
    });
    expect(inProgress).toHaveAttribute('href', `/app/track/${lower!.id}`);
    expect(within(inProgress).getByText('In progress')).toBeInTheDocument();
    const done = within(list).getByRole('link', { name: new RegExp(`^${armCare!.name} .* Done$`) });
    await waitFor(() => expect(done).toHaveAttribute('href', `/app/completed/${doneLogId}`));
  });

  it('opens a group’s workout for staff at its first athlete not done, ready to track', async () => {
    signInAs(demoUsers.coach);
    const headers = { Authorization: `Bearer ${tokenFor(demoUsers.coach)}` };
    const today = (await (
      await fetch(`${window.location.origin}/api/schedule/today`, { headers })
    ).json()) as TodayResponse;
    const session = today.data.find((item) => item.kind === 'assignment')!;
    const assignment = (await (
      await fetch(`${window.location.origin}/api/group-assignments/${session.id}`, { headers })
    ).json()) as { data: { members: { entryId: string; athlete: { firstName: string } }[] } };
    const [first, second] = assignment.data.members;
    // The first athlete is done already: the row opens at the next one.
    fakeScheduleEntries.setEntryStatus(first!.entryId, 'completed');

    const { user, router } = renderApp('/app/dashboard');
    const list = await within(await todayCard()).findByRole('list', { name: 'Today by group' });
    const row = await within(list).findByRole('link', { name: /^Pitchers Pitcher Arm Care .*Track$/ });
    await waitFor(() => expect(row).toHaveAttribute('href', `/app/track/${second!.entryId}`));
    await user.click(row);
    expect(router.state.location.pathname).toBe(`/app/track/${second!.entryId}`);
    expect(
      await screen.findByRole('button', { name: new RegExp(`^Start for ${second!.athlete.firstName}`) }),
    ).toBeInTheDocument();
  });

  it('says today is not on the device, rather than loading for ever, when it cannot be read', async () => {
    server.use(http.get('*/api/schedule/today', () => HttpResponse.error()));
    signInAs(demoUsers.athlete);
    renderApp('/app/dashboard');
    // After spec 9's two retries of a network error (2 s, then 4 s).
    expect(
      await within(await todayCard()).findByText('Today is not on this device yet', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
