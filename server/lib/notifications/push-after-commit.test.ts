import { and, asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationListResponse } from '../../../contract/notifications';
import { organizations, users, workoutLogs } from '../../db/schema';
import { startFakeFirebase, type FakeFirebase } from '../push/fake-firebase';
import { FirebasePushSender } from '../push/firebase-push-sender';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { isQuietAt, minutesOfDayIn, pushesSettled } from './push-after-commit';

let fake: FakeFirebase;
let sender: FirebasePushSender;
let t: TestContext;
let coach: string;
let jamie: string;
let jamieId: string;
let logId: string;
let timeZone: string;
const jamiesDevice = 'fcm-token-of-jamies-phone';

beforeAll(async () => {
  fake = await startFakeFirebase();
  fake.interceptDefaultHttps();
  sender = new FirebasePushSender({ serviceAccount: fake.serviceAccount, httpAgent: fake.agent });
  t = await createTestContext({}, { push: sender });
  [coach, jamie] = await Promise.all([t.signIn('coach@demo.test'), t.signIn('athlete@demo.test')]);
  const [athlete] = await t.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
  jamieId = athlete!.id;
  await t.db.update(users).set({ firebaseToken: jamiesDevice }).where(eq(users.id, jamieId));
  const [log] = await t.db
    .select()
    .from(workoutLogs)
    .where(and(eq(workoutLogs.athleteId, jamieId), eq(workoutLogs.status, 'completed')))
    .orderBy(asc(workoutLogs.date))
    .limit(1);
  logId = log!.id;
  const [organization] = await t.db
    .select()
    .from(organizations)
    .where(eq(organizations.id, athlete!.organizationId));
  timeZone = organization!.timeZone;
});

afterAll(async () => {
  await sender?.close();
  await fake?.close();
  await t?.close();
});

const sendsToJamie = () => fake.sends.filter((send) => send.body.message.token === jamiesDevice);

async function coachComments(text: string) {
  const answer = await t.request('PUT', `/api/workout-logs/${logId}/comments/${uuidv7()}`, {
    token: coach,
    body: { text },
  });
  expect(answer.status).toBe(201);
  // Pushes go out after the answer.
  await pushesSettled();
}

async function jamiesInbox(): Promise<NotificationListResponse['data']> {
  const list = await t.request<NotificationListResponse>('GET', `/api/notifications?user=${jamieId}`, {
    token: jamie,
  });
  return list.body.data;
}

const jamiesBodies = async (): Promise<string[]> => (await jamiesInbox()).map((item) => item.body);

const setPreferences = async (body: Record<string, unknown>) =>
  expect((await t.request('PUT', '/api/notifications/preferences', { token: jamie, body })).status).toBe(200);

const clockTime = (minutes: number) => {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};

describe('push after commit', () => {
  it('sends the notification’s title, body, link and which notification it is to the recipient’s device', async () => {
    await coachComments('Great tempo today.');
    const [send] = sendsToJamie();
    expect(sendsToJamie()).toHaveLength(1);
    // The same id and time as the list shows, so an open page announces it once (ADR 059).
    const [listed] = (await jamiesInbox()).filter((item) => item.body === 'Great tempo today.');
    expect(send!.body.message.data).toEqual({
      title: 'Casey Jordan commented on your workout',
      body: 'Great tempo today.',
      link: `/app/completed/${logId}`,
      notificationId: listed?.id,
      notificationAt: listed?.createdAt,
    });
    expect(fake.sends.filter((one) => one.body.message.token !== jamiesDevice)).toEqual([]);
  });

  it('keeps a muted kind in the app without pushing it', async () => {
    await setPreferences({ mutedKinds: ['workout_comment'], quietFrom: null, quietUntil: null });
    await coachComments('Muted words.');
    expect(sendsToJamie()).toHaveLength(1);
    expect(await jamiesBodies()).toContain('Muted words.');
  });

  it('keeps a notification in the app without pushing it during quiet hours, in the organisation’s time', async () => {
    const now = minutesOfDayIn(timeZone, new Date());
    await setPreferences({ mutedKinds: [], quietFrom: clockTime(now - 60), quietUntil: clockTime(now + 60) });
    await coachComments('Quiet words.');
    expect(sendsToJamie()).toHaveLength(1);
    expect(await jamiesBodies()).toContain('Quiet words.');

    await setPreferences({
      mutedKinds: [],
      quietFrom: clockTime(now + 60),
      quietUntil: clockTime(now + 120),
    });
    await coachComments('Loud words.');
    expect(sendsToJamie()).toHaveLength(2);
    expect(sendsToJamie()[1]!.body.message.data?.body).toBe('Loud words.');
  });
});

describe('quiet hours', () => {
  it('span midnight when they end earlier than they start', () => {
    const at = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    const night = [at('22:00'), at('07:00')] as const;
    expect(isQuietAt(at('23:30'), ...night)).toBe(true);
    expect(isQuietAt(at('06:59'), ...night)).toBe(true);
    expect(isQuietAt(at('07:00'), ...night)).toBe(false);
    expect(isQuietAt(at('12:00'), ...night)).toBe(false);
    expect(isQuietAt(at('13:00'), at('12:00'), at('14:00'))).toBe(true);
    expect(isQuietAt(at('13:00'), null, null)).toBe(false);
  });
});
