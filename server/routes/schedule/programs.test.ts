import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkoutResponse } from '../../../contract/library';
import type {
  Program,
  ProgramApplication,
  ProgramListResponse,
  ProgramPreview,
  ProgramResponse,
  SaveProgramRequest,
  ScheduleBatchResponse,
} from '../../../contract/schedule';
import { scheduleEntries } from '../../db/schema';
import { addCalendarDays, calendarDaysFrom, weekOf } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
let coach: string;
let lookups: ReturnType<typeof scheduleLookups>;
let today: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestContext();
  coach = await t.signIn('coach@demo.test');
  lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  ids = await lookups.named(coach, {
    people: ['eli.thompson@demo.test', 'sam.whitaker@demo.test'],
    groups: ['Pitchers', 'Position Players'],
    workouts: ['Lower Body Strength A', 'Upper Body Strength A', 'Bullpen Day', 'Speed & Agility'],
  });
});
afterAll(() => t.close());

function call<T>(method: string, path: string, body?: unknown, token = coach) {
  return t.request<T & ErrorBody>(method, path, { token, body });
}

const dayPlan = (program: Program) =>
  program.workouts.map((item) => [item.day, item.position, item.workout.name]);

async function createProgram(body: SaveProgramRequest): Promise<Program> {
  const response = await call<ProgramResponse>('POST', '/api/programs', body);
  if (response.status !== 201) throw new Error(`POST /api/programs answered ${response.status}`);
  return response.body.data;
}

describe('programs', () => {
  it('lists the seeded programs by name with their workouts, days and applications counted', async () => {
    const list = await call<ProgramListResponse>('GET', '/api/programs');
    expect(
      list.body.data.map(({ name, workoutCount, dayCount, applicationCount }) => [
        name,
        workoutCount,
        dayCount,
        applicationCount,
      ]),
    ).toEqual([
      ['Off-Season Strength — 4 weeks', 16, 26, 0],
      ['Return to Throw — 3 weeks', 11, 21, 1],
    ]);
  });

  it('makes a program with several workouts a day, reads, changes, duplicates and deletes it', async () => {
    const created = await call<ProgramResponse>('POST', '/api/programs', {
      name: '  Two-a-days  ',
      description: 'Lift in the morning, run at night.',
      workouts: [
        { day: 1, workoutId: ids['Lower Body Strength A'] },
        { day: 1, workoutId: ids['Speed & Agility'] },
        { day: 3, workoutId: ids['Upper Body Strength A'] },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Two-a-days is saved.');
    const program = created.body.data;
    expect(program).toMatchObject({ name: 'Two-a-days', workoutCount: 3, dayCount: 3, applicationCount: 0 });
    expect(dayPlan(program)).toEqual([
      [1, 0, 'Lower Body Strength A'],
      [1, 1, 'Speed & Agility'],
      [3, 0, 'Upper Body Strength A'],
    ]);
    expect((await call<ProgramResponse>('GET', `/api/programs/${program.id}`)).body.data).toEqual(program);

    const changed = await call<ProgramResponse>('PUT', `/api/programs/${program.id}`, {
      name: 'Two-a-days (summer)',
      workouts: [
        { day: 2, workoutId: ids['Bullpen Day'] },
        { day: 1, workoutId: ids['Speed & Agility'] },
      ],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Two-a-days (summer)', description: null, dayCount: 2 });
    expect(dayPlan(changed.body.data)).toEqual([
      [1, 0, 'Speed & Agility'],
      [2, 0, 'Bullpen Day'],
    ]);

    const copy = await call<ProgramResponse>('POST', `/api/programs/${program.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.data.name).toBe('Two-a-days (summer) (copy)');
    expect(dayPlan(copy.body.data)).toEqual(dayPlan(changed.body.data));
    const again = await call<ProgramResponse>('POST', `/api/programs/${copy.body.data.id}/duplicate`);
    expect(again.body.data.name).toBe('Two-a-days (summer) (copy 2)');

    const deleted = await call<{ message: string }>('DELETE', `/api/programs/${program.id}`);
    expect(deleted.body.message).toBe('Two-a-days (summer) is deleted. What it put on the schedule stays.');
    expect((await call('GET', `/api/programs/${program.id}`)).status).toBe(404);
  });

  it('refuses a program that breaks a rule, naming each field', async () => {
    const archived = await call<WorkoutResponse>('POST', `/api/workouts/${ids['Bullpen Day']}/duplicate`, {
      name: 'Old Bullpen',
    });
    await call('POST', `/api/workouts/${archived.body.data.id}/archive`);
    const one = { day: 1, workoutId: ids['Bullpen Day'] };
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ name: 'Empty', workouts: [] }, { workouts: 'A program needs at least one workout' }],
      [{ name: 'Day zero', workouts: [{ ...one, day: 0 }] }, { 'workouts.0.day': 'Days start at day 1' }],
      [
        { name: 'Too long', workouts: [one, { ...one, day: 366 }] },
        { 'workouts.1.day': 'A program is at most 365 days long' },
      ],
      [
        { name: 'Archived', workouts: [one, { day: 2, workoutId: archived.body.data.id }] },
        {
          'workouts.1.workoutId':
            'Old Bullpen is archived: restore it in the library or choose another workout',
        },
      ],
      [
        { name: 'Unknown', workouts: [{ day: 1, workoutId: crypto.randomUUID() }] },
        { 'workouts.0.workoutId': 'There is no such workout in your library' },
      ],
      [
        { name: 'return to throw — 3 WEEKS', workouts: [one] },
        { name: 'There is already a program called Return to Throw — 3 weeks' },
      ],
      [{ name: ' ', workouts: [one] }, { name: 'Enter a name for the program' }],
    ];
    for (const [body, fields] of cases) {
      const response = await call('POST', '/api/programs', body);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.error.fields).toEqual(fields);
    }

    // A workout archived after it went into a program may stay in it.
    const keeps = await call<WorkoutResponse>('POST', `/api/workouts/${ids['Bullpen Day']}/duplicate`, {
      name: 'Soon archived',
    });
    const program = await createProgram({
      name: 'Keeps its workout',
      workouts: [{ day: 1, workoutId: keeps.body.data.id }],
    });
    await call('POST', `/api/workouts/${keeps.body.data.id}/archive`);
    const saved = await call<ProgramResponse>('PUT', `/api/programs/${program.id}`, {
      name: 'Keeps its workout',
      workouts: [{ day: 2, workoutId: keeps.body.data.id }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.workouts[0]?.workout).toMatchObject({ name: 'Soon archived', archived: true });
  });

  it("saves a group's week as a program, day 1 being the first date", async () => {
    const week = weekOf(today, 'monday');
    const response = await call<ProgramResponse>('POST', '/api/programs/from-schedule', {
      name: 'Pitchers week',
      groupId: ids.Pitchers,
      ...week,
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Pitchers week is saved with 5 workouts over 5 days.');
    expect(dayPlan(response.body.data)).toEqual([
      [1, 0, 'Lower Body Strength A'],
      [2, 0, 'Pitcher Arm Care'],
      [3, 0, 'Speed & Agility'],
      [4, 0, 'Upper Body Strength A'],
      [5, 0, 'Bullpen Day'],
    ]);
    const far = addCalendarDays(today, 500);
    const nothing = await call('POST', '/api/programs/from-schedule', {
      name: 'Nothing',
      athleteId: ids['eli.thompson@demo.test'],
      from: far,
      to: far,
    });
    expect(nothing.status).toBe(400);
    expect(Object.keys(nothing.body.error.fields ?? {})).toEqual(['from']);
    const tooLong = await call('POST', '/api/programs/from-schedule', {
      name: 'A year and a day',
      groupId: ids.Pitchers,
      from: today,
      to: addCalendarDays(today, 365),
    });
    expect(tooLong.body.error.fields).toEqual({ to: 'At most 365 days at once (this range has 366)' });
  });
});

describe('applying a program', () => {
  it('previews and applies a program to an athlete, every entry linked to the application, and removes it again', async () => {
    const program = await createProgram({
      name: 'Eli returns',
      workouts: [
        { day: 1, workoutId: ids['Speed & Agility']! },
        { day: 1, workoutId: ids['Lower Body Strength A']! },
        { day: 3, workoutId: ids['Upper Body Strength A']! },
      ],
    });
    const startDate = addCalendarDays(today, 2);
    const body = { athleteId: ids['eli.thompson@demo.test'], startDate };
    const preview = await call<{ data: ProgramPreview }>(
      'POST',
      `/api/programs/${program.id}/applications/preview`,
      body,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ entryCount: 3, endDate: addCalendarDays(startDate, 2) });
    expect(preview.body.data.items.map((item) => [item.date, item.day, item.workout.name])).toEqual([
      [startDate, 1, 'Speed & Agility'],
      [startDate, 1, 'Lower Body Strength A'],
      [addCalendarDays(startDate, 2), 3, 'Upper Body Strength A'],
    ]);
    // What Eli already has on those two dates (the seed gives Eli a session on today + 2).
    const onThoseDays = (
      await lookups.calendar(coach, {
        from: startDate,
        to: addCalendarDays(startDate, 2),
        athleteId: ids['eli.thompson@demo.test']!,
      })
    ).data.filter((item) => item.date !== addCalendarDays(startDate, 1));
    expect(preview.body.data.existing).toEqual(onThoseDays);
    expect(preview.body.data.existing.map((item) => item.name)).toContain('Med-Ball Power');

    const applied = await call<{ message: string; data: ProgramApplication }>(
      'POST',
      `/api/programs/${program.id}/applications`,
      body,
    );
    expect(applied.status).toBe(201);
    expect(applied.body.message).toMatch(
      /^Eli returns is scheduled for Eli Thompson from .+ to .+ \(3 workouts\)\.$/,
    );
    expect(applied.body.data).toMatchObject({
      programId: program.id,
      programName: 'Eli returns',
      athlete: { id: ids['eli.thompson@demo.test'], firstName: 'Eli', lastName: 'Thompson' },
      group: null,
      startDate,
      endDate: addCalendarDays(startDate, 2),
      itemCount: 3,
    });
    const application = applied.body.data;
    const eli = await lookups.calendar(coach, {
      from: startDate,
      to: addCalendarDays(startDate, 2),
      athleteId: ids['eli.thompson@demo.test']!,
    });
    const linked = eli.data.filter((item) => item.programApplicationId === application.id);
    expect(linked.map((item) => item.name)).toEqual([
      'Speed & Agility',
      'Lower Body Strength A',
      'Upper Body Strength A',
    ]);
    // Appended after what was there.
    expect(eli.data.at(-1)?.programApplicationId).toBe(application.id);

    const listed = await call<{ data: ProgramApplication[] }>(
      'GET',
      `/api/programs/${program.id}/applications`,
    );
    expect(listed.body.data).toEqual([application]);

    await t.db
      .update(scheduleEntries)
      .set({ status: 'completed' })
      .where(eq(scheduleEntries.id, linked[0]!.id));
    const removed = await call<ScheduleBatchResponse>(
      'DELETE',
      `/api/program-applications/${application.id}`,
    );
    expect(removed.body).toEqual({
      message: 'Eli returns is removed from the schedule (2 items); anything started or completed stays.',
      count: 2,
      batchId: null,
    });
    const after = await lookups.calendar(coach, {
      from: startDate,
      to: addCalendarDays(startDate, 2),
      athleteId: ids['eli.thompson@demo.test']!,
    });
    expect(after.data.map((item) => item.id)).toEqual(
      eli.data.filter((item) => !linked.slice(1).includes(item)).map((item) => item.id),
    );
    expect(
      (await call<{ data: ProgramApplication[] }>('GET', `/api/programs/${program.id}/applications`)).body
        .data,
    ).toEqual([]);
    expect((await call('DELETE', `/api/program-applications/${application.id}`)).status).toBe(404);
  });

  it('applies a program to a group: an assignment a workout, fanned out to every member', async () => {
    const list = await call<ProgramListResponse>('GET', '/api/programs');
    const offSeason = list.body.data.find((program) => program.name.startsWith('Off-Season'))!;
    const startDate = addCalendarDays(today, 60);
    const body = { groupId: ids['Position Players'], startDate };
    const preview = await call<{ data: ProgramPreview }>(
      'POST',
      `/api/programs/${offSeason.id}/applications/preview`,
      body,
    );
    expect(preview.body.data).toMatchObject({ entryCount: 16 * 5, endDate: addCalendarDays(startDate, 25) });
    expect(preview.body.data.existing).toEqual([]);

    const applied = await call<{ message: string; data: ProgramApplication }>(
      'POST',
      `/api/programs/${offSeason.id}/applications`,
      body,
    );
    expect(applied.body.message).toMatch(
      /^Off-Season Strength — 4 weeks is scheduled for Position Players from .+ \(16 workouts, 64 athlete entries\)\.$/,
    );
    expect(applied.body.data).toMatchObject({
      group: { name: 'Position Players' },
      athlete: null,
      itemCount: 80,
    });
    const group = await lookups.calendar(coach, {
      from: startDate,
      to: addCalendarDays(startDate, 25),
      groupId: ids['Position Players']!,
    });
    expect(group.data).toHaveLength(16);
    expect(
      group.data.every(
        (item) => item.programApplicationId === applied.body.data.id && item.progress?.total === 4,
      ),
    ).toBe(true);
    const sam = await lookups.calendar(coach, {
      from: startDate,
      to: addCalendarDays(startDate, 25),
      athleteId: ids['sam.whitaker@demo.test']!,
    });
    expect(sam.data.map((item) => calendarDaysFrom(startDate, item.date) + 1)).toEqual(
      preview.body.data.items.map((item) => item.day),
    );

    const removed = await call<ScheduleBatchResponse>(
      'DELETE',
      `/api/program-applications/${applied.body.data.id}`,
    );
    expect(removed.body.count).toBe(80);
    expect(
      (await lookups.calendar(coach, { from: startDate, to: addCalendarDays(startDate, 25) })).data,
    ).toEqual([]);
  });

  it('refuses an application it cannot make, saying why', async () => {
    const arm = await lookups.workoutId(coach, 'Pitcher Arm Care');
    const big = await createProgram({
      name: 'Every day, twice',
      workouts: Array.from({ length: 450 }, (_, index) => ({ day: (index % 225) + 1, workoutId: arm })),
    });
    const tooMany = await call('POST', `/api/programs/${big.id}/applications`, {
      groupId: ids['Position Players'],
      startDate: today,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields).toEqual({
      startDate:
        'This would make 2,250 entries; at most 2,000 at once: apply it to fewer athletes, or save a shorter program',
    });
    const preview = await call<{ data: ProgramPreview }>(
      'POST',
      `/api/programs/${big.id}/applications/preview`,
      {
        groupId: ids['Position Players'],
        startDate: today,
      },
    );
    expect(preview.body.data.entryCount).toBe(2250);

    const late = await call('POST', `/api/programs/${big.id}/applications`, {
      athleteId: ids['eli.thompson@demo.test'],
      startDate: '2100-06-01',
    });
    expect(late.body.error.fields).toEqual({
      startDate: 'The program would end after 2100-12-31: choose an earlier start',
    });
    const neither = await call('POST', `/api/programs/${big.id}/applications`, { startDate: today });
    expect(neither.body.error.fields).toEqual({ athleteId: 'Choose an athlete or a group' });

    const rivals = await t.signIn('coach@rivals.test');
    const rival = await lookups.userId(rivals, 'athlete@rivals.test');
    expect(
      (await call('POST', `/api/programs/${big.id}/applications`, { athleteId: rival, startDate: today }))
        .status,
    ).toBe(404);
    const athlete = await t.signIn('athlete@demo.test');
    expect((await call('GET', '/api/programs', undefined, athlete)).status).toBe(403);
  });
});

describe('the library keeps what the schedule and programs use', () => {
  it('archives, rather than deletes, a workout that was scheduled or is in a program', async () => {
    const inProgram = await call<WorkoutResponse>('POST', `/api/workouts/${ids['Bullpen Day']}/duplicate`, {
      name: 'Program only',
    });
    await createProgram({ name: 'Uses it', workouts: [{ day: 1, workoutId: inProgram.body.data.id }] });
    const refused = await call('DELETE', `/api/workouts/${inProgram.body.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "Program only is in a program, so it cannot be deleted: archive it instead. An archived workout leaves the library's lists; what was scheduled keeps its copy.",
    );
    const scheduled = await call<WorkoutResponse>('DELETE', `/api/workouts/${ids['Speed & Agility']}`);
    expect(scheduled.status).toBe(409);
    expect(scheduled.body.error.message).toMatch(
      /^Speed & Agility has been on the schedule, so it cannot be deleted/,
    );

    const unused = await call<WorkoutResponse>('POST', `/api/workouts/${ids['Bullpen Day']}/duplicate`, {
      name: 'Never used',
    });
    expect((await call('DELETE', `/api/workouts/${unused.body.data.id}`)).status).toBe(200);
  });
});
