import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledWorkout } from '../../../contract/schedule';
import type {
  Program,
  ProgramApplication,
  ProgramPreview,
  ProgramResponse,
  SaveProgramRequest,
} from '../../../contract/schedule';
import { addCalendarDays } from '../../lib/calendar-days';
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
    people: ['sam.whitaker@demo.test'],
    groups: ['Position Players'],
    workouts: ['Lower Body Strength A', 'Upper Body Strength A'],
  });
});
afterAll(() => t.close());

function call<T>(method: string, path: string, body?: unknown) {
  return t.request<T & ErrorBody>(method, path, { token: coach, body });
}

/** Lower Body Strength A on the first day of five weeks. */
const fiveWeeks = () => [1, 8, 15, 22, 29].map((day) => ({ day, workoutId: ids['Lower Body Strength A']! }));

async function save(body: SaveProgramRequest, programId?: string): Promise<Program> {
  const response = programId
    ? await call<ProgramResponse>('PUT', `/api/programs/${programId}`, body)
    : await call<ProgramResponse>('POST', '/api/programs', body);
  if (response.status >= 300)
    throw new Error(`Saving answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body.data;
}

/** An exercise's sets as a coach reads them: %1RM of each set, or reps when it has no %1RM. */
function numbers(workout: Pick<ScheduledWorkout, 'blocks'>, exercise: string) {
  const found = workout.blocks
    .flatMap((block) => block.exercises)
    .find((item) => item.exercise.name === exercise);
  return found?.sets.map((set) => set.percentOneRm ?? set.reps);
}

describe('a program that progresses', () => {
  it('puts each week’s numbers in the copies it schedules: +2.5 %1RM a week, +1 set of box jumps, week 4 a deload at 60 %', async () => {
    const draft = await save({ name: 'Strength block', workouts: fiveWeeks() });
    const boxJump = draft.exercises.find((exercise) => exercise.name === 'Box Jump')!;
    expect(draft.progression).toBeNull();
    expect(draft.exercises.map((exercise) => exercise.name)).toContain('Trap-Bar Deadlift');

    const program = await save(
      {
        name: 'Strength block',
        workouts: fiveWeeks(),
        progression: {
          rules: [{ percentOneRm: 2.5 }, { exerciseId: boxJump.id, sets: 1 }],
          deloads: [{ week: 4, volumePercent: 60 }],
        },
      },
      draft.id,
    );
    expect(program.progression).toEqual({
      rules: [
        { exerciseId: null, percentOneRm: 2.5, load: null, loadUnit: null, sets: null, reps: null },
        { exerciseId: boxJump.id, percentOneRm: null, load: null, loadUnit: null, sets: 1, reps: null },
      ],
      deloads: [{ week: 4, volumePercent: 60 }],
    });

    const startDate = addCalendarDays(today, 70);
    const body = { groupId: ids['Position Players'], startDate };
    const preview = await call<{ data: ProgramPreview }>(
      'POST',
      `/api/programs/${program.id}/applications/preview`,
      body,
    );
    expect(preview.body.data.weeks).toEqual([
      { week: 1, deloadPercent: null },
      { week: 2, deloadPercent: null },
      { week: 3, deloadPercent: null },
      { week: 4, deloadPercent: 60 },
      { week: 5, deloadPercent: null },
    ]);
    const previewOf = (exercise: string) =>
      preview.body.data.exercises
        .find((row) => row.exercise.name === exercise)!
        .weeks.map(({ week, sets }) => [week, sets.map((set) => set.percentOneRm ?? set.reps)]);
    const deadlift = [
      [1, [70, 75, 80, 80]],
      [2, [72.5, 77.5, 82.5, 82.5]],
      [3, [75, 80, 85, 85]],
      // The deload holds week 3's intensity with 60 % of the sets; week 5 goes on from week 3.
      [4, [75, 80]],
      [5, [77.5, 82.5, 87.5, 87.5]],
    ];
    const boxJumps = [
      [1, [3, 3, 3]],
      [2, [3, 3, 3, 3]],
      [3, [3, 3, 3, 3, 3]],
      [4, [3, 3, 3]],
      [5, [3, 3, 3, 3, 3, 3]],
    ];
    expect(previewOf('Trap-Bar Deadlift')).toEqual(deadlift);
    expect(previewOf('Box Jump')).toEqual(boxJumps);
    // No %1RM to change and no rule of its own: as written every week but the deload.
    expect(previewOf('Pallof Press').map(([, reps]) => (reps as number[]).length)).toEqual([4, 4, 4, 2, 4]);

    const applied = await call<{ data: ProgramApplication }>(
      'POST',
      `/api/programs/${program.id}/applications`,
      body,
    );
    expect(applied.status).toBe(201);
    const calendar = await lookups.calendar(coach, {
      from: startDate,
      to: addCalendarDays(startDate, 28),
      groupId: ids['Position Players']!,
    });
    const assignments = calendar.data.filter((item) => item.programApplicationId === applied.body.data.id);
    expect(assignments).toHaveLength(5);
    const copies = await Promise.all(assignments.map((item) => lookups.detail(coach, item)));
    expect(copies.map((copy, index) => [index + 1, numbers(copy.workout, 'Trap-Bar Deadlift')])).toEqual(
      deadlift,
    );
    expect(copies.map((copy, index) => [index + 1, numbers(copy.workout, 'Box Jump')])).toEqual(boxJumps);
    // Each member's entry carries its week's numbers too.
    const member = copies[1]!.members![0]!;
    const entry = await lookups.detail(coach, { id: member.entryId, kind: 'entry' });
    expect(numbers(entry.workout, 'Trap-Bar Deadlift')).toEqual([72.5, 77.5, 82.5, 82.5]);

    // The library's workout is as it was, and changing the program does not rewrite what is scheduled.
    const library = await call<{ data: ScheduledWorkout }>(
      'GET',
      `/api/workouts/${ids['Lower Body Strength A']}`,
    );
    expect(numbers(library.body.data, 'Trap-Bar Deadlift')).toEqual([70, 75, 80, 80]);
    await save({ name: 'Strength block', workouts: fiveWeeks(), progression: null }, program.id);
    const again = await lookups.detail(coach, assignments[2]!);
    expect(numbers(again.workout, 'Trap-Bar Deadlift')).toEqual([75, 80, 85, 85]);
  });

  it('adds load and reps per week in the set’s unit, and two applications of the same week share one copy', async () => {
    const program = await save({
      name: 'Upper progression',
      workouts: [1, 8].map((day) => ({ day, workoutId: ids['Upper Body Strength A']! })),
      progression: { rules: [{ load: 5, loadUnit: 'lb', reps: 1 }], deloads: [] },
    });
    const startDate = addCalendarDays(today, 120);
    const preview = await call<{ data: ProgramPreview }>(
      'POST',
      `/api/programs/${program.id}/applications/preview`,
      { athleteId: ids['sam.whitaker@demo.test'], startDate },
    );
    const changed = preview.body.data.exercises.flatMap((row) => {
      const [first, second] = row.weeks;
      return first!.sets.flatMap((set, index) => {
        const next = second!.sets[index]!;
        return [
          [
            set.reps === null ? null : next.reps! - set.reps,
            set.load === null ? null : next.load! - set.load,
          ],
        ];
      });
    });
    expect(changed.length).toBeGreaterThan(0);
    // Every set with reps has one more in week 2; every set with a load has 5 lb more.
    for (const [reps, load] of changed) {
      if (reps !== null) expect(reps).toBe(1);
      if (load !== null) expect(load).toBe(5);
    }

    const apply = () =>
      call<{ data: ProgramApplication }>('POST', `/api/programs/${program.id}/applications`, {
        athleteId: ids['sam.whitaker@demo.test'],
        startDate,
      });
    const first = await apply();
    const second = await apply();
    const sam = await lookups.calendar(coach, {
      from: addCalendarDays(startDate, 7),
      to: addCalendarDays(startDate, 7),
      athleteId: ids['sam.whitaker@demo.test']!,
    });
    const weekTwo = await Promise.all(
      sam.data
        .filter((item) => [first.body.data.id, second.body.data.id].includes(item.programApplicationId!))
        .map((item) => lookups.detail(coach, item)),
    );
    expect(weekTwo).toHaveLength(2);
    expect(weekTwo[0]!.workout.blocks).toEqual(weekTwo[1]!.workout.blocks);
  });

  it('names the field of a rule or deload that is wrong', async () => {
    const otherExercise = (
      await save({ name: 'Upper only', workouts: [{ day: 1, workoutId: ids['Upper Body Strength A']! }] })
    ).exercises[0]!;
    const refused = await call('POST', '/api/programs', {
      name: 'Bad progression',
      workouts: fiveWeeks(),
      progression: {
        rules: [{ load: 5 }, { exerciseId: otherExercise.id, reps: 1 }],
        deloads: [{ week: 1, volumePercent: 60 }],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toMatchObject({
      'progression.rules.0.loadUnit': 'Choose lb or kg for the load',
      'progression.deloads.0.week': 'Week 1 is the program as written: a deload is week 2 or later',
    });

    const nothing = await call('POST', '/api/programs', {
      name: 'Bad progression',
      workouts: fiveWeeks(),
      progression: {
        rules: [{ percentOneRm: 0 }, { percentOneRm: 40 }],
        deloads: [
          { week: 4, volumePercent: 60 },
          { week: 4, volumePercent: 5 },
        ],
      },
    });
    expect(nothing.body.error.fields).toEqual({
      'progression.rules.0.percentOneRm': 'Give a weekly change of %1RM, load, sets or reps',
      'progression.rules.1.percentOneRm': '%1RM changes by at most 20 percentage points a week',
      'progression.rules.1.exerciseId': 'The program already has a rule for every exercise',
      'progression.deloads.1.volumePercent': 'A deload keeps at least 10 % of the volume',
      'progression.deloads.1.week': 'Week 4 is already a deload',
    });

    const notInIt = await call('POST', '/api/programs', {
      name: 'Bad progression',
      workouts: fiveWeeks(),
      progression: { rules: [{ exerciseId: otherExercise.id, reps: 1 }] },
    });
    expect(notInIt.body.error.fields).toEqual({
      'progression.rules.0.exerciseId': 'No workout of this program has this exercise',
    });
  });
});
