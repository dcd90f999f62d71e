import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMappings, organizations, throwImports, users, workoutLogs } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { fixture, importLookups } from './import-lookups';

let t: TestContext;
let imports: ReturnType<typeof importLookups>;
let coach: string;
let athlete: string;
beforeAll(async () => {
  t = await createTestContext();
  imports = importLookups(t);
  coach = await t.signIn('coach@demo.test');
  athlete = await t.signIn('athlete@demo.test');
});
afterAll(() => t.close());

describe('importing pitches: preview, then commit', () => {
  it('previews a Rapsodo file without saving a pitch, commits it once, and a TrackMan file replaces it', async () => {
    const logId = await imports.logOf('athlete@demo.test', 0);
    const uploaded = await imports.upload(
      coach,
      'pitches',
      logId,
      fixture('rapsodo-pitching.csv'),
      'Rivera 3-14.csv',
    );
    expect(uploaded.status).toBe(201);
    const preview = uploaded.body.import;
    expect(preview).toMatchObject({
      kind: 'pitches',
      logId,
      fileName: 'Rivera 3-14.csv',
      format: 'rapsodo',
      status: 'ready',
      rowCount: 30,
      validCount: 30,
      errorCount: 0,
      existingCount: 0,
      unmappedRequired: [],
      // Jamie's own file (the player matches), of a session in March, not of this workout's day.
      mismatches: [{ kind: 'date', inFile: ['2026-03-14'] }],
    });
    expect(preview.columns.find((column) => column.name === 'Total Spin')).toMatchObject({
      field: 'spinRateRpm',
      samples: ['2508', '2290', expect.any(String) as string],
    });
    expect(preview.rows[0]).toMatchObject({
      sequence: 1,
      pitchType: 'slider',
      velocityMph: 79.2,
      strike: true,
    });
    expect((await imports.saved(logId)).pitches).toEqual([]);
    expect((await imports.get(coach, 'pitches', preview.id)).body.import).toEqual(preview);

    const committed = await imports.commit(coach, 'pitches', preview.id, { confirmMismatch: true });
    expect(committed).toMatchObject({ status: 200, body: { imported: 30, replaced: 0, skipped: 0, logId } });
    const saved = await imports.saved(logId);
    expect(saved.pitches).toHaveLength(30);
    expect(saved.pitches.every((pitch) => pitch.source === 'rapsodo' && pitch.importId === preview.id)).toBe(
      true,
    );
    expect(saved.pitches[0]).toMatchObject({
      sequence: 1,
      pitchType: 'slider',
      velocityMph: 79.2,
      spinAxisDegrees: 105,
      strike: true,
      result: null,
      note: null,
    });
    expect(saved.pitches[0]!.updatedAt).toBeInstanceOf(Date);
    expect((await imports.commit(coach, 'pitches', preview.id)).status).toBe(409);
    expect((await imports.get(coach, 'pitches', preview.id)).body.import.status).toBe('committed');
    expect((await imports.update(coach, 'pitches', preview.id, { pitcher: null })).status).toBe(409);

    const trackman = await imports.upload(coach, 'pitches', logId, fixture('trackman.csv'));
    expect(trackman.body.import).toMatchObject({ format: 'trackman', status: 'ready', existingCount: 30 });
    const replaced = await imports.commit(coach, 'pitches', trackman.body.import.id, {
      confirmMismatch: true,
    });
    expect(replaced.body).toMatchObject({ imported: 40, replaced: 30, skipped: 0 });
    const after = await imports.saved(logId);
    expect(after.pitches).toHaveLength(40);
    expect(new Set(after.pitches.map((pitch) => pitch.source))).toEqual(new Set(['trackman']));
    // TrackMan's calls become results, and the strike follows the result.
    expect(after.pitches[0]).toMatchObject({ result: 'ball', strike: false, pitchType: 'sinker' });
  });

  it('saves the rows that parse when asked to leave the others out', async () => {
    const logId = await imports.logOf('athlete@demo.test', 1);
    const file = 'Pitch Type,Velocity\nFastball,91\nSlider,fast\nChangeUp,82\n';
    const uploaded = await imports.upload(coach, 'pitches', logId, file);
    expect(uploaded.body.import).toMatchObject({ validCount: 2, errorCount: 1 });
    const refused = await imports.commit(coach, 'pitches', uploaded.body.import.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toContain('Nothing was saved');
    const committed = await imports.commit(coach, 'pitches', uploaded.body.import.id, {
      skipInvalidRows: true,
    });
    expect(committed.body).toMatchObject({ imported: 2, replaced: 0, skipped: 1 });
    expect((await imports.saved(logId)).pitches.map((pitch) => [pitch.sequence, pitch.pitchType])).toEqual([
      [1, 'fastball'],
      [3, 'changeup'],
    ]);
  });

  it('waits for the pitcher of a game file, then imports only that pitcher’s pitches', async () => {
    const logId = await imports.logOf('athlete@demo.test', 2);
    const uploaded = await imports.upload(coach, 'pitches', logId, fixture('trackman-two-pitchers.csv'));
    const id = uploaded.body.import.id;
    expect(uploaded.body.import).toMatchObject({
      status: 'needs_mapping',
      unmappedRequired: [],
      pitchers: ['Alvarez, Chris', 'Brooks, Evan'],
      pitcher: null,
    });
    const early = await imports.commit(coach, 'pitches', id);
    expect(early.status).toBe(422);
    expect(early.body.error.fields).toHaveProperty('pitcher');
    const unknown = await imports.update(coach, 'pitches', id, { pitcher: 'Nobody, Else' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields).toEqual({ pitcher: 'The file has no pitcher "Nobody, Else"' });

    const chosen = await imports.update(coach, 'pitches', id, { pitcher: 'Brooks, Evan' });
    expect(chosen.body.import).toMatchObject({ status: 'ready', pitcher: 'Brooks, Evan', rowCount: 12 });
    expect((await imports.get(coach, 'pitches', id)).body.import.pitcher).toBe('Brooks, Evan');
    // Another pitcher than the workout's athlete, on another day: said, and imported only when confirmed.
    expect(chosen.body.import.mismatches.map((mismatch) => mismatch.message)).toEqual([
      "The file is Brooks, Evan's; this workout is Jamie Rivera's.",
      expect.stringContaining("The file's pitches are dated 14 March 2026;") as string,
    ]);
    expect((await imports.commit(coach, 'pitches', id)).status).toBe(409);
    expect((await imports.commit(coach, 'pitches', id, { confirmMismatch: true })).body).toMatchObject({
      imported: 12,
    });
  });
});

describe('a file of another player or another day (issue 23)', () => {
  /** A fixture with its dates moved to the workout's, as a file of that day would be. */
  const onDateOf = async (logId: string, name: string, from: string) => {
    const [log] = await t.db
      .select({ date: workoutLogs.date })
      .from(workoutLogs)
      .where(eq(workoutLogs.id, logId));
    return new TextDecoder().decode(fixture(name)).replaceAll(from, log!.date);
  };

  it('warns that Jamie Rivera’s Rapsodo file of 14 March is not Tyler Brooks’s workout, and saves it only when confirmed', async () => {
    const logId = await imports.logOf('tyler.brooks@demo.test', 2);
    const uploaded = await imports.upload(coach, 'pitches', logId, fixture('rapsodo-pitching.csv'));
    expect(uploaded.status).toBe(201);
    const { date } = (
      await t.db.select({ date: workoutLogs.date }).from(workoutLogs).where(eq(workoutLogs.id, logId))
    )[0]!;
    expect(uploaded.body.import.mismatches).toEqual([
      {
        kind: 'player',
        inFile: ['Jamie Rivera'],
        message: "The file is Jamie Rivera's; this workout is Tyler Brooks's.",
      },
      {
        kind: 'date',
        inFile: ['2026-03-14'],
        message: expect.stringMatching(
          new RegExp(
            `^The file's pitches are dated 14 March 2026; this workout is on \\d{1,2} \\w+ ${date.slice(0, 4)}\\.$`,
          ),
        ) as string,
      },
    ]);

    const refused = await imports.commit(coach, 'pitches', uploaded.body.import.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(
      "The file is Jamie Rivera's; this workout is Tyler Brooks's.",
    );
    expect(refused.body.error.message).toContain('Nothing was saved');
    expect(refused.body.error.fields).toHaveProperty('confirmMismatch');
    expect((await imports.saved(logId)).pitches).toEqual([]);

    const confirmed = await imports.commit(coach, 'pitches', uploaded.body.import.id, {
      confirmMismatch: true,
    });
    expect(confirmed.body).toMatchObject({ imported: 30 });
  });

  it('imports Tyler’s own file of the workout’s day without a word, his name written “Brooks, Tyler”', async () => {
    const logId = await imports.logOf('tyler.brooks@demo.test', 0);
    const file = await onDateOf(logId, 'rapsodo-tyler-brooks.csv', '2026-11-20');
    const uploaded = await imports.upload(coach, 'pitches', logId, file);
    expect(uploaded.body.import).toMatchObject({ format: 'rapsodo', validCount: 6, mismatches: [] });
    expect((await imports.commit(coach, 'pitches', uploaded.body.import.id)).body).toMatchObject({
      imported: 6,
    });
  });

  it('checks a TrackMan file’s dates and its one pitcher too', async () => {
    const jamiesLog = await imports.logOf('athlete@demo.test', 6);
    const sameDay = await imports.upload(
      coach,
      'pitches',
      jamiesLog,
      await onDateOf(jamiesLog, 'trackman.csv', '2026-03-14'),
    );
    expect(sameDay.body.import).toMatchObject({ format: 'trackman', mismatches: [] });

    const tylersLog = await imports.logOf('tyler.brooks@demo.test', 1);
    const tylers = await imports.upload(
      coach,
      'pitches',
      tylersLog,
      await onDateOf(tylersLog, 'trackman.csv', '2026-03-14'),
    );
    expect(tylers.body.import.mismatches).toEqual([
      expect.objectContaining({ kind: 'player', inFile: ['Rivera, Jamie'] }),
    ]);
    const otherDay = await imports.upload(coach, 'pitches', jamiesLog, fixture('trackman.csv'));
    expect(otherDay.body.import.mismatches).toEqual([
      expect.objectContaining({ kind: 'date', inFile: ['2026-03-14'] }),
    ]);
    expect((await imports.commit(coach, 'pitches', otherDay.body.import.id)).status).toBe(409);
  });
});

describe('column mappings', () => {
  const header = 'Pitch,Kind,Radar,Spinny';

  it('keeps a mapping set for a file of no known format and starts the next such file from it', async () => {
    const logId = await imports.logOf('tyler.brooks@demo.test', 0);
    const uploaded = await imports.upload(coach, 'pitches', logId, `${header}\n1,Slider,82,2400\n`);
    const id = uploaded.body.import.id;
    expect(uploaded.body.import).toMatchObject({
      format: 'mapped',
      status: 'needs_mapping',
      unmappedRequired: ['pitchType', 'velocityMph'],
    });

    const wrong = await imports.update(coach, 'pitches', id, {
      mapping: { velocityMph: 'Velo', armSpeedDegPerS: 'Kind' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toMatchObject({
      'mapping.velocityMph': 'The file has no column "Velo" for Velocity (mph)',
      'mapping.armSpeedDegPerS': expect.stringContaining('Not a field of pitches') as string,
    });

    const mapped = await imports.update(coach, 'pitches', id, {
      mapping: { pitchType: 'Kind', velocityMph: 'Radar', spinRateRpm: 'Spinny' },
    });
    expect(mapped.status).toBe(200);
    expect(mapped.body.import).toMatchObject({ status: 'ready', unmappedRequired: [], validCount: 1 });
    expect(mapped.body.import.rows[0]).toMatchObject({
      pitchType: 'slider',
      velocityMph: 82,
      spinRateRpm: 2400,
    });
    const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    const [saved] = await t.db
      .select()
      .from(importMappings)
      .where(eq(importMappings.organizationId, demo!.id));
    expect(saved).toMatchObject({
      kind: 'pitches',
      mapping: { pitchType: 'Kind', velocityMph: 'Radar' },
    });

    // The athlete's next file of the same columns, in another order, is ready at once.
    const next = await imports.upload(
      athlete,
      'pitches',
      await imports.logOf('athlete@demo.test', 3),
      'Spinny,Radar,Kind,Pitch\n2350,84,Fastball,1\n',
    );
    expect(next.body.import).toMatchObject({ status: 'ready', validCount: 1 });
    expect(next.body.import.rows[0]).toMatchObject({ pitchType: 'fastball', velocityMph: 84 });
  });
});

describe('importing arm-sensor throws', () => {
  it('maps a sensor export, and saves each throw’s workload from the athlete’s height and weight', async () => {
    const logId = await imports.logOf('athlete@demo.test', 4);
    await t.db
      .update(users)
      .set({ heightInches: 72, weightPounds: 185 })
      .where(eq(users.email, 'athlete@demo.test'));
    const uploaded = await imports.upload(athlete, 'sensor-throws', logId, fixture('sensor-throws.csv'));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.import).toMatchObject({
      kind: 'sensor_throws',
      format: 'mapped',
      status: 'ready',
      rowCount: 30,
      validCount: 30,
      mapping: { elbowTorqueNm: 'Elbow Torque (Nm)', thrownAt: 'Time' },
    });
    const committed = await imports.commit(athlete, 'sensor-throws', uploaded.body.import.id);
    expect(committed.body).toMatchObject({ imported: 30, replaced: 0 });
    const { throws } = await imports.saved(logId);
    expect(throws).toHaveLength(30);
    expect(throws[0]).toMatchObject({
      sequence: 1,
      elbowTorqueNm: 45.5,
      armSpeedDegPerS: 858,
      source: 'mapped',
      importId: uploaded.body.import.id,
      thrownAt: new Date(uploaded.body.import.rows[0]!.thrownAt as string),
    });
    // (45.5 ÷ (1.8288 m × 83.91 kg))^1.3
    expect(throws[0]!.workload).toBeCloseTo((45.5 / (72 * 0.0254 * 185 * 0.45359237)) ** 1.3, 4);
    // A pitches import of the same workout is of another kind: neither sees the other's id.
    expect((await imports.get(athlete, 'pitches', uploaded.body.import.id)).status).toBe(404);
  });
});

describe('who may import', () => {
  it('lets athletes import into their own workouts only, and staff into any of the organisation', async () => {
    const tylersLog = await imports.logOf('tyler.brooks@demo.test', 1);
    const intoOthers = await imports.upload(athlete, 'pitches', tylersLog, fixture('trackman.csv'));
    expect(intoOthers.status).toBe(404);
    const byCoach = await imports.upload(coach, 'pitches', tylersLog, fixture('trackman.csv'));
    expect(byCoach.status).toBe(201);
    const id = byCoach.body.import.id;
    expect((await imports.get(athlete, 'pitches', id)).status).toBe(404);
    expect((await imports.update(athlete, 'pitches', id, { pitcher: null })).status).toBe(404);
    expect((await imports.commit(athlete, 'pitches', id)).status).toBe(404);
    const admin = await t.signIn('admin@demo.test');
    expect((await imports.commit(admin, 'pitches', id, { confirmMismatch: true })).status).toBe(200);

    const rival = await t.signIn('coach@rivals.test');
    expect((await imports.upload(rival, 'pitches', tylersLog, fixture('trackman.csv'))).status).toBe(404);
    expect((await imports.get(rival, 'pitches', id)).status).toBe(404);
  });

  it('refuses an upload without a file or a workout', async () => {
    const form = new FormData();
    form.set('logId', await imports.logOf('athlete@demo.test', 0));
    const noFile = await t.app.request('http://localhost/api/imports/pitches', {
      method: 'POST',
      headers: { authorization: `Bearer ${coach}` },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({
      error: { fields: { file: 'Choose a CSV file to upload.' } },
    });
    const withoutLog = new FormData();
    withoutLog.set('file', new File([fixture('trackman.csv')], 'trackman.csv'));
    const noLog = await t.app.request('http://localhost/api/imports/pitches', {
      method: 'POST',
      headers: { authorization: `Bearer ${coach}` },
      body: withoutLog,
    });
    expect(noLog.status).toBe(400);
    expect(await noLog.json()).toMatchObject({
      error: { fields: { logId: 'Choose the completed workout to import into' } },
    });
    const json = await t.request('POST', '/api/imports/pitches', { token: coach, body: { logId: 'x' } });
    expect(json.status).toBe(415);
  });

  it('removes uploads left uncommitted for more than a day when the next file comes', async () => {
    const logId = await imports.logOf('athlete@demo.test', 5);
    const old = await imports.upload(coach, 'pitches', logId, fixture('trackman.csv'));
    const recent = await imports.upload(coach, 'pitches', logId, fixture('trackman.csv'));
    await t.db
      .update(throwImports)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(throwImports.id, old.body.import.id));
    await imports.upload(coach, 'pitches', logId, fixture('rapsodo-pitching.csv'));
    expect((await imports.get(coach, 'pitches', old.body.import.id)).status).toBe(404);
    expect((await imports.get(coach, 'pitches', recent.body.import.id)).status).toBe(200);
  });
});
