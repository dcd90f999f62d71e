import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackmanCsv } from '../../imports/trackman-sample';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { fixture, importLookups, type ImportPath } from './import-lookups';

let t: TestContext;
let imports: ReturnType<typeof importLookups>;
let coach: string;
beforeAll(async () => {
  t = await createTestContext();
  imports = importLookups(t);
  coach = await t.signIn('coach@demo.test');
});
afterAll(() => t.close());

const png = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
  0x00, 0x10, 0x00, 0x00, 0x00, 0x10, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0xf3, 0xff, 0x61,
]);
const bom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);

/** Each kind's good file, and its files with quoted commas, a BOM, blank lines and text where numbers belong. */
const files: Record<
  ImportPath,
  { good: Uint8Array; quotedWithBom: Uint8Array; blankLines: string; textInNumbers: string; field: string }
> = {
  pitches: {
    good: fixture('trackman.csv'),
    quotedWithBom: bom(
      'Pitch Type,Velocity,Note\r\n"Fastball","91.5","Up, and away"\r\n"Slider","82.1","Back foot, late"\r\n',
    ),
    blankLines: 'Pitch Type,Velocity\n\nFastball,91\n\n\nSlider,82\n',
    textInNumbers: 'Pitch Type,Velocity,Spin Rate\nFastball,91,2310\nSlider,82,high\n',
    field: 'spinRateRpm',
  },
  'sensor-throws': {
    good: fixture('sensor-throws.csv'),
    quotedWithBom: bom(
      '"Throw","Session","Arm Speed (deg/s)","Elbow Torque (Nm)"\r\n"1","Long toss, 120 ft","1150","61.2"\r\n',
    ),
    blankLines: 'Throw,Torque\n\n1,60\n\n\n2,61\n',
    textInNumbers: 'Throw,Arm Speed,Torque\n1,1150,60\n2,1180,strong\n',
    field: 'elbowTorqueNm',
  },
};

describe.each(['pitches', 'sensor-throws'] as const)('bad input of %s imports', (kind) => {
  let logId: string;
  let keptCount: number;

  beforeAll(async () => {
    logId = await imports.logOf('athlete@demo.test', kind === 'pitches' ? 0 : 1);
    // An earlier import of the workout, committed: every bad file below must leave it as it is.
    const first = await imports.upload(coach, kind, logId, files[kind].good);
    expect(first.status).toBe(201);
    // The fixture's session is of another day than the seeded workout's: imported on purpose.
    const committed = await imports.commit(coach, kind, first.body.import.id, { confirmMismatch: true });
    expect(committed.status).toBe(200);
    keptCount = committed.body.imported;
  });

  /** The refusal of a file, with nothing of it kept and the earlier import's rows untouched. */
  async function refused(file: Uint8Array | string, status: number) {
    const before = await imports.saved(logId);
    const response = await imports.upload(coach, kind, logId, file);
    expect(response.status).toBe(status);
    const after = await imports.saved(logId);
    expect(after.imports).toHaveLength(before.imports.length);
    expect(kind === 'pitches' ? after.pitches : after.throws).toHaveLength(keptCount);
    return response.body.error;
  }

  it('refuses an empty file', async () => {
    expect(await refused('', 400)).toMatchObject({
      message: expect.stringContaining('The file is empty') as string,
      fields: { file: expect.stringContaining('The file is empty') as string },
    });
  });

  it('refuses a binary renamed to .csv', async () => {
    const error = await refused(png, 400);
    expect(error.fields?.file).toContain('This is not a CSV file');
  });

  it('refuses a file of 20,001 rows, saying the limit', async () => {
    const error = await refused(trackmanCsv(20_001), 413);
    expect(error.message).toContain('at most 20,000');
  });

  it('refuses a file over 5 MB', async () => {
    const error = await refused(`Velocity\n${'91.5\n'.repeat(1_100_000)}`, 413);
    expect(error.message).toContain('5 MB');
  });

  it('refuses a file without a header row', async () => {
    const error = await refused('1,91.5,2300\n2,82.0,2450\n', 400);
    expect(error.fields?.file).toContain('no header row');
  });

  it('asks for a mapping of a file with a wrong header, and commits nothing from it', async () => {
    const response = await imports.upload(coach, kind, logId, 'Player,Team,Date\nJamie,Demo,2026-03-14\n');
    expect(response.status).toBe(201);
    expect(response.body.import).toMatchObject({ format: 'mapped', status: 'needs_mapping', rowCount: 1 });
    expect(response.body.import.unmappedRequired.length).toBeGreaterThan(0);
    const commit = await imports.commit(coach, kind, response.body.import.id, { skipInvalidRows: true });
    expect(commit.status).toBe(422);
    expect(Object.keys(commit.body.error.fields ?? {})[0]).toMatch(/^mapping\./);
    const after = await imports.saved(logId);
    expect(kind === 'pitches' ? after.pitches : after.throws).toHaveLength(keptCount);
  });

  it('reads quoted commas and a UTF-8 BOM', async () => {
    const response = await imports.upload(coach, kind, logId, files[kind].quotedWithBom);
    expect(response.status).toBe(201);
    expect(response.body.import).toMatchObject({ status: 'ready', errorCount: 0 });
    expect(response.body.import.columns[0]!.name).toBe(kind === 'pitches' ? 'Pitch Type' : 'Throw');
    expect(response.body.import.rows[0]).toMatchObject(
      kind === 'pitches'
        ? { note: 'Up, and away', velocityMph: 91.5 }
        : { armSpeedDegPerS: 1150, elbowTorqueNm: 61.2 },
    );
    if (kind === 'sensor-throws') {
      expect(response.body.import.columns[1]).toMatchObject({
        name: 'Session',
        field: null,
        samples: ['Long toss, 120 ft'],
      });
    }
  });

  it('skips blank lines and counts them in the lines it names', async () => {
    const response = await imports.upload(coach, kind, logId, files[kind].blankLines);
    expect(response.status).toBe(201);
    expect(response.body.import).toMatchObject({
      status: 'ready',
      rowCount: 2,
      validCount: 2,
      errorCount: 0,
    });
    expect(response.body.import.rows.map((row) => row.sequence)).toEqual([1, 2]);
  });

  it('names the line and field of text where a number belongs, and saves nothing of that file', async () => {
    const response = await imports.upload(coach, kind, logId, files[kind].textInNumbers);
    expect(response.status).toBe(201);
    const preview = response.body.import;
    expect(preview).toMatchObject({ status: 'ready', rowCount: 2, validCount: 1, errorCount: 1 });
    expect(preview.errors).toEqual([
      { line: 3, field: files[kind].field, message: expect.stringMatching(/^Enter a number for /) as string },
    ]);
    const commit = await imports.commit(coach, kind, preview.id);
    expect(commit.status).toBe(422);
    expect(commit.body.error.fields).toEqual({ 'line 3': preview.errors[0]!.message });
    const after = await imports.saved(logId);
    expect(kind === 'pitches' ? after.pitches : after.throws).toHaveLength(keptCount);
    expect(after.imports.filter((row) => row.committedAt)).toHaveLength(1);
  });

  it('reads a Rapsodo and a TrackMan file as what they are for this kind', async () => {
    for (const name of ['rapsodo-pitching.csv', 'trackman.csv']) {
      const response = await imports.upload(coach, kind, logId, fixture(name));
      expect(response.status).toBe(201);
      if (kind === 'pitches') {
        expect(response.body.import).toMatchObject({
          format: name.startsWith('rapsodo') ? 'rapsodo' : 'trackman',
          status: 'ready',
          errorCount: 0,
        });
      } else {
        // A pitch tracker's file has no arm-sensor measurement: it waits for columns that are.
        expect(response.body.import).toMatchObject({ format: 'mapped', status: 'needs_mapping' });
        expect(response.body.import.unmappedRequired).toContain('elbowTorqueNm');
      }
    }
  });
});
