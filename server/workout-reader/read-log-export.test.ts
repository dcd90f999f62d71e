import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readLogExport, recogniseLogExport } from './read-log-export';
import type { SheetRow } from './sheets';

/** An export's lines as the sheet reader hands them over: cells per row, each with its line in the file. */
function exportRows(lines: readonly string[], delimiter = ','): SheetRow[] {
  return Papa.parse<string[]>(lines.join('\n'), { delimiter })
    .data.map((cells, index) => ({ line: index + 1, cells }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
}

function read(lines: readonly string[], defaultUnit: 'lb' | 'kg' = 'lb', delimiter = ',') {
  const result = readLogExport(exportRows(lines, delimiter), defaultUnit);
  if (!result) throw new Error('The export was not recognised');
  return result;
}

const fitNotesHeader = 'Date,Exercise,Category,Weight (lbs),Reps,Distance,Distance Unit,Time';
const strongHeader =
  'Date;Workout Name;Duration;Exercise Name;Set Order;Weight;Reps;Distance;Seconds;Notes;Workout Notes;RPE';

describe('recognising an export by its header', () => {
  it('knows FitNotes and Strong whatever the case, order or extra columns', () => {
    expect(recogniseLogExport(fitNotesHeader.split(','))).toBe('fitnotes');
    expect(
      recogniseLogExport(['\uFEFFdate', 'EXERCISE', 'category', 'Reps', 'Weight (kgs)', 'Comment']),
    ).toBe('fitnotes');
    expect(recogniseLogExport(strongHeader.split(';'))).toBe('strong');
    const strong6 =
      'Workout #,Date,Workout Name,Duration (sec),Exercise Name,Set Order,Weight (kg),Reps,RPE,Distance (meters),Seconds,Notes,Workout Notes';
    expect(recogniseLogExport(strong6.split(','))).toBe('strong');
  });

  it('does not take another spreadsheet for a training log', () => {
    expect(recogniseLogExport(['Athlete', 'Date', 'Pitch Type', 'Velocity'])).toBeNull();
    expect(recogniseLogExport(['Date', 'Exercise', 'Sets', 'Reps'])).toBeNull();
    expect(readLogExport(exportRows(['Week,Day,Exercise,Sets,Reps', '1,1,Back Squat,3,5']), 'lb')).toBeNull();
    expect(readLogExport([], 'kg')).toBeNull();
  });
});

describe('reading a FitNotes export', () => {
  it('makes a session of each day, numbering the sets of each exercise in file order', () => {
    const log = read([
      fitNotesHeader,
      '2024-01-08,Barbell Squat,Legs,225.0,5,,,',
      '2024-01-08,Barbell Squat,Legs,245.0,5,,,',
      '2024-01-08,Pull Up,Back,0.0,8,,,',
      '2024-01-08,Barbell Squat,Legs,265.0,3,,,',
      '2024-01-10,Flat Barbell Bench Press,Chest,185.0,5,,,',
      '2024-01-10,Flat Barbell Bench Press,Chest,185.0,5,,,',
    ]);

    expect(log).toMatchObject({ format: 'fitnotes', weightUnit: 'lb', problems: [] });
    expect(log.sessions.map((session) => [session.date, session.sets.length])).toEqual([
      ['2024-01-08', 4],
      ['2024-01-10', 2],
    ]);
    const [monday] = log.sessions;
    expect(monday).toMatchObject({ startTime: null, name: null, durationSeconds: null, notes: null });
    expect(monday!.sets.map((set) => [set.exercise, set.setNumber, set.load, set.reps])).toEqual([
      ['Barbell Squat', 1, 225, 5],
      ['Barbell Squat', 2, 245, 5],
      ['Pull Up', 1, null, 8],
      ['Barbell Squat', 3, 265, 3],
    ]);
    expect(monday!.sets[0]).toEqual({
      line: 2,
      exercise: 'Barbell Squat',
      setNumber: 1,
      reps: 5,
      load: 225,
      loadUnit: 'lb',
      distance: null,
      distanceUnit: null,
      timeSeconds: null,
      rpe: null,
      notes: null,
    });
    // A pull-up at bodyweight has no load, not a load of 0 lb.
    expect(monday!.sets[2]).toMatchObject({ load: null, loadUnit: null });
  });

  it('reads kilograms from the header, times, and distances in metres', () => {
    const log = read(
      [
        'Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time',
        '2024-03-02,Running (Treadmill),Cardio,,,5.2,km,0:26:30',
        '2024-03-02,Sled Push,Conditioning,80,,20,m,',
        '2024-03-02,Farmer\'s Walk,Conditioning,"32,5",,40,yd,',
        '2024-03-02,Plank,Core,,,,,1:30',
        '2024-03-02,Deadlift,Back,"142,5",3,,,',
        '2024-03-02,Bike,Cardio,,,1.5,mi,0:05:10',
      ],
      'lb',
    );

    expect(log.weightUnit).toBe('kg');
    expect(log.problems).toEqual([]);
    expect(
      log.sessions[0]!.sets.map(({ exercise, load, loadUnit, distance, distanceUnit, timeSeconds }) => ({
        exercise,
        load,
        loadUnit,
        distance,
        distanceUnit,
        timeSeconds,
      })),
    ).toEqual([
      {
        exercise: 'Running (Treadmill)',
        load: null,
        loadUnit: null,
        distance: 5200,
        distanceUnit: 'm',
        timeSeconds: 1590,
      },
      { exercise: 'Sled Push', load: 80, loadUnit: 'kg', distance: 20, distanceUnit: 'm', timeSeconds: null },
      {
        exercise: "Farmer's Walk",
        load: 32.5,
        loadUnit: 'kg',
        distance: 40,
        distanceUnit: 'yd',
        timeSeconds: null,
      },
      { exercise: 'Plank', load: null, loadUnit: null, distance: null, distanceUnit: null, timeSeconds: 90 },
      {
        exercise: 'Deadlift',
        load: 142.5,
        loadUnit: 'kg',
        distance: null,
        distanceUnit: null,
        timeSeconds: null,
      },
      { exercise: 'Bike', load: null, loadUnit: null, distance: 2414, distanceUnit: 'm', timeSeconds: 310 },
    ]);
  });

  it('takes "Weight (kg)" too, and the organisation’s unit when the header names none', () => {
    const kg = read(['Date,Exercise,Category,Weight (kg),Reps', '2024-03-02,Deadlift,Back,140,3'], 'lb');
    expect(kg.weightUnit).toBe('kg');
    expect(kg.sessions[0]!.sets[0]).toMatchObject({ load: 140, loadUnit: 'kg' });

    const plain = read(['Date,Exercise,Category,Weight,Reps', '2024-03-02,Deadlift,Back,140,3'], 'kg');
    expect(plain.weightUnit).toBe('kg');
  });

  it('reports a row with a bad date or number by its line, and keeps the others', () => {
    const log = read([
      fitNotesHeader,
      '2024-01-08,Barbell Squat,Legs,225.0,5,,,',
      '08/01/2024,Barbell Squat,Legs,245.0,5,,,',
      '2024-01-08,Barbell Squat,Legs,two forty-five,5,,,',
      '2024-02-30,Barbell Squat,Legs,245.0,5,,,',
      '2024-01-08,Barbell Squat,Legs,265.0,3,,,',
      '2024-01-08,Rowing Machine,Cardio,,,400,furlongs,',
    ]);

    expect(log.problems).toEqual([
      {
        line: 3,
        sheet: null,
        text: '08/01/2024 · Barbell Squat · Legs · 245.0 · 5 ·  ·  · ',
        message: 'Date “08/01/2024” is not a date: FitNotes writes dates as 2023-04-03.',
      },
      {
        line: 4,
        sheet: null,
        text: '2024-01-08 · Barbell Squat · Legs · two forty-five · 5 ·  ·  · ',
        message: 'Weight (lbs) “two forty-five” is not a number.',
      },
      expect.objectContaining({ line: 5, message: expect.stringContaining('Date “2024-02-30”') as string }),
      expect.objectContaining({
        line: 7,
        message: expect.stringContaining('Distance Unit “furlongs”') as string,
      }),
    ]);
    expect(log.sessions).toHaveLength(1);
    expect(log.sessions[0]!.sets.map((set) => [set.line, set.setNumber, set.load])).toEqual([
      [2, 1, 225],
      [6, 2, 265],
    ]);
  });

  it('leaves out a set with nothing logged, without a problem', () => {
    const log = read([
      fitNotesHeader,
      '2024-01-08,Stretching,Mobility,0.0,0,,,',
      '2024-01-08,Dips,Chest,0,12,,,',
    ]);
    expect(log.problems).toEqual([]);
    expect(log.sessions[0]!.sets).toEqual([
      expect.objectContaining({ exercise: 'Dips', setNumber: 1, reps: 12 }),
    ]);
  });

  it('reads a log of 10,000 sets', () => {
    const lines = [fitNotesHeader];
    for (let index = 0; index < 10_000; index += 1) {
      const day = new Date(Date.UTC(2022, 0, 1 + Math.floor(index / 25))).toISOString().slice(0, 10);
      const exercise = ['Barbell Squat', 'Flat Barbell Bench Press', 'Deadlift', 'Pull Up', 'Plank'][
        index % 5
      ]!;
      lines.push(`${day},${exercise},Strength,${100 + (index % 50)}.5,${1 + (index % 8)},,,`);
    }

    const log = read(lines);

    expect(log.problems).toEqual([]);
    expect(log.sessions).toHaveLength(400);
    expect(log.sessions.reduce((sets, session) => sets + session.sets.length, 0)).toBe(10_000);
    expect(log.sessions.at(-1)).toMatchObject({ date: '2023-02-04' });
    expect(log.sessions.at(-1)!.sets.at(-1)).toMatchObject({
      line: 10_001,
      exercise: 'Plank',
      setNumber: 5,
      load: 149.5,
      reps: 8,
    });
  });
});

describe('reading a Strong export', () => {
  it('makes a session of each workout with its name, duration, notes, warm-ups and RPE', () => {
    const log = read(
      [
        strongHeader,
        '2023-04-03 17:45:12;"Push Day";"1h 5m";"Bench Press (Barbell)";"W";40;10;0;0;"";"Felt strong";',
        '2023-04-03 17:45:12;"Push Day";"1h 5m";"Bench Press (Barbell)";"1";80;5;0;0;"";"Felt strong";7',
        '2023-04-03 17:45:12;"Push Day";"1h 5m";"Bench Press (Barbell)";"2";"82,5";5;0;0;"Paused";"Felt strong";8.5',
        '2023-04-03 17:45:12;"Push Day";"1h 5m";"";"";;;;90;"";"";',
        '2023-04-03 17:45:12;"Push Day";"1h 5m";"Bench Press (Barbell)";"D";60;12;0;0;"";"Felt strong";10',
        '2023-04-03 17:45:12;"Push Day";"1h 5m";"Bench Press (Barbell)";"Rest Timer";0;0;0;120;"";"";',
        '2023-04-03 17:45:12;"Push Day";"1h 5m";"Plank";"1";0;0;0;60;"";"Felt strong";',
        '2023-04-03 06:30:00;"Morning Run";"45m";"Running";"1";0;0;5.25;1800;"";"";',
        '2023-04-03 06:30:00;"Morning Run";"45m";"Stretching";"1";0;0;0;0;"";"";',
        '2023-04-01 10:00:00;"Legs";"52s";"Squat (Barbell)";"1";100;5;0;0;"";"";',
      ],
      'kg',
      ';',
    );

    expect(log).toMatchObject({ format: 'strong', weightUnit: 'kg', problems: [] });
    expect(
      log.sessions.map(({ date, startTime, name, durationSeconds, notes }) => [
        date,
        startTime,
        name,
        durationSeconds,
        notes,
      ]),
    ).toEqual([
      ['2023-04-01', '10:00:00', 'Legs', 52, null],
      ['2023-04-03', '06:30:00', 'Morning Run', 2700, null],
      ['2023-04-03', '17:45:12', 'Push Day', 3900, 'Felt strong'],
    ]);
    const push = log.sessions[2]!;
    // The warm-up and the drop set stay, numbered in order; rest timers are no sets.
    expect(
      push.sets.map(({ exercise, setNumber, load, reps, rpe, notes }) => [
        exercise,
        setNumber,
        load,
        reps,
        rpe,
        notes,
      ]),
    ).toEqual([
      ['Bench Press (Barbell)', 1, 40, 10, null, null],
      ['Bench Press (Barbell)', 2, 80, 5, 7, null],
      ['Bench Press (Barbell)', 3, 82.5, 5, 8.5, 'Paused'],
      ['Bench Press (Barbell)', 4, 60, 12, 10, null],
      ['Plank', 1, null, null, null, null],
    ]);
    expect(push.sets[4]).toMatchObject({ line: 8, timeSeconds: 60 });
    // Strong's plain Distance is in the athlete's unit: kilometres beside kilograms. Stretching logged nothing.
    expect(log.sessions[1]!.sets).toEqual([
      expect.objectContaining({ exercise: 'Running', distance: 5250, distanceUnit: 'm', timeSeconds: 1800 }),
    ]);
  });

  it('reads an older export without RPE in the organisation’s unit', () => {
    const log = read(
      [
        'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes',
        '2021-11-20 08:05,Full Body,1h,Deadlift (Barbell),1,315,5,0,0,,New belt',
        '2021-11-20 08:05,Full Body,1h,Deadlift (Barbell),2,335,3,0,0,,',
        '2021-11-20 08:05,Full Body,1h,Pull Up,1,0,10,0,0,,',
      ],
      'lb',
    );

    expect(log.weightUnit).toBe('lb');
    expect(log.sessions).toEqual([
      {
        date: '2021-11-20',
        startTime: '08:05:00',
        name: 'Full Body',
        durationSeconds: 3600,
        notes: 'New belt',
        sets: [
          expect.objectContaining({
            exercise: 'Deadlift (Barbell)',
            setNumber: 1,
            load: 315,
            loadUnit: 'lb',
            rpe: null,
          }),
          expect.objectContaining({ exercise: 'Deadlift (Barbell)', setNumber: 2, load: 335, reps: 3 }),
          expect.objectContaining({ exercise: 'Pull Up', setNumber: 1, load: null, reps: 10 }),
        ],
      },
    ]);
  });

  it('reads the 12-hour clock some versions write, and one workout however its start is written', () => {
    const log = read(
      [
        'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes',
        '2021-11-22 5:30:00 PM,Evening,45m,Deadlift (Barbell),1,345,1,0,0,,',
        '2021-11-22 17:30,Evening,45m,Deadlift (Barbell),2,355,1,0,0,,',
        '2021-11-22 12:05:00 AM,Midnight,45m,Deadlift (Barbell),1,135,5,0,0,,',
      ],
      'lb',
    );
    expect(log.sessions.map((session) => [session.startTime, session.name, session.sets.length])).toEqual([
      ['00:05:00', 'Midnight', 1],
      ['17:30:00', 'Evening', 2],
    ]);
  });

  it('takes the unit from a "Weight (kg)" header over the organisation’s', () => {
    const log = read(
      [
        'Workout #,Date,Workout Name,Duration (sec),Exercise Name,Set Order,Weight (kg),Reps,RPE,Distance (meters),Seconds,Notes,Workout Notes',
        '12,2024-05-06 18:00:00,Upper,3600,Overhead Press (Barbell),1,50,5,,0,0,,',
        '12,2024-05-06 18:00:00,Upper,3600,Rowing (Machine),1,0,0,,2000,480,,',
      ],
      'lb',
    );

    expect(log.weightUnit).toBe('kg');
    expect(log.sessions[0]).toMatchObject({ durationSeconds: 3600, name: 'Upper' });
    expect(log.sessions[0]!.sets).toEqual([
      expect.objectContaining({ exercise: 'Overhead Press (Barbell)', load: 50, loadUnit: 'kg', reps: 5 }),
      expect.objectContaining({
        exercise: 'Rowing (Machine)',
        distance: 2000,
        distanceUnit: 'm',
        timeSeconds: 480,
      }),
    ]);
  });

  it('reports a bad date or number by its line, naming the column, and keeps the rest of the workout', () => {
    const log = read(
      [
        strongHeader,
        '2023-04-03 17:45:12;"Push Day";"1h 5m";"Bench Press (Barbell)";"1";80;5;0;0;"";"";',
        '3 April 2023;"Push Day";"1h 5m";"Bench Press (Barbell)";"2";80;5;0;0;"";"";',
        '2023-04-03 17:45:12;"Push Day";"1h 5m";"Bench Press (Barbell)";"3";80;5 reps;0;0;"";"";',
        '2023-04-03 17:45:12;"Push Day";"1h 5m";"Bench Press (Barbell)";"4";80;5;0;0;"";"";',
      ],
      'kg',
      ';',
    );

    expect(log.problems).toEqual([
      {
        line: 3,
        sheet: null,
        text: '3 April 2023 · Push Day · 1h 5m · Bench Press (Barbell) · 2 · 80 · 5 · 0 · 0 ·  ·  · ',
        message: 'Date “3 April 2023” is not a date and time: Strong writes them as 2023-04-03 17:45:12.',
      },
      expect.objectContaining({ line: 4, message: 'Reps “5 reps” is not a number.' }),
    ]);
    expect(log.sessions[0]!.sets.map((set) => [set.line, set.setNumber])).toEqual([
      [2, 1],
      [5, 2],
    ]);
  });

  it('keeps a problem’s text to 200 characters', () => {
    const longNote = 'Elbows in, drive through the heels. '.repeat(10);
    const log = read([strongHeader, `not a date;Push;1h;Bench;1;80;5;0;0;${longNote};;`], 'kg', ';');
    expect(log.problems[0]!.text).toHaveLength(200);
    expect(log.problems[0]!.text.startsWith('not a date · Push · 1h · Bench · 1 · 80 · 5')).toBe(true);
  });
});
