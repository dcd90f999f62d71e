import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeResponse } from '../../../contract/auth';
import { liveEvents } from '../../db/schema';
import { recordLiveEvents, type NewLiveEvent } from '../../lib/live-events/record-live-events';
import { openLiveStream, type OpenLiveStream } from '../../testing/live-event-streams';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
const tokens: Record<string, string> = {};
const ids: Record<string, { userId: string; organizationId: string }> = {};
const streams: OpenLiveStream[] = [];
const people = [
  'coach@demo.test',
  'athlete@demo.test',
  'tyler.brooks@demo.test',
  'coach@rivals.test',
  'athlete@rivals.test',
];

beforeAll(async () => {
  // A tiny cap so the limit is seen with a few streams.
  t = await createTestContext({}, { liveEvents: { maxStreamsPerUser: 2 } });
  for (const email of people) {
    tokens[email] = await t.signIn(email);
    const { body } = await t.request<MeResponse>('GET', '/api/me', { token: tokens[email] });
    ids[email] = { userId: body.user.id, organizationId: body.organization.id };
  }
});
afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()));
  await t.close();
});

async function stream(email: string | undefined, lastEventId?: string) {
  const opened = await openLiveStream(
    (path, init) => t.app.request(`http://localhost${path}`, init),
    email && tokens[email],
    lastEventId,
  );
  streams.push(opened);
  return opened;
}

const demo = () => ids['coach@demo.test']!.organizationId;
const userOf = (email: string) => ids[email]!.userId;

/** What a write does: the change and its event in one transaction. */
const commit = (...events: NewLiveEvent[]) => t.db.transaction((tx) => recordLiveEvents(tx, events));

async function newestId(): Promise<number> {
  const [row] = await t.db.select({ id: sql<number>`max(${liveEvents.id})::int` }).from(liveEvents);
  return row?.id ?? 0;
}

describe('GET /api/events', () => {
  it('answers 401 without a token', async () => {
    const response = await t.request('GET', '/api/events');
    expect(response.status).toBe(401);
  });

  it('answers 400 naming Last-Event-ID when it is not a whole number', async () => {
    const response = await t.request<{ error: { fields: Record<string, string> } }>('GET', '/api/events', {
      token: tokens['coach@demo.test'],
      headers: { 'last-event-id': 'yesterday' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual(['last-event-id']);
  });

  it('is a stream that starts with retry and ready', async () => {
    const response = await t.app.request('http://localhost/api/events', {
      headers: { authorization: `Bearer ${tokens['coach@demo.test']}` },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const { value } = await reader.read();
    await reader.cancel();
    expect(value).toMatch(/^event: ready\ndata: .*\n/);
    expect(value).toMatch(/\nretry: 2000\n/);
    // A new stream is told where it starts: the newest event, whatever it was and whoever it was for.
    expect(value).toContain(`\nid: ${await newestId()}\n`);
  });

  it('lets a client that saw no event resume from where its stream began, missing nothing after a drop', async () => {
    const first = await stream('coach@demo.test');
    const startedAt = first.ready?.id;
    expect(startedAt).toMatch(/^\d+$/);
    await first.close();
    await commit({ organizationId: demo(), kind: 'people', toStaff: true });
    const again = await stream('coach@demo.test', startedAt);
    expect(await again.next()).toMatchObject({ kind: 'people' });
    await again.close();
  });

  it("tells every answer where the outbox stood when it was read, so a new tab's stream replays what the read missed", async () => {
    // The hub reads the outbox once a stream has started it in this process.
    await (await stream('coach@demo.test')).close();
    const read = await t.request('GET', '/api/me', { token: tokens['coach@demo.test'] });
    const position = read.headers.get('live-events-position');
    expect(position).toMatch(/^\d+$/);
    expect(Number(position)).toBeLessThanOrEqual(await newestId());
    // Committed after the read, before the tab's stream began.
    await commit({ organizationId: demo(), kind: 'people', toStaff: true });
    const opened = await stream('coach@demo.test', position!);
    expect(await opened.next()).toMatchObject({ kind: 'people' });
    await opened.close();
  });

  it('delivers an event to the staff and the athletes it names, and to nobody else', async () => {
    const coach = await stream('coach@demo.test');
    const athlete = await stream('athlete@demo.test');
    const otherAthlete = await stream('tyler.brooks@demo.test');
    const rivalsCoach = await stream('coach@rivals.test');

    await commit({
      organizationId: demo(),
      kind: 'schedule',
      toStaff: true,
      userIds: [userOf('athlete@demo.test')],
      data: { athleteIds: [userOf('athlete@demo.test')] },
    });

    const toCoach = await coach.next();
    expect(toCoach).toMatchObject({
      kind: 'schedule',
      data: { data: { athleteIds: [userOf('athlete@demo.test')] } },
    });
    expect(toCoach?.id).toBe(toCoach?.data.id);
    expect(await athlete.next()).toMatchObject({ kind: 'schedule', id: toCoach?.id });
    expect(await otherAthlete.next(undefined, 300)).toBeUndefined();
    expect(await rivalsCoach.next(undefined, 300)).toBeUndefined();
    await Promise.all([coach, athlete, otherAthlete, rivalsCoach].map((open) => open.close()));
  });

  it('writes nothing and announces nothing when the change rolls back', async () => {
    const coach = await stream('coach@demo.test');
    const before = await newestId();
    await expect(
      t.db.transaction(async (tx) => {
        await recordLiveEvents(tx, [{ organizationId: demo(), kind: 'people', toStaff: true }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await newestId()).toBe(before);
    expect(await coach.next(undefined, 300)).toBeUndefined();
    await coach.close();
  });

  it('replays what a reconnecting client missed, in order and only what it may see', async () => {
    const first = await stream('athlete@demo.test');
    await commit({ organizationId: demo(), kind: 'people', userIds: [userOf('athlete@demo.test')] });
    const seen = await first.next();
    await first.close();

    await commit(
      { organizationId: demo(), kind: 'workout-log', toStaff: true, userIds: [userOf('athlete@demo.test')] },
      {
        organizationId: demo(),
        kind: 'workout-log',
        toStaff: true,
        userIds: [userOf('tyler.brooks@demo.test')],
      },
      { organizationId: ids['coach@rivals.test']!.organizationId, kind: 'people', toStaff: true },
    );
    await commit({ organizationId: demo(), kind: 'pitches', userIds: [userOf('athlete@demo.test')] });

    const again = await stream('athlete@demo.test', seen!.id);
    const missed = [await again.next(), await again.next(), await again.next(undefined, 300)];
    expect(missed.map((event) => event?.kind)).toEqual(['workout-log', 'pitches', undefined]);
    expect(Number(missed[0]!.id)).toBeLessThan(Number(missed[1]!.id));
    await again.close();
  });

  it('tells a client further behind than the retention to read anew', async () => {
    const coach = await stream('coach@demo.test');
    await commit({ organizationId: demo(), kind: 'people', toStaff: true });
    const old = await coach.next();
    await coach.close();
    await commit({ organizationId: demo(), kind: 'people', toStaff: true });
    await t.db.execute(sql`update ${liveEvents} set created_at = now() - interval '2 days'`);
    await t.liveEvents.prune();

    const behind = await stream('coach@demo.test', String(Number(old!.id) - 1));
    const reset = await behind.next();
    expect(reset).toMatchObject({ kind: 'reset' });
    await commit({ organizationId: demo(), kind: 'people', toStaff: true });
    expect(await behind.next()).toMatchObject({ kind: 'people' });
    await behind.close();
    // The reset moved the cursor: a reconnect from it is not told to read everything again.
    const resumed = await stream('coach@demo.test', reset!.id);
    expect(await resumed.next()).toMatchObject({ kind: 'people' });
    await resumed.close();
  });

  it("closes a user's oldest stream past the limit", async () => {
    const oldest = await stream('coach@demo.test');
    const middle = await stream('coach@demo.test');
    const newest = await stream('coach@demo.test');
    await oldest.ended;
    await commit({ organizationId: demo(), kind: 'people', toStaff: true });
    expect(await middle.next()).toMatchObject({ kind: 'people' });
    expect(await newest.next()).toMatchObject({ kind: 'people' });
    await Promise.all([middle.close(), newest.close()]);
  });

  it('lets go of a stream whose client went away', async () => {
    const before = t.liveEvents.streamCount;
    const athlete = await stream('athlete@demo.test');
    expect(t.liveEvents.streamCount).toBe(before + 1);
    await athlete.close();
    await expect.poll(() => t.liveEvents.streamCount).toBe(before);
  });
});
