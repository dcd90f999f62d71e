import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionnaireTemplateBodies } from '../../../contract/questionnaire-templates';
import type { Report } from '../../../contract/reports';
import {
  athleteGroupMembers,
  athleteGroups,
  exercises,
  loggedSets,
  organizations,
  personalRecords,
  pitches,
  scheduleEntries,
  sensorThrows,
  users,
  workoutLogs,
  workoutSnapshots,
} from '../../db/schema';
import { addCalendarDays, todayIn } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { questionnaireFixtures, wellnessValues } from '../questionnaire-trends/questionnaire-fixtures';

/**
 * A small club of its own (UTC, Monday weeks, kg) with two weeks of training written straight to the tables, so
 * every figure below is worked out by hand: 3 to 16 March 2025, weeks of the 3rd and the 10th.
 */
const from = '2025-03-03';
const to = '2025-03-16';
let t: TestContext;
let coach: string;
let athleteToken: string;
let demoCoach: string;
let organizationId: string;
let demoOrganizationId: string;
let demoGroupId: string;
let today: string;
const id: Record<string, string> = {};
const idOf = (name: string) => {
  const value = id[name];
  if (!value) throw new Error(`No id for ${name}`);
  return value;
};

async function seedClub() {
  const [demoCoachRow] = await t.db.select().from(users).where(eq(users.email, 'coach@demo.test'));
  demoOrganizationId = demoCoachRow!.organizationId;
  const [demoGroup] = await t.db
    .select()
    .from(athleteGroups)
    .where(eq(athleteGroups.organizationId, demoOrganizationId));
  demoGroupId = demoGroup!.id;
  const [club] = await t.db
    .insert(organizations)
    .values({
      slug: 'report-club',
      name: 'Report Club',
      timeZone: 'UTC',
      weekStartsOn: 'monday',
      weightUnit: 'kg',
    })
    .returning();
  organizationId = club!.id;
  const person = (
    email: string,
    firstName: string,
    lastName: string,
    role: 'coach' | 'athlete',
    extra: { dateOfBirth?: string; status?: 'approved' | 'disabled' } = {},
  ) => ({
    organizationId,
    email,
    firstName,
    lastName,
    role,
    status: extra.status ?? 'approved',
    dateOfBirth: extra.dateOfBirth ?? null,
    passwordHash: demoCoachRow!.passwordHash,
    emailVerifiedAt: new Date(),
  });
  const people = await t.db
    .insert(users)
    .values([
      person('coach@report.test', 'Casey', 'Coach', 'coach'),
      // 14 on the 16th: 95 a day; 1 rest day from 21, 2 from 36, 3 from 51, 4 from 66.
      person('ava@report.test', 'Ava', 'Adams', 'athlete', { dateOfBirth: '2010-06-01' }),
      // 17: 105 a day; rest from 31, 46, 61, 81.
      person('ben@report.test', 'Ben', 'Brown', 'athlete', { dateOfBirth: '2008-01-10' }),
      person('cal@report.test', 'Cal', 'Clark', 'athlete'),
      person('dee@report.test', 'Dee', 'Dunn', 'athlete', { status: 'disabled' }),
    ])
    .returning();
  for (const row of people) id[row.firstName] = row.id;
  const groups = await t.db
    .insert(athleteGroups)
    .values([
      { organizationId, name: 'Pitchers' },
      { organizationId, name: 'Lifters' },
    ])
    .returning();
  for (const row of groups) id[row.name] = row.id;
  await t.db.insert(athleteGroupMembers).values([
    { organizationId, groupId: idOf('Pitchers'), userId: idOf('Ava') },
    { organizationId, groupId: idOf('Pitchers'), userId: idOf('Ben') },
    { organizationId, groupId: idOf('Lifters'), userId: idOf('Cal') },
    { organizationId, groupId: idOf('Lifters'), userId: idOf('Ben') },
    { organizationId, groupId: idOf('Lifters'), userId: idOf('Dee') },
  ]);
  const made = await t.db
    .insert(exercises)
    .values([
      { organizationId, name: 'Back Squat', category: 'lift', measures: ['reps', 'load'] },
      { organizationId, name: 'Bench Press', category: 'lift', measures: ['reps', 'load'] },
      { organizationId, name: 'Med Ball Throw', category: 'med-ball', measures: ['reps', 'load'] },
    ])
    .returning();
  for (const row of made) id[row.name] = row.id;
  const snapshots = await t.db
    .insert(workoutSnapshots)
    .values([
      { organizationId, version: 1, name: 'Strength', category: 'lift', blocks: [] },
      { organizationId, version: 1, name: 'Bullpen', category: 'throw', blocks: [] },
    ])
    .returning();
  const snapshotOf = { lift: snapshots[0]!.id, throw: snapshots[1]!.id };

  type Status = 'scheduled' | 'in_progress' | 'completed' | 'skipped';
  interface SetSpec {
    exercise: string;
    load: number;
    reps: number;
    estimate?: number;
    done?: boolean;
    removed?: boolean;
  }
  interface EntrySpec {
    athlete: string;
    date: string;
    category: 'lift' | 'throw';
    status: Status;
    /** A log is written for completed entries given rpe/seconds or sets. */
    rpe?: number | null;
    seconds?: number | null;
    sets?: SetSpec[];
    name?: string;
  }
  const entries: EntrySpec[] = [
    // Ava: 3 completed, 2 missed (one begun, never finished), 1 skipped.
    {
      athlete: 'Ava',
      date: '2025-03-03',
      category: 'lift',
      status: 'completed',
      rpe: 6,
      seconds: 3600,
      sets: [
        { exercise: 'Back Squat', load: 100, reps: 5, estimate: 116.7 },
        { exercise: 'Back Squat', load: 100, reps: 5, estimate: 116.7 },
        { exercise: 'Back Squat', load: 110, reps: 3, estimate: 200, done: false },
        { exercise: 'Back Squat', load: 120, reps: 2, estimate: 200, removed: true },
      ],
      name: 'ava-0303',
    },
    {
      athlete: 'Ava',
      date: '2025-03-05',
      category: 'lift',
      status: 'completed',
      rpe: 7,
      seconds: 3000,
      sets: [
        { exercise: 'Back Squat', load: 105, reps: 5, estimate: 122.5 },
        { exercise: 'Bench Press', load: 50, reps: 8, estimate: 63.3 },
      ],
    },
    { athlete: 'Ava', date: '2025-03-07', category: 'throw', status: 'scheduled' },
    {
      athlete: 'Ava',
      date: '2025-03-10',
      category: 'lift',
      status: 'completed',
      rpe: 8,
      seconds: 2700,
      sets: [{ exercise: 'Back Squat', load: 110, reps: 5, estimate: 128.3 }],
      name: 'ava-0310',
    },
    { athlete: 'Ava', date: '2025-03-12', category: 'throw', status: 'skipped' },
    { athlete: 'Ava', date: '2025-03-14', category: 'lift', status: 'in_progress' },
    // Ben: 4 of 4, and a squat before the range.
    {
      athlete: 'Ben',
      date: '2025-02-20',
      category: 'lift',
      status: 'completed',
      rpe: 5,
      seconds: 3600,
      sets: [{ exercise: 'Back Squat', load: 130, reps: 5, estimate: 150 }],
    },
    {
      athlete: 'Ben',
      date: '2025-03-04',
      category: 'lift',
      status: 'completed',
      rpe: 5,
      seconds: 3600,
      sets: [
        { exercise: 'Back Squat', load: 140, reps: 3, estimate: 154 },
        { exercise: 'Back Squat', load: 140, reps: 3, estimate: 154 },
        { exercise: 'Bench Press', load: 80, reps: 5, estimate: 93.3 },
      ],
      name: 'ben-0304',
    },
    {
      athlete: 'Ben',
      date: '2025-03-06',
      category: 'throw',
      status: 'completed',
      rpe: 4,
      seconds: 1800,
      sets: [{ exercise: 'Med Ball Throw', load: 5, reps: 10 }],
    },
    {
      athlete: 'Ben',
      date: '2025-03-11',
      category: 'lift',
      status: 'completed',
      rpe: 6,
      seconds: 3600,
      sets: [{ exercise: 'Back Squat', load: 150, reps: 3, estimate: 165 }],
      name: 'ben-0311',
    },
    { athlete: 'Ben', date: '2025-03-13', category: 'throw', status: 'completed', rpe: null, seconds: 1800 },
    // Cal: 1 completed, 1 missed; a bench before the range.
    {
      athlete: 'Cal',
      date: '2025-03-02',
      category: 'lift',
      status: 'completed',
      rpe: 4,
      seconds: 2400,
      sets: [{ exercise: 'Bench Press', load: 55, reps: 10, estimate: 73.3 }],
    },
    { athlete: 'Cal', date: '2025-03-03', category: 'lift', status: 'scheduled' },
    {
      athlete: 'Cal',
      date: '2025-03-10',
      category: 'lift',
      status: 'completed',
      rpe: 5,
      seconds: null,
      sets: [{ exercise: 'Bench Press', load: 60, reps: 10, estimate: 80 }],
      name: 'cal-0310',
    },
    // Around today: yesterday missed, today's open one and a later day's not counted, today's completed counts.
    { athlete: 'Cal', date: addCalendarDays(today, -1), category: 'lift', status: 'scheduled' },
    { athlete: 'Cal', date: today, category: 'lift', status: 'scheduled' },
    { athlete: 'Cal', date: today, category: 'throw', status: 'completed' },
    { athlete: 'Cal', date: addCalendarDays(today, 1), category: 'lift', status: 'completed' },
    // Dee left the club: not counted in the club's or a group's report.
    {
      athlete: 'Dee',
      date: '2025-03-05',
      category: 'lift',
      status: 'completed',
      rpe: 9,
      seconds: 3600,
      sets: [{ exercise: 'Back Squat', load: 200, reps: 5, estimate: 233.3 }],
      name: 'dee-0305',
    },
  ];
  for (const [position, entry] of entries.entries()) {
    const [row] = await t.db
      .insert(scheduleEntries)
      .values({
        organizationId,
        athleteId: idOf(entry.athlete),
        date: entry.date,
        position,
        snapshotId: snapshotOf[entry.category],
        name: entry.category,
        category: entry.category,
        status: entry.status,
      })
      .returning();
    if (entry.rpe === undefined && !entry.sets) continue;
    const logId = randomUUID();
    if (entry.name) id[entry.name] = logId;
    const startedAt = new Date(`${entry.date}T15:00:00Z`);
    await t.db.insert(workoutLogs).values({
      id: logId,
      organizationId,
      entryId: row!.id,
      athleteId: idOf(entry.athlete),
      date: entry.date,
      category: entry.category,
      snapshotId: snapshotOf[entry.category],
      status: entry.status === 'completed' ? 'completed' : 'in_progress',
      startedAt,
      finishedAt: startedAt,
      durationSeconds: entry.seconds ?? null,
      sessionRpe: entry.rpe ?? null,
    });
    for (const [index, set] of (entry.sets ?? []).entries()) {
      const setId = randomUUID();
      if (entry.name && index === 0) id[`${entry.name} set`] = setId;
      await t.db.insert(loggedSets).values({
        id: setId,
        organizationId,
        logId,
        athleteId: idOf(entry.athlete),
        blockExerciseId: randomUUID(),
        exerciseId: idOf(set.exercise),
        setNumber: index + 1,
        reps: set.reps,
        load: set.load,
        loadUnit: 'kg',
        loadKg: set.load,
        done: set.done ?? true,
        removed: set.removed ?? false,
        estimatedOneRm: set.estimate ?? null,
        estimatedOneRmKg: set.estimate ?? null,
        performedOn: entry.date,
        changedAt: startedAt,
      });
    }
  }

  const record = (
    log: string,
    athlete: string,
    exercise: string,
    kind: string,
    value: number,
    at: string,
  ) => ({
    organizationId,
    athleteId: idOf(athlete),
    exerciseId: idOf(exercise),
    logId: idOf(log),
    setId: idOf(`${log} set`),
    kind: kind as 'estimated_one_rm',
    value,
    unit: (kind === 'most_reps_at_load' ? 'reps' : 'kg') as 'kg',
    achievedAt: new Date(at),
  });
  await t.db.insert(personalRecords).values([
    record('ava-0310', 'Ava', 'Back Squat', 'estimated_one_rm', 128.3, '2025-03-10T12:00:00Z'),
    record('ben-0311', 'Ben', 'Back Squat', 'estimated_one_rm', 165, '2025-03-11T10:00:00Z'),
    record('cal-0310', 'Cal', 'Bench Press', 'most_reps_at_load', 10, '2025-03-10T09:00:00Z'),
    // Before and after the range, and a record of Dee's: none of them listed.
    record('ben-0304', 'Ben', 'Back Squat', 'heaviest_load', 140, '2025-03-02T23:59:00Z'),
    record('ava-0303', 'Ava', 'Back Squat', 'heaviest_load', 100, '2025-03-17T00:30:00Z'),
    record('dee-0305', 'Dee', 'Back Squat', 'estimated_one_rm', 233.3, '2025-03-05T12:00:00Z'),
  ]);

  // Pitches hang on any log of the athlete (numbered on through it): the rollup reads their own dates.
  const sequences = new Map<string, number>();
  const pitched = (log: string, athlete: string, date: string, groups: [string, number, number][]) => {
    let sequence = sequences.get(log) ?? 0;
    const made = groups.flatMap(([pitchType, count, velocity]) =>
      Array.from({ length: count }, () => ({
        id: randomUUID(),
        organizationId,
        logId: idOf(log),
        athleteId: idOf(athlete),
        date,
        sequence: (sequence += 1),
        pitchType: pitchType as 'fastball',
        velocityMph: velocity,
      })),
    );
    sequences.set(log, sequence);
    return made;
  };
  await t.db.insert(pitches).values([
    // Ava: 40 two days before the range ask 2 rest days, so the 3rd is too early; 30 on the 3rd ask 1, so the 4th is.
    ...pitched('ava-0303', 'Ava', '2025-03-01', [['fastball', 40, 70]]),
    ...pitched('ava-0310', 'Ava', '2025-03-03', [['fastball', 30, 70]]),
    ...pitched('ava-0310', 'Ava', '2025-03-04', [['curveball', 20, 60]]),
    ...pitched('ava-0303', 'Ava', '2025-03-10', [['fastball', 100, 71]]),
    ...pitched('ava-0303', 'Ava', '2025-03-16', [['changeup', 10, 64]]),
    // Ben: 50 on the 5th ask 2 rest days, the 7th is too early; 106 on the 12th is over 105.
    ...pitched('ben-0304', 'Ben', '2025-03-05', [
      ['fastball', 40, 80],
      ['curveball', 10, 65],
    ]),
    ...pitched('ben-0311', 'Ben', '2025-03-07', [['fastball', 10, 75]]),
    ...pitched('ben-0304', 'Ben', '2025-03-12', [['fastball', 106, 81]]),
    ...pitched('dee-0305', 'Dee', '2025-03-05', [['fastball', 60, 90]]),
  ]);
  const thrown = (log: string, athlete: string, date: string, workload: number | null) => ({
    id: randomUUID(),
    organizationId,
    logId: idOf(log),
    athleteId: idOf(athlete),
    date,
    sequence: 1,
    elbowTorqueNm: 50,
    workload,
  });
  await t.db.insert(sensorThrows).values([
    thrown('ava-0303', 'Ava', '2025-03-16', 10),
    thrown('ava-0310', 'Ava', '2025-03-08', 10),
    thrown('ben-0304', 'Ben', '2025-03-01', 5),
    // A throw without a workload leaves Ben's ratio unknown, never 0.
    thrown('ben-0311', 'Ben', '2025-03-15', null),
  ]);

  const fixtures = questionnaireFixtures(t);
  const wellnessBody = questionnaireTemplateBodies.wellness;
  const wellness = await fixtures.questionnaire('report-club', {
    name: 'Wellness',
    versions: [wellnessBody.questions],
    total: wellnessBody.total,
  });
  // Ava: 4s from 24 February, then on the 6th fatigue 2 (2 SD worse: red) and sleep 3 (1 SD: amber), total 17 (red).
  await fixtures.answer(wellness, idOf('Ava'), [
    ...Array.from({ length: 10 }, (_, index) => ({
      date: addCalendarDays('2025-02-24', index),
      values: wellnessValues(4),
    })),
    { date: '2025-03-06', values: wellnessValues(4, { fatigue: 2, sleep: 3 }) },
  ]);
  await fixtures.answer(wellness, idOf('Ben'), [{ date: '2025-03-10', values: wellnessValues(5) }]);
  await fixtures.assignDaily(wellness, { groupId: idOf('Pitchers') }, '2025-03-01');
  const rpeBody = questionnaireTemplateBodies.session_rpe;
  const sessionRpe = await fixtures.questionnaire('report-club', {
    name: 'Session RPE',
    versions: [rpeBody.questions],
    anyDay: true,
  });
  await fixtures.answer(sessionRpe, idOf('Cal'), [
    { date: '2025-03-15', values: { effort: 5, minutes: 40 } },
  ]);
}

beforeAll(async () => {
  t = await createTestContext();
  today = todayIn('UTC');
  await seedClub();
  [coach, athleteToken, demoCoach] = (await Promise.all(
    ['coach@report.test', 'ava@report.test', 'coach@demo.test'].map((email) => t.signIn(email)),
  )) as [string, string, string];
});
afterAll(() => t.close());

const reportPath = (query: Record<string, string> = {}, organization = organizationId) =>
  `/api/reporting/organization/${organization}?${new URLSearchParams({ from, to, ...query }).toString()}`;
const get = (token: string, path: string) => t.request<Report & ErrorBody>('GET', path, { token });

describe("the organisation's report", () => {
  let report: Report;
  beforeAll(async () => {
    const { status, body } = await get(coach, reportPath());
    expect(status).toBe(200);
    report = body;
  });

  it('counts the current athletes, in kg, from the organisation', () => {
    expect(report).toMatchObject({
      organizationId,
      from,
      to,
      today,
      scope: { kind: 'organization', id: organizationId, name: 'Report Club' },
      weightUnit: 'kg',
      athletes: 3,
    });
  });

  it('compliance: completed ÷ (completed + missed), skipped apart, per week, group and athlete', () => {
    const { compliance } = report;
    expect(compliance.total).toEqual({ completed: 8, missed: 3, skipped: 1, due: 11, rate: 0.727 });
    expect(compliance.weeks).toEqual([
      { weekStart: '2025-03-03', completed: 4, missed: 2, skipped: 0, due: 6, rate: 0.667 },
      { weekStart: '2025-03-10', completed: 4, missed: 1, skipped: 1, due: 5, rate: 0.8 },
    ]);
    expect(compliance.groups.map((row) => [row.group.name, row.completed, row.missed, row.rate])).toEqual([
      ['Pitchers', 7, 2, 0.778],
      ['Lifters', 5, 1, 0.833],
    ]);
    expect(
      compliance.athletes.map((row) => [row.athlete.name, row.completed, row.missed, row.skipped, row.rate]),
    ).toEqual([
      ['Cal Clark', 1, 1, 0, 0.5],
      ['Ava Adams', 3, 2, 1, 0.6],
      ['Ben Brown', 4, 0, 0, 1],
    ]);
  });

  it('volume: completed workouts, sets done, reps and load × reps per week and category', () => {
    const { volume } = report;
    expect(volume.weeks).toEqual([
      { weekStart: '2025-03-03', category: 'lift', workouts: 3, sets: 7, reps: 34, load: 3165 },
      { weekStart: '2025-03-03', category: 'throw', workouts: 1, sets: 1, reps: 10, load: 50 },
      { weekStart: '2025-03-10', category: 'lift', workouts: 3, sets: 3, reps: 18, load: 1600 },
      { weekStart: '2025-03-10', category: 'throw', workouts: 1, sets: 0, reps: 0, load: 0 },
    ]);
    expect(volume.categories).toEqual([
      { category: 'lift', workouts: 6, sets: 10, reps: 52, load: 4765 },
      { category: 'throw', workouts: 2, sets: 1, reps: 10, load: 50 },
    ]);
  });

  it('volume: session-RPE load per week and each athlete’s acute:chronic ratio on the last day', () => {
    const { volume } = report;
    // Week 1: 360 + 350 + 300 + 120; week 2: 360 + 360 and Cal's answer, 5 × 40.
    expect(volume.sessionLoad).toEqual([
      { weekStart: '2025-03-03', load: 1130, sessions: 4 },
      { weekStart: '2025-03-10', load: 920, sessions: 3 },
    ]);
    expect(volume.loadRatios).toEqual([
      { athlete: { id: idOf('Cal'), name: 'Cal Clark' }, acute: 200, chronic: 90, ratio: 2.22, zone: 'red' },
      {
        athlete: { id: idOf('Ava'), name: 'Ava Adams' },
        acute: 360,
        chronic: 267.5,
        ratio: 1.35,
        zone: 'amber',
      },
      {
        athlete: { id: idOf('Ben'), name: 'Ben Brown' },
        acute: 360,
        chronic: 270,
        ratio: 1.33,
        zone: 'amber',
      },
    ]);
  });

  it('strength: the lifts with the most sets, best estimated 1RM in and before the range, and the records', () => {
    const { strength } = report;
    expect(
      strength.lifts.map((lift) => [
        lift.exercise.name,
        lift.athletes.map((row) => [row.athlete.name, row.before, row.best, row.change]),
      ]),
    ).toEqual([
      [
        'Back Squat',
        [
          ['Ben Brown', 150, 165, 15],
          ['Ava Adams', null, 128.3, null],
        ],
      ],
      [
        'Bench Press',
        [
          ['Cal Clark', 73.3, 80, 6.7],
          ['Ben Brown', null, 93.3, null],
          ['Ava Adams', null, 63.3, null],
        ],
      ],
    ]);
    expect(strength.recordCount).toBe(3);
    expect(
      strength.records.map((row) => [
        row.athlete.name,
        row.exercise.name,
        row.kind,
        row.value,
        row.unit,
        row.date,
      ]),
    ).toEqual([
      ['Ben Brown', 'Back Squat', 'estimated_one_rm', 165, 'kg', '2025-03-11'],
      ['Ava Adams', 'Back Squat', 'estimated_one_rm', 128.3, 'kg', '2025-03-10'],
      ['Cal Clark', 'Bench Press', 'most_reps_at_load', 10, 'reps', '2025-03-10'],
    ]);
    expect(strength.records[0]!.logId).toBe(idOf('ben-0311'));
  });

  it('throwing: pitch counts against Pitch Smart, rest days, workload ratio and velocity per type and week', () => {
    const { throwing } = report;
    expect(throwing.totalPitches).toBe(326);
    expect(throwing.athletes).toEqual([
      {
        athlete: { id: idOf('Ben'), name: 'Ben Brown' },
        pitches: 166,
        days: 3,
        maxDaily: 106,
        dailyLimit: 105,
        daysOverLimit: 1,
        restDaysMissed: 1,
        workloadRatio: null,
        zone: null,
      },
      {
        athlete: { id: idOf('Ava'), name: 'Ava Adams' },
        pitches: 160,
        days: 4,
        maxDaily: 100,
        dailyLimit: 95,
        daysOverLimit: 1,
        restDaysMissed: 2,
        // Acute (10 × 9 + 10 × 1) ÷ 45, chronic 20 ÷ 28.
        workloadRatio: 3.111,
        zone: 'red',
      },
    ]);
    expect(throwing.velocity).toEqual([
      { weekStart: '2025-03-03', pitchType: 'fastball', pitches: 80, mean: 75.6, top: 80 },
      { weekStart: '2025-03-03', pitchType: 'curveball', pitches: 30, mean: 61.7, top: 65 },
      { weekStart: '2025-03-10', pitchType: 'fastball', pitches: 206, mean: 76.1, top: 81 },
      { weekStart: '2025-03-10', pitchType: 'changeup', pitches: 10, mean: 64, top: 64 },
    ]);
  });

  it('readiness: answers, due, item means and flags judged against each answer’s baseline', () => {
    const { readiness } = report;
    const [wellness, sessionRpe] = readiness.questionnaires;
    expect(wellness).toMatchObject({ questionnaire: { name: 'Wellness' }, answers: 5, due: 28 });
    expect(
      wellness!.items.map((item) => [item.itemId, item.mean, item.answers, item.amber, item.red]),
    ).toEqual([
      ['fatigue', 3.8, 5, 0, 1],
      ['sleep', 4, 5, 1, 0],
      ['soreness', 4.2, 5, 0, 0],
      ['stress', 4.2, 5, 0, 0],
      ['mood', 4.2, 5, 0, 0],
      ['total', 20.4, 5, 0, 1],
    ]);
    expect(sessionRpe).toMatchObject({ questionnaire: { name: 'Session RPE' }, answers: 1, due: null });
    expect(sessionRpe!.items.map((item) => [item.itemId, item.mean])).toEqual([
      ['effort', 5],
      ['minutes', 40],
    ]);
    expect(readiness.flagged).toEqual([
      { athlete: { id: idOf('Ava'), name: 'Ava Adams' }, amber: 1, red: 2 },
    ]);
  });
});

describe('the scope', () => {
  it("a group's report counts its current athlete members only, without groups", async () => {
    const { status, body } = await get(coach, reportPath({ groupId: idOf('Lifters') }));
    expect(status).toBe(200);
    expect(body.scope).toEqual({ kind: 'group', id: idOf('Lifters'), name: 'Lifters' });
    // Cal and Ben; Dee has left.
    expect(body.athletes).toBe(2);
    expect(body.compliance.total).toEqual({ completed: 5, missed: 1, skipped: 0, due: 6, rate: 0.833 });
    expect(body.compliance.groups).toEqual([]);
    expect(body.strength.lifts.map((lift) => [lift.exercise.name, lift.athletes.length])).toEqual([
      ['Back Squat', 1],
      ['Bench Press', 2],
    ]);
    expect(body.throwing.athletes.map((row) => row.athlete.name)).toEqual(['Ben Brown']);
    expect(body.readiness.flagged).toEqual([]);
  });

  it("an athlete's report is that athlete's, today's open workout and later days not yet due", async () => {
    const around = { from: addCalendarDays(today, -1), to: addCalendarDays(today, 1) };
    const { status, body } = await get(coach, reportPath({ athleteId: idOf('Cal'), ...around }));
    expect(status).toBe(200);
    expect(body.scope).toEqual({ kind: 'athlete', id: idOf('Cal'), name: 'Cal Clark' });
    expect(body.athletes).toBe(1);
    expect(body.compliance.total).toEqual({ completed: 1, missed: 1, skipped: 0, due: 2, rate: 0.5 });
    expect(body.compliance.athletes).toHaveLength(1);

    const march = await get(coach, reportPath({ athleteId: idOf('Cal') }));
    expect(march.body.strength.lifts.map((lift) => lift.exercise.name)).toEqual(['Bench Press']);
    expect(march.body.throwing).toEqual({ athletes: [], velocity: [], totalPitches: 0 });
    expect(march.body.volume.loadRatios.map((row) => row.athlete.name)).toEqual(['Cal Clark']);
  });
});

describe('who may read it', () => {
  it("another organisation's id, or one that does not exist, is not found", async () => {
    expect((await get(coach, reportPath({}, demoOrganizationId))).status).toBe(404);
    expect((await get(coach, reportPath({}, randomUUID()))).status).toBe(404);
    const theirs = await get(demoCoach, reportPath());
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('NOT_FOUND');
  });

  it('a group or athlete not in the organisation is not found', async () => {
    expect((await get(coach, reportPath({ groupId: randomUUID() }))).status).toBe(404);
    expect((await get(coach, reportPath({ groupId: demoGroupId }))).status).toBe(404);
    expect((await get(coach, reportPath({ athleteId: idOf('Casey') }))).status).toBe(404);
  });

  it('an athlete may not', async () => {
    expect((await get(athleteToken, reportPath())).status).toBe(403);
  });

  it('a range that ends before it starts, or is longer than 366 days, names the field', async () => {
    const backwards = await get(coach, reportPath({ from: to, to: from }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toHaveProperty('to');
    const long = await get(coach, reportPath({ from: '2024-01-01', to: '2025-01-01' }));
    expect(long.status).toBe(400);
    expect(long.body.error.fields?.to).toMatch(/366/);
    const bad = await get(coach, reportPath({ from: 'March' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty('from');
    const both = await get(coach, reportPath({ groupId: idOf('Pitchers'), athleteId: idOf('Ava') }));
    expect(both.status).toBe(400);
    expect(both.body.error.fields).toHaveProperty('athleteId');
  });
});
