import { QueryClient } from '@tanstack/react-query';
import type { Activity } from './activity-feed';
import { mergeActivities } from './activity-feed';
import type { AppNotification } from './notification-list';
import { mergeNotifications, removeNotificationById, toNotificationMessage } from './notification-list';

const notification = (id: string, title = `Notification ${id}`): AppNotification => ({
  id,
  title,
  body: `Body of ${id}`,
  status: 1,
  link: null,
  read: false,
  createdAt: '2027-03-01T09:00:00.000Z',
});

const ids = (list: readonly { id: string }[]) => list.map((entry) => entry.id);

describe('mergeNotifications', () => {
  it('puts new notifications at the front, in the order they came', () => {
    const merged = mergeNotifications(
      [notification('a'), notification('b')],
      [notification('c'), notification('d')],
    );
    expect(ids(merged)).toEqual(['c', 'd', 'a', 'b']);
  });

  it('skips notifications whose id is already present, keeping the one it has', () => {
    const existing = [notification('a', 'Original')];
    const merged = mergeNotifications(existing, [notification('a', 'Again'), notification('b')]);
    expect(ids(merged)).toEqual(['b', 'a']);
    expect(merged[1]?.title).toBe('Original');
  });

  it('takes an id repeated within the incoming list once', () => {
    expect(ids(mergeNotifications([], [notification('a'), notification('a')]))).toEqual(['a']);
  });

  it('answers the same list when nothing is new, and starts from an empty one', () => {
    const existing = [notification('a')];
    expect(mergeNotifications(existing, [notification('a')])).toBe(existing);
    expect(ids(mergeNotifications(undefined, [notification('a')]))).toEqual(['a']);
  });

  it('never changes the lists it is given', () => {
    const existing = Object.freeze([notification('a')]) as AppNotification[];
    const incoming = Object.freeze([notification('b')]);
    expect(() => mergeNotifications(existing, incoming)).not.toThrow();
    expect(ids(existing)).toEqual(['a']);
  });
});

describe('removeNotificationById', () => {
  it('removes the notification with that id', () => {
    const list = [notification('a'), notification('b'), notification('c')];
    expect(ids(removeNotificationById(list, 'b'))).toEqual(['a', 'c']);
    expect(ids(list)).toEqual(['a', 'b', 'c']);
  });

  it('answers the same list for an unknown id, and an empty one for no list', () => {
    const list = [notification('a')];
    expect(removeNotificationById(list, 'zzz')).toBe(list);
    expect(removeNotificationById(undefined, 'a')).toEqual([]);
  });
});

describe('notification list as query state', () => {
  it('merges and removes through queryClient.setQueryData', () => {
    const queryClient = new QueryClient();
    const key = ['notifications', 'user-1'];
    queryClient.setQueryData<AppNotification[]>(key, (list) => mergeNotifications(list, [notification('a')]));
    queryClient.setQueryData<AppNotification[]>(key, (list) =>
      mergeNotifications(list, [notification('b'), notification('a')]),
    );
    expect(ids(queryClient.getQueryData<AppNotification[]>(key) ?? [])).toEqual(['b', 'a']);

    queryClient.setQueryData<AppNotification[]>(key, (list) => removeNotificationById(list, 'a'));
    expect(ids(queryClient.getQueryData<AppNotification[]>(key) ?? [])).toEqual(['b']);
  });
});

describe('toNotificationMessage', () => {
  it('keeps the title and body of the data', () => {
    expect(toNotificationMessage({ data: { title: 'Coach Casey', body: 'Great session!' } })).toEqual({
      data: { title: 'Coach Casey', body: 'Great session!' },
    });
  });

  it.each([
    ['no data', {}],
    ['no title', { data: { body: 'Hi' } }],
    ['a null title', { data: { title: null, body: 'Hi' } }],
    ['a blank title', { data: { title: '  ', body: 'Hi' } }],
  ])("uses the title 'New Message' when the payload has %s", (_case, payload) => {
    expect(toNotificationMessage(payload).data.title).toBe('New Message');
  });

  it('gives an empty body when there is none', () => {
    expect(toNotificationMessage({ data: { title: 'Hello' } }).data.body).toBe('');
  });
});

describe('mergeActivities', () => {
  it('puts new feed entries first and skips known ones', () => {
    const activity = (id: string): Activity => ({
      id,
      kind: 'workout-completed',
      summary: `Activity ${id}`,
      link: null,
      createdAt: '2027-03-01T09:00:00.000Z',
    });
    expect(ids(mergeActivities([activity('a')], [activity('b'), activity('a')]))).toEqual(['b', 'a']);
  });
});
