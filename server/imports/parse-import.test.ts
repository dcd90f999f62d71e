import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PitchValues, SensorThrowValues } from '../../contract/pitching';
import { ImportFileError, readCsvText } from './csv-file';
import { noHeaderMessage, parseImport, type ImportRequest } from './parse-import';
import { trackmanCsv } from './trackman-sample';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/throwing/${name}`, import.meta.url));
const text = (name: string) => readCsvText(fixture(name));
const workout = { date: '2026-03-14', timeZone: 'America/New_York' };
const parse = (content: string, request: Partial<ImportRequest> = {}) =>
  parseImport({ kind: 'pitches', content, workout, ...request });
const pitchesOf = (content: string, request: Partial<ImportRequest> = {}) =>
  parse(content, request).values as PitchValues[];

/** The refusal a whole file gets: its status and message. */
function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportFileError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('The file was not refused');
}

describe('a Rapsodo pitching export', () => {
  it('skips the preamble, maps the Rapsodo columns and reads every pitch', () => {
    const result = parse(text('rapsodo-pitching.csv'));
    expect(result).toMatchObject({ format: 'rapsodo', status: 'ready', rowCount: 30, errors: [] });
    expect(result.mapping).toMatchObject({
      pitchType: 'Pitch Type',
      velocityMph: 'Velocity',
      spinRateRpm: 'Total Spin',
      spinAxisDegrees: 'Spin Direction',
      inducedVerticalBreakIn: 'VB (trajectory)',
      horizontalBreakIn: 'HB (trajectory)',
      extensionFt: 'Release Extension (ft)',
      strike: 'Is Strike',
    });
    const [first, second] = result.values as PitchValues[];
    // "1","…","Slider","Y",…,"9:30": Rapsodo's clock face is read as degrees (12:00 is 180°).
    expect(first).toMatchObject({
      sequence: 1,
      pitchType: 'slider',
      velocityMph: 79.2,
      spinRateRpm: 2508,
      strike: true,
    });
    expect(first!.spinAxisDegrees).toBe(105);
    expect(second).toMatchObject({ sequence: 2, pitchType: 'fastball', spinAxisDegrees: 217.5 });
    const types = new Set((result.values as PitchValues[]).map((pitch) => pitch.pitchType));
    expect(types).toEqual(new Set(['fastball', 'slider', 'curveball', 'changeup', 'other']));
    // The unclassified pitch ("-") is "other", with no spin axis.
    const other = (result.values as PitchValues[]).find((pitch) => pitch.pitchType === 'other');
    expect(other?.spinAxisDegrees).toBeNull();
  });

  it('names the file’s own line of a bad row, preamble and blank line included', () => {
    const lines = text('rapsodo-pitching.csv').split('\r\n');
    // Line 5 is the first pitch (2 preamble lines, a blank line, the header); pitch 5 is on line 9.
    lines[8] = lines[8]!.replace(/"Y","\d+",/, '"maybe","5",').replace(/"\d+\.\d","(\d{4})"/, '"fast","$1"');
    const result = parse(lines.join('\r\n'));
    expect(result.values).toHaveLength(29);
    expect(result.errors).toEqual([
      { line: 9, field: 'strike', message: 'Write Y or N for Strike (column Is Strike has "maybe")' },
    ]);
  });

  it('reads the other spellings of Rapsodo’s pitch types and strikes', () => {
    const header =
      '"No","Pitch Type","Is Strike","Velocity","Total Spin","HB (trajectory)","VB (trajectory)"';
    const rows = [
      '"1","4-Seam","Yes","90","2300","-8","17"',
      '"2","Four Seam Fastball","TRUE","90","2300","-8","17"',
      '"3","2-Seam","No","88","2100","-14","9"',
      '"4","Sweeper","N","80","2600","14","1"',
      '"5","Changeup","-","81","1700","-12","8"',
      '"6","Splitter","Y","84","1300","-9","4"',
      '"7","Knuckleball","Y","70","300","1","1"',
      '"8","Cutter","Y","86","2400","2","10"',
    ];
    const pitches = pitchesOf([header, ...rows].join('\n'));
    expect(pitches.map((pitch) => [pitch.pitchType, pitch.strike])).toEqual([
      ['fastball', true],
      ['fastball', true],
      ['sinker', false],
      ['sweeper', false],
      ['changeup', null],
      ['splitter', true],
      ['knuckleball', true],
      ['cutter', true],
    ]);
  });
});

describe('a TrackMan export', () => {
  it('maps TrackMan’s columns, its pitch calls and untagged pitches', () => {
    const result = parse(text('trackman.csv'));
    expect(result).toMatchObject({
      format: 'trackman',
      status: 'ready',
      rowCount: 40,
      errors: [],
      pitchers: [],
    });
    expect(result.mapping).toMatchObject({
      sequence: 'PitchNo',
      pitchType: 'TaggedPitchType',
      velocityMph: 'RelSpeed',
      spinAxisDegrees: 'SpinAxis',
      result: 'PitchCall',
    });
    const pitches = result.values as PitchValues[];
    expect(pitches[0]).toMatchObject({ sequence: 1, pitchType: 'sinker', result: 'ball', strike: false });
    expect(pitches[1]).toMatchObject({
      sequence: 2,
      pitchType: 'curveball',
      result: 'in_play',
      strike: true,
    });
    // Pitch 13 is tagged "Undefined": its AutoPitchType is used.
    expect(pitches[12]!.pitchType).not.toBe('other');
    expect(new Set(pitches.map((pitch) => pitch.result))).toEqual(
      new Set(['ball', 'called_strike', 'swinging_strike', 'foul', 'in_play']),
    );
  });

  it('translates every TrackMan tag and call', () => {
    const rows = [
      ['FourSeamFastBall', '', 'StrikeCalled'],
      ['TwoSeamFastBall', '', 'BallIntentional'],
      ['Sinker', '', 'HitByPitch'],
      ['Undefined', 'Slider', 'FoulBallFieldable'],
      ['Other', '', 'FoulBallNotFieldable'],
      ['Sweeper', '', 'StrikeSwinging'],
      ['Splitter', '', 'Undefined'],
    ].map(([tagged, auto, call], index) => `${index + 1},${tagged},${auto},${call},85,,,`);
    const content = [
      'PitchNo,TaggedPitchType,AutoPitchType,PitchCall,RelSpeed,SpinRate,SpinAxis,Tilt',
      ...rows,
    ].join('\n');
    expect(pitchesOf(content).map((pitch) => [pitch.pitchType, pitch.result])).toEqual([
      ['fastball', 'called_strike'],
      ['sinker', 'ball'],
      ['sinker', 'ball'],
      ['slider', 'foul'],
      ['other', 'foul'],
      ['sweeper', 'swinging_strike'],
      ['splitter', null],
    ]);
  });

  it('reads the clock-face Tilt when a file has no SpinAxis', () => {
    const content = 'PitchNo,TaggedPitchType,PitchCall,RelSpeed,Tilt\n1,Fastball,BallCalled,91,1:30\n';
    expect(pitchesOf(content)[0]!.spinAxisDegrees).toBe(225);
  });

  it('waits for a pitcher when a game file holds several, then imports only the chosen one’s, numbered 1..n', () => {
    const content = text('trackman-two-pitchers.csv');
    const waiting = parse(content);
    expect(waiting).toMatchObject({
      status: 'needs_mapping',
      unmappedRequired: [],
      pitchers: ['Alvarez, Chris', 'Brooks, Evan'],
      pitcher: null,
    });
    const chosen = parse(content, { pitcher: 'Brooks, Evan' });
    expect(chosen).toMatchObject({ status: 'ready', pitcher: 'Brooks, Evan', rowCount: 12 });
    expect((chosen.values as PitchValues[]).map((pitch) => pitch.sequence)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
  });

  it('chooses the workout’s athlete among the pitchers by name', () => {
    const content = text('trackman-two-pitchers.csv').replaceAll('Brooks, Evan', 'Rivera, Jamie');
    const result = parse(content, { athlete: { firstName: 'Jamie', lastName: 'Rivera' } });
    expect(result).toMatchObject({ status: 'ready', pitcher: 'Rivera, Jamie', rowCount: 12 });
  });
});

describe('a sensor export (mapped)', () => {
  it('guesses the columns from their names and reads local times in the organisation’s zone', () => {
    const result = parseImport({ kind: 'sensor_throws', content: text('sensor-throws.csv'), workout });
    expect(result).toMatchObject({ format: 'mapped', status: 'ready', rowCount: 30, errors: [] });
    expect(result.mapping).toEqual({
      sequence: 'Throw',
      thrownAt: 'Time',
      armSpeedDegPerS: 'Arm Speed (deg/s)',
      elbowTorqueNm: 'Elbow Torque (Nm)',
      armSlotDegrees: 'Arm Slot (deg)',
      shoulderRotationDegrees: 'Shoulder Rotation (deg)',
    });
    const [first] = result.values as SensorThrowValues[];
    // 16:05:29 in New York on 14 March 2026 (daylight time, UTC−4).
    expect(first).toMatchObject({ sequence: 1, thrownAt: '2026-03-14T20:05:29.000Z', elbowTorqueNm: 45.5 });
    expect(result.columns.find((column) => column.name === 'Throw Type')).toMatchObject({ field: null });
  });

  it('reads other synonyms, times alone on the workout’s date, and epoch times', () => {
    const content = [
      'Timestamp,Velo,Arm Speed,Torque,Arm Slot,Shoulder Rotation',
      '4:05:10 PM,,1200,61.5,47,166',
      '1773518710,,1180,60,46,165',
      '2026-03-14T16:05:30-04:00,,1190,59.9,45,164',
    ].join('\n');
    const result = parseImport({ kind: 'sensor_throws', content, workout });
    expect(result.errors).toEqual([]);
    expect((result.values as SensorThrowValues[]).map((row) => [row.sequence, row.thrownAt])).toEqual([
      [1, '2026-03-14T20:05:10.000Z'],
      [2, '2026-03-14T20:05:10.000Z'],
      [3, '2026-03-14T20:05:30.000Z'],
    ]);
  });

  it('waits for a mapping when no column is a measurement', () => {
    const content = 'Session,Athlete,Notes\n"Bullpen","Jamie","felt good"\n';
    const result = parseImport({ kind: 'sensor_throws', content, workout });
    expect(result.status).toBe('needs_mapping');
    expect(result.unmappedRequired).toContain('elbowTorqueNm');
    expect(result.values).toEqual([]);
  });
});

describe('any other CSV (mapped pitches)', () => {
  const file =
    'Pitch #,Type,Velo,Spin (rpm),Axis,IVB,HB,Result,Notes\n1,FB,91.2,2310,1:00,17.1,-8.8,Called Strike,"Good, on the edge"\n';

  it('guesses from header synonyms and keeps quoted commas in a field', () => {
    const result = parse(file);
    expect(result).toMatchObject({ format: 'mapped', status: 'ready', errors: [] });
    expect(result.values[0]).toMatchObject({
      sequence: 1,
      pitchType: 'fastball',
      velocityMph: 91.2,
      spinRateRpm: 2310,
      spinAxisDegrees: 210,
      result: 'called_strike',
      strike: true,
      note: 'Good, on the edge',
    });
  });

  it('uses the organisation’s saved mapping when the header has all its columns, else a guess', () => {
    const content = 'P,K,S\n1,slider,82\n';
    const saved = { sequence: 'P', pitchType: 'K', velocityMph: 'S' };
    expect(parse(content, { savedMapping: saved })).toMatchObject({ status: 'ready', mapping: saved });
    const other = parse('A,B\n1,2\n', { savedMapping: saved });
    expect(other).toMatchObject({ status: 'needs_mapping', unmappedRequired: ['pitchType', 'velocityMph'] });
  });

  it('leaves a speed in km/h for the coach to map, since velocities are in mph', () => {
    expect(parse('Type,Speed (km/h)\nFastball,146\n').unmappedRequired).toEqual(['velocityMph']);
    expect(parse('Type,Speed (mph)\nFastball,91\n').values).toHaveLength(1);
  });

  it('answers a wrong header with the required fields it lacks, and a missing header as such', () => {
    const wrong = parse('Player,Team,Date\nJamie,Demo,2026-03-14\n');
    expect(wrong).toMatchObject({
      format: 'mapped',
      status: 'needs_mapping',
      unmappedRequired: ['pitchType', 'velocityMph'],
      rowCount: 1,
      values: [],
      errors: [],
    });
    expect(refusal(() => parse('1,Fastball,91.2\n2,Slider,82.0\n'))).toEqual({
      status: 400,
      message: noHeaderMessage,
    });
  });

  it('names the field and line of a text in a number column', () => {
    const result = parse('Type,Velo,Spin Rate\nFastball,91,2300\n\nSlider,82,fast\nCurve,seventy,2500\n');
    expect(result.values).toHaveLength(1);
    expect(result.errors).toEqual([
      {
        line: 4,
        field: 'spinRateRpm',
        message: 'Enter a number for Spin rate (column Spin Rate has "fast")',
      },
      { line: 5, field: 'velocityMph', message: 'Enter the velocity in mph (column Velo has "seventy")' },
    ]);
  });

  it('names a value out of range and a pitch type it does not know', () => {
    const result = parse('Type,Velo\nFastball,191\nScrewball,80\n');
    expect(result.errors).toEqual([
      { line: 2, field: 'velocityMph', message: 'Velocity is at most 115 mph (column Velo has "191")' },
      expect.objectContaining({
        line: 3,
        field: 'pitchType',
        message: expect.stringContaining('Choose one of') as string,
      }),
    ]);
  });

  it('reads a UTF-8 BOM, CRLF, semicolons with decimal commas, tabs and blank lines', () => {
    const bom = new Uint8Array([
      0xef,
      0xbb,
      0xbf,
      ...new TextEncoder().encode('Type;Velo\r\n\r\nFastball;91,5\r\n'),
    ]);
    const content = readCsvText(bom);
    expect(pitchesOf(content)).toEqual([
      expect.objectContaining({ pitchType: 'fastball', velocityMph: 91.5 }),
    ]);
    expect(parse(content).columns.map((column) => column.name)).toEqual(['Type', 'Velo']);
    expect(pitchesOf('Type\tVelo\n\n\nSlider\t82\n')).toEqual([
      expect.objectContaining({ sequence: 1, pitchType: 'slider', velocityMph: 82 }),
    ]);
    const errors = parse('Type,Velo\n\n\nSlider,x\n').errors;
    expect(errors[0]?.line).toBe(4);
  });
});

describe('whole files refused by their content', () => {
  it('refuses an empty file, and one of blank lines', () => {
    expect(refusal(() => readCsvText(new Uint8Array()))).toMatchObject({
      status: 400,
      message: expect.stringContaining('The file is empty') as string,
    });
    expect(refusal(() => readCsvText(new TextEncoder().encode('\r\n\r\n  \n')))).toMatchObject({
      status: 400,
    });
  });

  it('refuses a binary renamed to .csv: PNG bytes, bytes that are not UTF-8, control characters', () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]);
    const latin = new Uint8Array([0x56, 0x65, 0x6c, 0x6f, 0x0a, 0xff, 0xfe, 0x39, 0x31]);
    const controls = new TextEncoder().encode(`Velo\n${'\u0001\u0002'.repeat(20)}91\n`);
    for (const bytes of [png, latin, controls]) {
      expect(refusal(() => readCsvText(bytes))).toMatchObject({
        status: 400,
        message: expect.stringContaining('This is not a CSV file') as string,
      });
    }
  });

  it('refuses a file over 5 MB', () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x31);
    expect(refusal(() => readCsvText(big))).toMatchObject({
      status: 413,
      message: expect.stringContaining('5 MB') as string,
    });
  });

  it('refuses a file of 20,001 rows, saying the limit, and reads one of 20,000 well under 2 s', () => {
    expect(refusal(() => parse(trackmanCsv(20_001)))).toEqual({
      status: 413,
      message: expect.stringContaining('at most 20,000') as string,
    });
    const content = trackmanCsv(20_000);
    // The processor's time, not the clock's: tests share the machine's cores with other work.
    const started = { cpu: process.cpuUsage(), wall: performance.now() };
    const result = parse(content);
    const cpu = process.cpuUsage(started.cpu);
    const elapsed = (cpu.user + cpu.system) / 1000;
    console.log(
      `[imports] 20,000 TrackMan rows parsed and validated: ${elapsed.toFixed(0)} ms of CPU, ${(performance.now() - started.wall).toFixed(0)} ms of wall time`,
    );
    expect(result).toMatchObject({ status: 'ready', rowCount: 20_000, errors: [] });
    expect(result.values).toHaveLength(20_000);
    expect(elapsed).toBeLessThan(2000);
  });
});
