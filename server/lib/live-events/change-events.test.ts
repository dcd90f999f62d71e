import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pitchTypes } from '../../../contract/throwing';
import { addCalendarDays } from '../calendar-days';
import { openLiveStream, type OpenLiveStream } from '../../testing/live-event-streams';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';

let t: TestContext;
const tokens: Record<string, string> = {};
let ids: Record<string, string>;
let today: string;
const open: OpenLiveStream[] = [];
const people = [
  'coach@demo.test',
  'athlete@demo.test',
  'tyler.brooks@demo.test',
  'diego.martinez@demo.test',
  'coach@rivals.test',
];

beforeAll(async () => {
  t = await createTestContext();
  for (const email of people) tokens[email] = await t.signIn(email);
  const lookups = scheduleLookups(t);
  ids = await lookups.named(tokens['coach@demo.test']!, {
    people: ['athlete@demo.test', 'tyler.brooks@demo.test'],
    groups: ['Pitchers'],
    workouts: ['Upper Body Strength A'],
  });
  today = await lookups.today(tokens['coach@demo.test']!);
});
afterAll(async () => {
  await Promise.all(open.map((stream) => stream.close()));
  await t.close();
});

/** Everyone's stream open before the change, as their browsers would be. */
async function streamsOf(...emails: string[]) {
  const streams = await Promise.all(
    emails.map((email) =>
      openLiveStream((path, init) => t.app.request(`http://localhost${path}`, init), tokens[email]),
    ),
  );
  open.push(...streams);
  return Object.fromEntries(emails.map((email, index) => [email, streams[index]!]));
}

const schedule = (body: Record<string, unknown>) =>
  trackingLookups(t).schedule(tokens['coach@demo.test']!, {
    workoutId: ids['Upper Body Strength A'],
    ...body,
  });

describe('changes announce themselves on the live streams', () => {
  it('a workout scheduled for an athlete reaches the athlete and the staff, not another athlete nor another organisation', async () => {
    const streams = await streamsOf(
      'coach@demo.test',
      'athlete@demo.test',
      'tyler.brooks@demo.test',
      'coach@rivals.test',
    );
    const date = addCalendarDays(today, 3);
    const entry = await schedule({ athleteId: ids['athlete@demo.test'], date });

    const expected = {
      kind: 'schedule',
      data: { data: { athleteIds: [ids['athlete@demo.test']], entryIds: [entry.id], dates: [date] } },
    };
    // The athlete's notification comes first in the transaction (ADR 055: notification rows, then the events lock).
    const isSchedule = (event: { kind: string }) => event.kind === 'schedule';
    expect(await streams['coach@demo.test']!.next(isSchedule)).toMatchObject(expected);
    expect(await streams['athlete@demo.test']!.next(isSchedule)).toMatchObject(expected);
    expect(await streams['tyler.brooks@demo.test']!.next(undefined, 300)).toBeUndefined();
    expect(await streams['coach@rivals.test']!.next(undefined, 300)).toBeUndefined();
  });

  it("a group's workout reaches its members and not the athletes outside it", async () => {
    const streams = await streamsOf('tyler.brooks@demo.test', 'diego.martinez@demo.test');
    await schedule({ groupId: ids.Pitchers, date: addCalendarDays(today, 4) });

    expect(await streams['tyler.brooks@demo.test']!.next((event) => event.kind === 'schedule')).toMatchObject(
      {
        kind: 'schedule',
        data: { data: { groupIds: [ids.Pitchers] } },
      },
    );
    expect(await streams['diego.martinez@demo.test']!.next(undefined, 300)).toBeUndefined();
  });

  it("an athlete's tracking reaches the coach: the log, its pitches, and the finished workout in the feed", async () => {
    const streams = await streamsOf('coach@demo.test');
    const coach = streams['coach@demo.test']!;
    const athlete = tokens['athlete@demo.test']!;
    const entry = await schedule({ athleteId: ids['athlete@demo.test'], date: today });
    const clock = deviceClock();
    const log = await trackingLookups(t).started(athlete, entry.id, clock.next());
    expect(await coach.next((event) => event.kind === 'workout-log')).toMatchObject({
      data: { data: { logId: log.id, athleteIds: [ids['athlete@demo.test']] } },
    });

    const pitch = await t.request('PUT', `/api/completed-workouts/${log.id}/pitches/${uuidv7()}`, {
      token: athlete,
      body: { sequence: 1, pitchType: pitchTypes[0], velocityMph: 84 },
    });
    expect(pitch.status).toBe(201);
    expect(await coach.next((event) => event.kind === 'pitches')).toMatchObject({
      data: { data: { logId: log.id } },
    });

    const finished = await trackingLookups(t).finish(athlete, log.id, clock.next());
    expect(finished.status).toBe(200);
    expect(await coach.next((event) => event.kind === 'activity')).toMatchObject({
      data: { data: { logId: log.id } },
    });
  });

  it('an approved sign-up reaches the staff and the person', async () => {
    const streams = await streamsOf('coach@demo.test');
    const pending = await scheduleLookups(t).userId(tokens['coach@demo.test']!, 'pending@demo.test');
    const approved = await t.request('POST', `/api/users/${pending}/status`, {
      token: tokens['coach@demo.test'],
      body: { status: 'approved' },
    });
    expect(approved.status).toBe(200);
    expect(await streams['coach@demo.test']!.next()).toMatchObject({
      kind: 'people',
      data: { data: { userId: pending } },
    });
  });
});
