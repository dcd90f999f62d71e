import '@/testing/dialog-polyfill';
import type { LiveEvent } from '@contract/live-events';
import type { NotificationItem, NotificationListResponse } from '@contract/notifications';
import { demoUsers } from '@mocks/data';
import { createLiveEventsFake } from '@mocks/handlers/live-events';
import { server } from '@mocks/server';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '@/testing/render-app';
import { signInAs } from '@/testing/sign-in-as';

const athlete = demoUsers.athlete;

const notification = (n: number, fields: Partial<NotificationItem> = {}): NotificationItem => ({
  id: `0d7e0052-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'workout_scheduled',
  title: `Notice ${n}`,
  body: `Body of notice ${n}`,
  status: 1,
  link: '/app/profile',
  read: false,
  createdAt: new Date(Date.UTC(2026, 10, 20, 12, 0) - n * 60_000).toISOString(),
  ...fields,
});

/**
 * `/api/notifications…` as the server answers them, for one user, newest first. A minimal stand-in until the
 * notifications area's fake is on main; `writes` records what the drawer sent.
 */
function installNotifications(initial: NotificationItem[]) {
  const list = initial.map((item) => ({ ...item }));
  const writes: string[] = [];
  const unread = () => list.filter((item) => !item.read).length;
  server.use(
    http.get('*/api/notifications', ({ request }) => {
      const search = new URL(request.url).searchParams;
      if (search.get('user') !== athlete.id) return new HttpResponse(null, { status: 403 });
      const page = Number(search.get('page') ?? 0);
      const size = Number(search.get('size') ?? 20);
      return HttpResponse.json<NotificationListResponse>({
        data: list.slice(page * size, (page + 1) * size),
        page,
        size,
        total: list.length,
        unread: unread(),
      });
    }),
    http.post('*/api/notifications/read-all', () => {
      writes.push('read-all');
      for (const item of list) item.read = true;
      return HttpResponse.json({ data: { unread: 0 } });
    }),
    http.patch('*/api/notifications/:id', async ({ params, request }) => {
      const body = (await request.json()) as { read: boolean };
      writes.push(`patch ${String(params.id)} read=${String(body.read)}`);
      const item = list.find((each) => each.id === params.id);
      if (!item) return new HttpResponse(null, { status: 404 });
      item.read = body.read;
      return HttpResponse.json({ data: item });
    }),
    http.delete('*/api/notifications/:id', ({ params }) => {
      writes.push(`delete ${String(params.id)}`);
      const at = list.findIndex((each) => each.id === params.id);
      if (at >= 0) list.splice(at, 1);
      return HttpResponse.json({ data: { unread: unread() } });
    }),
  );
  return { list, writes };
}

async function openDrawer(user: ReturnType<typeof renderApp>['user'], bellName: string | RegExp) {
  await user.click(await screen.findByRole('button', { name: bellName }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

beforeEach(() => signInAs(athlete));

describe('notifications in the header', () => {
  it('counts the unread on the bell', async () => {
    installNotifications([notification(1), notification(2), notification(3, { read: true })]);
    renderApp('/app/dashboard');
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('lists them newest first, the unread ones marked, in the drawer', async () => {
    installNotifications([notification(1), notification(2, { read: true })]);
    const { user } = renderApp('/app/dashboard');
    const drawer = await openDrawer(user, 'Notifications, 1 unread');

    const list = await within(drawer).findByRole('list', { name: 'Notifications' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('button')[0]?.textContent)).toEqual([
      expect.stringContaining('Notice 1 (unread)'),
      expect.not.stringContaining('(unread)'),
    ]);
    expect(rows[1]).toHaveTextContent('Notice 2');
    expect(within(drawer).getByText('1 unread')).toBeInTheDocument();
  });

  it('marks one read when it is tapped, opens what it is about and closes the drawer', async () => {
    const fake = installNotifications([notification(1, { link: '/app/profile' })]);
    const { user, router } = renderApp('/app/dashboard');
    const drawer = await openDrawer(user, 'Notifications, 1 unread');

    await user.click(await within(drawer).findByRole('button', { name: /^Notice 1/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/profile'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    await waitFor(() => expect(fake.writes).toEqual([`patch ${notification(1).id} read=true`]));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks all read', async () => {
    const fake = installNotifications([notification(1), notification(2)]);
    const { user } = renderApp('/app/dashboard');
    const drawer = await openDrawer(user, 'Notifications, 2 unread');

    await user.click(await within(drawer).findByRole('button', { name: 'Mark all read' }));

    expect(await within(drawer).findByText('All read')).toBeInTheDocument();
    expect(within(drawer).queryByText(/\(unread\)/)).not.toBeInTheDocument();
    expect(fake.writes).toEqual(['read-all']);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('removes one', async () => {
    const fake = installNotifications([notification(1), notification(2)]);
    const { user } = renderApp('/app/dashboard');
    const drawer = await openDrawer(user, 'Notifications, 2 unread');

    await user.click(await within(drawer).findByRole('button', { name: 'Remove notification: Notice 1' }));

    await waitFor(() => expect(within(drawer).queryByText('Notice 1')).not.toBeInTheDocument());
    expect(within(drawer).getByText('Notice 2')).toBeInTheDocument();
    expect(fake.writes).toEqual([`delete ${notification(1).id}`]);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('says so when there are none yet', async () => {
    installNotifications([]);
    const { user } = renderApp('/app/dashboard');
    const drawer = await openDrawer(user, 'Notifications');
    expect(await within(drawer).findByText('No notifications yet')).toBeInTheDocument();
  });

  it('shows more, a page at a time', async () => {
    installNotifications(Array.from({ length: 25 }, (_, index) => notification(index + 1, { read: true })));
    const { user } = renderApp('/app/dashboard');
    const drawer = await openDrawer(user, 'Notifications');
    const list = await within(drawer).findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);

    await user.click(within(drawer).getByRole('button', { name: 'Show more' }));

    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(within(drawer).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('counts a new one and says so in a toast when it arrives through the live stream', async () => {
    const fake = installNotifications([notification(2, { read: true })]);
    const stream = createLiveEventsFake();
    server.use(stream.handler);
    renderApp('/app/dashboard');
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(stream.latest()).toBeDefined());

    const arrived = notification(1, {
      title: 'New in your schedule',
      body: '2 workouts on Tuesday',
      createdAt: new Date().toISOString(),
    });
    fake.list.unshift(arrived);
    const event: LiveEvent = {
      id: '101',
      kind: 'notifications',
      data: { notificationId: arrived.id, userId: athlete.id },
      at: arrived.createdAt,
    };
    stream.latest()?.send(event);

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('New in your schedule');
    expect(toast).toHaveTextContent('2 workouts on Tuesday');
  });

  it('toasts one that links to the screen on show when that screen does not show the news (not a conversation)', async () => {
    const fake = installNotifications([]);
    const stream = createLiveEventsFake();
    server.use(stream.handler);
    renderApp('/app/profile');
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(stream.latest()).toBeDefined());

    const arrived = notification(1, {
      kind: 'message',
      title: 'Casey Jordan',
      body: 'See you at 7',
      link: '/app/profile',
      createdAt: new Date().toISOString(),
    });
    fake.list.unshift(arrived);
    stream.latest()?.send({
      id: '102',
      kind: 'notifications',
      data: { notificationId: arrived.id, userId: athlete.id },
      at: arrived.createdAt,
    });

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // The profile does not show "See you at 7"; only a conversation on show makes the toast needless.
    expect(await screen.findByText('See you at 7')).toBeInTheDocument();
  });
});
