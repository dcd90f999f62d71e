import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pitchingLimits,
  type PitchInput,
  type PitchListResponse,
  type PitchResponse,
  type SensorThrowInput,
  type SensorThrowListResponse,
  type SensorThrowResponse,
} from '../../../contract/pitching';
import { pitches, sensorThrows, workoutLogs } from '../../db/schema';
import { trackmanCsv } from '../../imports/trackman-sample';
import { addCalendarDays } from '../../lib/calendar-days';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { deviceClock, trackingLookups } from '../../testing/tracking-lookups';
import { importLookups } from '../imports/import-lookups';

let t: TestContext;
let coach: string;
let jamie: string;
let athleteId: string;
let bullpenId: string;
let today: string;
let tracking: ReturnType<typeof trackingLookups>;
let imports: ReturnType<typeof importLookups>;

beforeAll(async () => {
  t = await createTestContext();
  [coach, jamie] = await Promise.all([t.signIn('coach@demo.test'), t.signIn('athlete@demo.test')]);
  tracking = trackingLookups(t);
  imports = importLookups(t);
  const lookups = scheduleLookups(t);
  today = await lookups.today(coach);
  const ids = await lookups.named(coach, { people: ['athlete@demo.test'], workouts: ['Bullpen Day'] });
  athleteId = ids['athlete@demo.test']!;
  bullpenId = ids['Bullpen Day']!;
});
afterAll(() => t.close());

let dayOffset = 60;
/** A bullpen of Jamie's, started on the phone and still being tracked. */
async function bullpen() {
  dayOffset += 1;
  const entry = await tracking.schedule(coach, {
    athleteId,
    workoutId: bullpenId,
    date: addCalendarDays(today, dayOffset),
  });
  return tracking.started(coach, entry.id, deviceClock().next());
}

const pitch = (sequence: number, extra: Partial<PitchInput> = {}): PitchInput => ({
  sequence,
  pitchType: 'fastball',
  velocityMph: 88 + (sequence % 5),
  ...extra,
});
const sensorThrow = (sequence: number): SensorThrowInput => ({
  sequence,
  elbowTorqueNm: 60 + (sequence % 20),
});
const pitchesPath = (logId: string, pitchId?: string) =>
  `/api/completed-workouts/${logId}/pitches${pitchId ? `/${pitchId}` : ''}`;
const throwsPath = (logId: string) => `/api/completed-workouts/${logId}/sensor-throws`;

async function numbersOf(logId: string) {
  const list = await t.request<PitchListResponse>('GET', pitchesPath(logId), { token: coach });
  return list.body.pitches.map((saved) => [saved.sequence, saved.velocityMph]);
}

describe('pitch numbers from two devices (issue 22)', () => {
  it("numbers the second device's pitch 1 after the others, says so in the answer, and keeps that number", async () => {
    const log = await bullpen();
    const [phonePitch, tabletPitch] = [uuidv7(), uuidv7()];
    // The athlete's phone and the coach's tablet each entered pitch 1, offline.
    const phone = await t.request<PitchResponse>('PUT', pitchesPath(log.id, phonePitch), {
      token: jamie,
      body: pitch(1, { velocityMph: 90.1 }),
    });
    const tablet = await t.request<PitchResponse>('PUT', pitchesPath(log.id, tabletPitch), {
      token: coach,
      body: pitch(1, { velocityMph: 84.2, pitchType: 'slider' }),
    });
    expect(phone).toMatchObject({ status: 201, body: { pitch: { id: phonePitch, sequence: 1 } } });
    expect(tablet).toMatchObject({ status: 201, body: { pitch: { id: tabletPitch, sequence: 2 } } });

    // The tablet's later change of its pitch still carries the number it gave: the pitch keeps the server's.
    const changed = await t.request<PitchResponse>('PUT', pitchesPath(log.id, tabletPitch), {
      token: coach,
      body: pitch(1, { velocityMph: 84.9, pitchType: 'slider', result: 'ball' }),
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { pitch: { id: tabletPitch, sequence: 2, velocityMph: 84.9, result: 'ball' } },
    });
    // A pitch added with a taken number (the completed workout's form, a stale screen) comes after the last too.
    const added = await t.request<PitchResponse>('POST', pitchesPath(log.id), {
      token: coach,
      body: pitch(2, { velocityMph: 91.3 }),
    });
    expect(added.body.pitch.sequence).toBe(3);
    expect(await numbersOf(log.id)).toEqual([
      [1, 90.1],
      [2, 84.9],
      [3, 91.3],
    ]);
  });

  it('numbers a replacement list and an imported file with a number twice the same way', async () => {
    const log = await bullpen();
    const replaced = await t.request<PitchListResponse>('PUT', pitchesPath(log.id), {
      token: coach,
      body: { pitches: [pitch(1), pitch(2), pitch(2, { velocityMph: 80 }), pitch(5)] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.pitches.map((saved) => [saved.sequence, saved.velocityMph])).toEqual([
      [1, 89],
      [2, 90],
      [5, 88],
      [6, 80],
    ]);

    const file = ['No,Pitch Type,Velocity', '1,Fastball,90', '2,Slider,82', '2,Changeup,83', ''].join('\n');
    const uploaded = await imports.upload(coach, 'pitches', log.id, file);
    expect(uploaded.body.import.status).toBe('ready');
    expect((await imports.commit(coach, 'pitches', uploaded.body.import.id)).status).toBe(200);
    expect(await numbersOf(log.id)).toEqual([
      [1, 90],
      [2, 82],
      [3, 83],
    ]);
  });

  it('refuses a second row of one number in the database itself, whatever path writes it', async () => {
    const log = await bullpen();
    await t.request('PUT', pitchesPath(log.id, uuidv7()), { token: coach, body: pitch(1) });
    const [row] = await t.db.select().from(pitches).where(eq(pitches.logId, log.id));
    const copy = { ...row!, id: uuidv7() };
    await expect(t.db.insert(pitches).values(copy)).rejects.toThrow();
  });
});

describe('throws and their pitches, by id (issue 22)', () => {
  it('links each throw to the pitch of its number when it is written, and never to another pitch later', async () => {
    const log = await bullpen();
    const ids = [uuidv7(), uuidv7(), uuidv7()];
    for (const [index, pitchId] of ids.entries()) {
      await t.request('PUT', pitchesPath(log.id, pitchId), { token: coach, body: pitch(index + 1) });
    }
    const written = await t.request<SensorThrowListResponse>('PUT', throwsPath(log.id), {
      token: coach,
      body: { throws: [1, 2, 3, 4].map(sensorThrow) },
    });
    expect(written.body.throws.map((thrown) => [thrown.sequence, thrown.pitchId])).toEqual([
      [1, ids[0]],
      [2, ids[1]],
      [3, ids[2]],
      [4, null],
    ]);

    // Pitch 2 removed: its throw has no pitch, and does not take the next pitch given number 2.
    await t.request('DELETE', pitchesPath(log.id, ids[1]), { token: coach });
    const newSecond = await t.request<PitchResponse>('POST', pitchesPath(log.id), {
      token: coach,
      body: pitch(2),
    });
    expect(newSecond.body.pitch.sequence).toBe(2);
    // A device's pitch 3 whose number is taken is numbered 4: throw 3 keeps pitch 3, throw 4 gets no pitch.
    const clashing = await t.request<PitchResponse>('PUT', pitchesPath(log.id, uuidv7()), {
      token: jamie,
      body: pitch(3),
    });
    expect(clashing.body.pitch.sequence).toBe(4);
    // A throw written now is matched by the numbers now.
    const fifth = await t.request<PitchResponse>('POST', pitchesPath(log.id), {
      token: coach,
      body: pitch(5),
    });
    const one = await t.request<SensorThrowResponse>('POST', throwsPath(log.id), {
      token: coach,
      body: sensorThrow(5),
    });
    expect(one.body.throw.pitchId).toBe(fifth.body.pitch.id);

    const list = await t.request<SensorThrowListResponse>('GET', throwsPath(log.id), { token: coach });
    expect(list.body.throws.map((thrown) => [thrown.sequence, thrown.pitchId])).toEqual([
      [1, ids[0]],
      [2, null],
      [3, ids[2]],
      [4, null],
      [5, fifth.body.pitch.id],
    ]);
  });

  it('matches imported throws to the pitches there, and imported pitches to the throws there', async () => {
    const log = await bullpen();
    const throwsFile = ['Throw,Elbow Torque (Nm)', '1,55.5', '2,61.2', ''].join('\n');
    const throwsImport = await imports.upload(coach, 'sensor-throws', log.id, throwsFile);
    expect((await imports.commit(coach, 'sensor-throws', throwsImport.body.import.id)).status).toBe(200);
    expect((await imports.saved(log.id)).throws.map((thrown) => thrown.pitchId)).toEqual([null, null]);

    const pitchesImport = await imports.upload(coach, 'pitches', log.id, trackmanCsv(3));
    expect(
      (await imports.commit(coach, 'pitches', pitchesImport.body.import.id, { confirmMismatch: true }))
        .status,
    ).toBe(200);
    const saved = await imports.saved(log.id);
    expect(saved.throws.map((thrown) => thrown.pitchId)).toEqual([
      saved.pitches[0]!.id,
      saved.pitches[1]!.id,
    ]);
  });
});

describe('at most 1,000 pitches a workout, on every path (issue 22)', () => {
  const full = Array.from({ length: pitchingLimits.perWorkout }, (_, index) => pitch(index + 1));

  it('refuses the 1,001st pitch added, upserted or imported, and still takes a change of a pitch there', async () => {
    const log = await bullpen();
    expect(
      (await t.request('PUT', pitchesPath(log.id), { token: coach, body: { pitches: full } })).status,
    ).toBe(200);
    const added = await t.request<ErrorBody>('POST', pitchesPath(log.id), {
      token: coach,
      body: pitch(1001),
    });
    expect(added.status).toBe(409);
    expect(added.body.error.message).toBe(
      'This workout already has 1,000 pitches, the most one workout holds: this one was not added.',
    );
    const upserted = await t.request<ErrorBody>('PUT', pitchesPath(log.id, uuidv7()), {
      token: jamie,
      body: pitch(1001),
    });
    expect(upserted.status).toBe(409);

    const [first] = await t.db
      .select()
      .from(pitches)
      .where(eq(pitches.logId, log.id))
      .orderBy(asc(pitches.sequence))
      .limit(1);
    const changed = await t.request<PitchResponse>('PUT', pitchesPath(log.id, first!.id), {
      token: coach,
      body: pitch(1, { velocityMph: 95 }),
    });
    expect(changed.status).toBe(200);

    const tooMany = await imports.upload(coach, 'pitches', log.id, trackmanCsv(1001));
    expect(tooMany.body.import.validCount).toBe(1001);
    const refused = await imports.commit(coach, 'pitches', tooMany.body.import.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(
      /^The file has 1,001 pitches to import, and a workout holds at most 1,000: nothing was saved\./,
    );
    expect(await t.db.$count(pitches, eq(pitches.logId, log.id))).toBe(1000);

    const exactly = await imports.upload(coach, 'pitches', log.id, trackmanCsv(1000));
    expect(
      (await imports.commit(coach, 'pitches', exactly.body.import.id, { confirmMismatch: true })).body,
    ).toMatchObject({
      imported: 1000,
      replaced: 1000,
    });
  });

  it('refuses the 1,001st arm-sensor throw as well', async () => {
    const log = await bullpen();
    const throws = Array.from({ length: pitchingLimits.perWorkout }, (_, index) => sensorThrow(index + 1));
    expect((await t.request('PUT', throwsPath(log.id), { token: coach, body: { throws } })).status).toBe(200);
    const added = await t.request<ErrorBody>('POST', throwsPath(log.id), {
      token: coach,
      body: sensorThrow(1001),
    });
    expect(added.status).toBe(409);
    const upserted = await t.request<ErrorBody>('PUT', `${throwsPath(log.id)}/${uuidv7()}`, {
      token: coach,
      body: sensorThrow(1001),
    });
    expect(upserted.status).toBe(409);
    expect(await t.db.$count(sensorThrows, eq(sensorThrows.logId, log.id))).toBe(1000);
  });
});

describe('migration 0009 on pitches stored before it (issue 22)', () => {
  it('renumbers a log’s pitches stored twice under one number and links the throws stored already', async () => {
    const log = await bullpen();
    const [{ organizationId }] = (await t.db
      .select({ organizationId: workoutLogs.organizationId })
      .from(workoutLogs)
      .where(eq(workoutLogs.id, log.id))) as [{ organizationId: string }];
    const statements = readFileSync(
      new URL('../../db/migrations/0009_pitch_numbers.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    const renumbering = statements[0]!;
    const linking = statements.at(-1)!;
    const older = (minutes: number) => new Date(Date.parse('2026-03-14T16:00:00Z') + minutes * 60_000);
    // As before the migration: no unique index and no pitch on the throws.
    await t.db.execute(sql`drop index pitches_log_sequence_key`);
    try {
      const stored = [
        { id: uuidv7(), sequence: 1, createdAt: older(0) },
        { id: uuidv7(), sequence: 1, createdAt: older(1) },
        { id: uuidv7(), sequence: 2, createdAt: older(2) },
        { id: uuidv7(), sequence: 1, createdAt: older(3) },
      ];
      const [template] = await t.db
        .insert(pitches)
        .values({
          ...stored[0]!,
          organizationId,
          logId: log.id,
          athleteId,
          date: log.date,
          pitchType: 'fastball',
          velocityMph: 90,
        })
        .returning();
      for (const row of stored.slice(1)) await t.db.insert(pitches).values({ ...template!, ...row });
      await t.db.insert(sensorThrows).values(
        [1, 2, 3, 4, 5].map((sequence) => ({
          id: uuidv7(),
          organizationId,
          logId: log.id,
          athleteId,
          date: log.date,
          sequence,
        })),
      );

      await t.db.execute(sql.raw(renumbering));
      await t.db.execute(sql.raw(linking));

      const after = await t.db.select().from(pitches).where(eq(pitches.logId, log.id));
      const numberOf = new Map(after.map((row) => [row.id, row.sequence]));
      expect(stored.map((row) => numberOf.get(row.id))).toEqual([1, 3, 2, 4]);
      const throwsAfter = await t.db
        .select()
        .from(sensorThrows)
        .where(eq(sensorThrows.logId, log.id))
        .orderBy(asc(sensorThrows.sequence));
      expect(throwsAfter.map((thrown) => thrown.pitchId)).toEqual([
        stored[0]!.id,
        stored[2]!.id,
        stored[1]!.id,
        stored[3]!.id,
        null,
      ]);
    } finally {
      await t.db.delete(pitches).where(eq(pitches.logId, log.id));
      await t.db.execute(
        sql`create unique index pitches_log_sequence_key on pitches using btree (log_id, sequence)`,
      );
    }
  });
});
