import { describe, expect, it } from 'vitest';
import { matchExercise, nameScore } from './match-exercises';
import { readDayHeading, readExerciseLine, readProgramText } from './read-program';

describe('reading a pasted program', () => {
  it('knows the headings coaches write for weeks and days', () => {
    expect(readDayHeading('Day 1 – Lower')).toEqual({ week: null, day: 1, title: 'Day 1 – Lower' });
    expect(readDayHeading('Week 3')).toEqual({ week: 3, day: null, title: null });
    expect(readDayHeading('Week 2 Day 4: Speed')).toEqual({ week: 2, day: 4, title: 'Day 4: Speed' });
    expect(readDayHeading('W1D2 Upper')).toEqual({ week: 1, day: 2, title: 'Day 2 Upper' });
    expect(readDayHeading('Wednesday')).toEqual({ week: null, day: 3, title: 'Wednesday' });
    expect(readDayHeading('Thurs - Lift')).toEqual({ week: null, day: 4, title: 'Thurs - Lift' });
    expect(readDayHeading('Monday – Lower 2')).toEqual({ week: null, day: 1, title: 'Monday – Lower 2' });
    // An exercise that starts like a weekday is still an exercise.
    expect(readDayHeading('Sun Salutation 2 x 5')).toBeNull();
    expect(readDayHeading('Back Squat 4x6')).toBeNull();
  });

  it('tells the name from the sets, with labels, bullets and notes around them', () => {
    const line = (text: string) => {
      const read = readExerciseLine(text, 'kg');
      if (!read.ok) throw new Error(read.message);
      return read.value;
    };
    expect(line('A1. RDL 3 x 8-10')).toMatchObject({
      name: 'RDL',
      label: 'A1',
      sets: [{ reps: 8, repsMax: 10 }, {}, {}],
    });
    expect(line('- Back Squat: 5 x 5 @ 100')).toMatchObject({
      name: 'Back Squat',
      sets: [{ load: 100, loadUnit: 'kg' }, {}, {}, {}, {}],
    });
    expect(line('21s Curl 3 x 21')).toMatchObject({ name: '21s Curl' });
    expect(line('Plank 3 x 45s')).toMatchObject({ name: 'Plank', sets: [{ timeSeconds: 45 }, {}, {}] });
    expect(line('Bench 4x6 @ 75% – pause on the chest')).toMatchObject({
      name: 'Bench',
      notes: 'pause on the chest',
    });
    expect(line('Box Jump - 3x5')).toMatchObject({ name: 'Box Jump' });
    const refused = readExerciseLine('Back Squat 4 x six', 'lb');
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('“six” is not reps') as string });
    expect(readExerciseLine('Foam roll', 'lb')).toMatchObject({
      ok: false,
      message: expect.stringContaining('No sets') as string,
    });
  });

  it('starts a workout per heading and keeps a sentence as a note', () => {
    const read = readProgramText(
      'Upper A:\nBench Press 3 x 5\nKeep the elbows tucked on every rep.\nFoam roll\n\nLower A\nBack Squat 3x5',
      'lb',
    );
    expect(read.workouts.map((workout) => workout.title)).toEqual(['Upper A', 'Lower A']);
    expect(read.workouts[0]!.exercises[0]!.notes).toBe('Keep the elbows tucked on every rep.');
    expect(read.problems).toEqual([expect.objectContaining({ line: 4, text: 'Foam roll' })]);
  });
});

describe('matching names to the library', () => {
  const library = [
    { id: '0190a0a0-0000-7000-8000-000000000001', name: 'Romanian Deadlift' },
    { id: '0190a0a0-0000-7000-8000-000000000002', name: 'Back Squat' },
    { id: '0190a0a0-0000-7000-8000-000000000003', name: 'Front Squat' },
  ];

  it('matches exactly, then but for case and spacing, else offers close names with a score', () => {
    expect(matchExercise('Back Squat', library).match).toMatchObject({ how: 'exact' });
    expect(matchExercise('back-squat', library).match).toMatchObject({ how: 'spacing', name: 'Back Squat' });
    const rdl = matchExercise('RDL', library);
    expect(rdl.match).toBeNull();
    expect(rdl.candidates[0]).toMatchObject({ name: 'Romanian Deadlift', score: 1 });
    const typo = matchExercise('Bakc Squat', library);
    expect(typo.candidates[0]!.name).toBe('Back Squat');
    expect(typo.candidates[0]!.score).toBeGreaterThanOrEqual(0.8);
    expect(matchExercise('Plank', library).candidates).toEqual([]);
    expect(nameScore('Squat', 'Back Squat')).toBeLessThan(0.85);
  });
});
