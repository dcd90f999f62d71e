import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  NotificationItem,
  NotificationListResponse,
  NotificationPreferences,
} from '../../../contract/notifications';
import { liveEvents, notifications, users } from '../../db/schema';
import { notify, spokenDay } from '../../lib/notifications/notify';
import { TenantScope } from '../../lib/tenancy';
import type { ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let jamieToken: string;
let tylerToken: string;
let jamie: typeof users.$inferSelect;
let tyler: typeof users.$inferSelect;
let tenant: TenantScope;

beforeAll(async () => {
  t = await createTestContext();
  [jamieToken, tylerToken] = await Promise.all([
    t.signIn('athlete@demo.test'),
    t.signIn('tyler.brooks@demo.test'),
  ]);
  const userOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
  [jamie, tyler] = await Promise.all([userOf('athlete@demo.test'), userOf('tyler.brooks@demo.test')]);
  tenant = new TenantScope(t.db, jamie.organizationId);
});
afterAll(() => t.close());

type ListAnswer = NotificationListResponse & ErrorBody;
const list = (token: string, query: string) =>
  t.request<ListAnswer>('GET', `/api/notifications?${query}`, { token });

const scheduledFor = (athleteId: string, date: string, count = 1) => ({
  userIds: [athleteId],
  kind: 'workout_scheduled' as const,
  title: 'New in your schedule',
  body: (n: number) => `${n === 1 ? 'A workout' : `${n} workouts`} on ${spokenDay(date, 'en-US')}`,
  link: `/app/schedule?date=${date}`,
  batchKey: `workout_scheduled:${athleteId}:${date}`,
  count,
});

describe('a day of scheduled workouts', () => {
  it('folds three entries on one day into one notification of three, and another day into another', async () => {
    for (let entry = 0; entry < 3; entry += 1)
      await tenant.transaction((tx) => notify(tx, [scheduledFor(tyler.id, '2027-03-02')]));
    await tenant.transaction((tx) => notify(tx, [scheduledFor(tyler.id, '2027-03-03')]));

    const page = await list(tylerToken, `user=${tyler.id}`);
    expect(page.status).toBe(200);
    expect(page.body.data.map((item) => item.body)).toEqual([
      'A workout on Wednesday, March 3',
      '3 workouts on Tuesday, March 2',
    ]);
    expect(page.body).toMatchObject({ total: 2, unread: 2 });
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, tyler.id));
    expect(rows.map((row) => row.count).sort()).toEqual([1, 3]);
  });

  it('brings a read day back to unread and to the top when more is scheduled on it', async () => {
    const before = await list(tylerToken, `user=${tyler.id}`);
    const tuesday = before.body.data.find((item) => item.body.includes('March 2'))!;
    await t.request('PATCH', `/api/notifications/${tuesday.id}`, { token: tylerToken, body: { read: true } });
    await tenant.transaction((tx) => notify(tx, [scheduledFor(tyler.id, '2027-03-02', 2)]));

    const after = await list(tylerToken, `user=${tyler.id}`);
    expect(after.body.data[0]).toMatchObject({
      id: tuesday.id,
      body: '5 workouts on Tuesday, March 2',
      read: false,
    });
    expect(after.body.unread).toBe(2);
  });

  it('writes each notification with a live event to its recipient only', async () => {
    const [notification] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, tyler.id), eq(notifications.count, 1)));
    const events = await t.db.select().from(liveEvents).where(eq(liveEvents.kind, 'notifications'));
    const announcing = events.filter(
      (event) => (event.data as { notificationId?: string }).notificationId === notification!.id,
    );
    expect(announcing).toHaveLength(1);
    expect(announcing[0]).toMatchObject({ toStaff: false, userIds: [tyler.id] });
  });

  it('never notifies the person who made the change', async () => {
    await tenant.transaction((tx) =>
      notify(tx, [{ ...scheduledFor(jamie.id, '2027-03-09'), userIds: [jamie.id, tyler.id] }], {
        actorId: jamie.id,
      }),
    );
    const mine = await list(jamieToken, `user=${jamie.id}`);
    expect(mine.body.data.some((item) => item.body.includes('March 9'))).toBe(false);
  });
});

describe('reading, marking and removing', () => {
  let jamieItems: NotificationItem[];

  beforeAll(async () => {
    await tenant.transaction((tx) =>
      notify(
        tx,
        Array.from({ length: 5 }, (_, index) => ({
          userIds: [jamie.id],
          kind: 'log_corrected' as const,
          title: `Correction ${index + 1}`,
          body: 'Your coach corrected a workout',
          link: '/app/completed',
        })),
      ),
    );
    const all = await list(jamieToken, `user=${jamie.id}&size=100`);
    jamieItems = all.body.data;
  });

  it('pages newest first with the total and the unread count of all pages', async () => {
    const first = await list(jamieToken, `user=${jamie.id}&page=0&size=2`);
    const second = await list(jamieToken, `user=${jamie.id}&page=1&size=2`);
    expect(first.body).toMatchObject({ page: 0, size: 2, total: 5, unread: 5 });
    expect(first.body.data).toHaveLength(2);
    expect(second.body.data).toHaveLength(2);
    const ids = [...first.body.data, ...second.body.data].map((item) => item.id);
    expect(new Set(ids).size).toBe(4);
    const stamps = [...first.body.data, ...second.body.data].map((item) => item.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  it('marks one read and unread again', async () => {
    const target = jamieItems[0]!;
    const read = await t.request<{ data: NotificationItem }>('PATCH', `/api/notifications/${target.id}`, {
      token: jamieToken,
      body: { read: true },
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: target.id, read: true });
    expect((await list(jamieToken, `user=${jamie.id}`)).body.unread).toBe(4);

    await t.request('PATCH', `/api/notifications/${target.id}`, { token: jamieToken, body: { read: false } });
    expect((await list(jamieToken, `user=${jamie.id}`)).body.unread).toBe(5);
  });

  it('removes one and answers what stays unread', async () => {
    const target = jamieItems[1]!;
    const removed = await t.request<{ data: { unread: number } }>(
      'DELETE',
      `/api/notifications/${target.id}`,
      {
        token: jamieToken,
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.data.unread).toBe(4);
    const again = await t.request('DELETE', `/api/notifications/${target.id}`, { token: jamieToken });
    expect(again.status).toBe(404);
  });

  it('marks all read, leaving another person’s unread', async () => {
    const readAll = await t.request<{ data: { unread: number } }>('POST', '/api/notifications/read-all', {
      token: jamieToken,
    });
    expect(readAll.status).toBe(200);
    expect(readAll.body.data.unread).toBe(0);
    const page = await list(jamieToken, `user=${jamie.id}`);
    expect(page.body.unread).toBe(0);
    expect(page.body.data.every((item) => item.read)).toBe(true);
    expect((await list(tylerToken, `user=${tyler.id}`)).body.unread).toBe(3);
  });
});

describe('another person’s notifications and bad input', () => {
  it('refuses to list another user’s notifications (403)', async () => {
    const answer = await list(jamieToken, `user=${tyler.id}`);
    expect(answer.status).toBe(403);
  });

  it('answers 404 for another user’s notification, to read, mark or remove', async () => {
    const tylers = await list(tylerToken, `user=${tyler.id}`);
    const id = tylers.body.data[0]!.id;
    const patch = await t.request('PATCH', `/api/notifications/${id}`, {
      token: jamieToken,
      body: { read: true },
    });
    const remove = await t.request('DELETE', `/api/notifications/${id}`, { token: jamieToken });
    expect([patch.status, remove.status]).toEqual([404, 404]);
    expect((await list(tylerToken, `user=${tyler.id}`)).body.data[0]).toMatchObject({ id, read: false });
  });

  it.each([
    ['user=someone', 'user'],
    ['', 'user'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const answer = await list(jamieToken, query);
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toHaveProperty(field);
  });

  it.each([
    ['page=-1', 'page'],
    ['page=one', 'page'],
    ['size=0', 'size'],
    ['size=101', 'size'],
    ['size=2.5', 'size'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const answer = await list(jamieToken, `user=${jamie.id}&${query}`);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.error.fields ?? {})).toEqual([field]);
  });

  it('answers 400 naming id for a notification id that is not one, and read for a body without it', async () => {
    const badId = await t.request<ErrorBody>('PATCH', '/api/notifications/42', {
      token: jamieToken,
      body: { read: true },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error.fields).toHaveProperty('id');
    const badBody = await t.request<ErrorBody>('PATCH', `/api/notifications/${crypto.randomUUID()}`, {
      token: jamieToken,
      body: { read: 'yes' },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error.fields).toHaveProperty('read');
  });

  it('asks for a token', async () => {
    expect((await t.request('GET', `/api/notifications?user=${jamie.id}`)).status).toBe(401);
  });
});

describe('push preferences', () => {
  type PreferencesAnswer = NotificationPreferences & ErrorBody;

  it('starts with nothing muted and no quiet hours', async () => {
    const answer = await t.request<PreferencesAnswer>('GET', '/api/notifications/preferences', {
      token: jamieToken,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ mutedKinds: [], quietFrom: null, quietUntil: null });
  });

  it('saves muted kinds and quiet hours, for this user only', async () => {
    const saved = await t.request<PreferencesAnswer>('PUT', '/api/notifications/preferences', {
      token: jamieToken,
      body: {
        mutedKinds: ['workout_scheduled', 'workout_scheduled'],
        quietFrom: '22:00',
        quietUntil: '07:30',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      mutedKinds: ['workout_scheduled'],
      quietFrom: '22:00',
      quietUntil: '07:30',
    });
    const read = await t.request<PreferencesAnswer>('GET', '/api/notifications/preferences', {
      token: jamieToken,
    });
    expect(read.body).toEqual(saved.body);
    const tylers = await t.request<PreferencesAnswer>('GET', '/api/notifications/preferences', {
      token: tylerToken,
    });
    expect(tylers.body.mutedKinds).toEqual([]);
  });

  it.each([
    [{ mutedKinds: ['gossip'], quietFrom: null, quietUntil: null }, 'mutedKinds.0'],
    [{ mutedKinds: [], quietFrom: '25:00', quietUntil: '07:00' }, 'quietFrom'],
    [{ mutedKinds: [], quietFrom: '22:00', quietUntil: null }, 'quietUntil'],
    [{ mutedKinds: [], quietFrom: null, quietUntil: '7am' }, 'quietUntil'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const answer = await t.request<ErrorBody>('PUT', '/api/notifications/preferences', {
      token: jamieToken,
      body,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toHaveProperty([field]);
  });
});
