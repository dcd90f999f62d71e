import { act, renderHook } from '@testing-library/react';
import type { AppNotification } from './notification-list';
import {
  useNewNotification,
  useNotificationActions,
  useNotifications,
  useUnreadNotificationCount,
} from './notifications-store';
import { resetAllStores } from './store-reset';

const notification = (id: string, read = false): AppNotification => ({
  id,
  title: `Notification ${id}`,
  body: '',
  status: 1,
  link: `/app/notifications/${id}`,
  read,
  createdAt: '2027-03-01T09:00:00.000Z',
});

function renderNotifications() {
  return renderHook(() => ({
    notifications: useNotifications(),
    unread: useUnreadNotificationCount(),
    newNotification: useNewNotification(),
    actions: useNotificationActions(),
  })).result;
}

const ids = (list: readonly AppNotification[]) => list.map((entry) => entry.id);

// Before, not after: the previous test's hooks are unmounted by then, so the reset renders nothing.
beforeEach(() => resetAllStores());

describe('notifications store', () => {
  it('starts with no notifications and no new notification, status 1', () => {
    const result = renderNotifications();
    expect(result.current.notifications).toEqual([]);
    expect(result.current.newNotification).toEqual({ title: '', message: '', status: 1 });
  });

  it('merges added notifications at the front, skipping ids already present', () => {
    const result = renderNotifications();
    act(() => result.current.actions.addNotifications([notification('a'), notification('b')]));
    act(() => result.current.actions.addNotifications([notification('c'), notification('a')]));
    expect(ids(result.current.notifications)).toEqual(['c', 'a', 'b']);
  });

  it('replaces the whole list when asked to', () => {
    const result = renderNotifications();
    act(() => result.current.actions.addNotifications([notification('a'), notification('b')]));
    act(() => result.current.actions.addNotifications([notification('z')], { replace: true }));
    expect(ids(result.current.notifications)).toEqual(['z']);
  });

  it('removes a notification by id and counts the unread ones', () => {
    const result = renderNotifications();
    act(() =>
      result.current.actions.addNotifications([
        notification('a'),
        notification('b', true),
        notification('c'),
      ]),
    );
    expect(result.current.unread).toBe(2);
    act(() => result.current.actions.removeNotification('a'));
    expect(ids(result.current.notifications)).toEqual(['b', 'c']);
    expect(result.current.unread).toBe(1);
  });

  it('sets a new notification with status 1 unless one is given, and clears it', () => {
    const result = renderNotifications();
    act(() => result.current.actions.setNewNotification({ title: 'Saved', message: 'Workout saved' }));
    expect(result.current.newNotification).toEqual({ title: 'Saved', message: 'Workout saved', status: 1 });

    act(() => result.current.actions.setNewNotification({ message: 'Could not save', status: 0 }));
    expect(result.current.newNotification).toEqual({ title: '', message: 'Could not save', status: 0 });

    act(() => result.current.actions.clearNewNotification());
    expect(result.current.newNotification).toEqual({ title: '', message: '', status: 1 });
  });
});
