import { and, asc, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { PitchValues, SensorThrowValues } from '../../contract/pitching';
import { acuteChronic, pitchResults, type PitchResult, type PitchType } from '../../contract/throwing';
import { addCalendarDays, todayIn } from '../lib/calendar-days';
import { pitchRow, sensorThrowRow, type BodyMeasures } from '../lib/pitching-rows';
import type { Database } from './client';
import { pitches, sensorThrows, users, workoutLogs } from './schema';

/** How a pitcher throws one pitch type: its share of the outing and what a radar and an arm sensor read. */
interface ArsenalPitch {
  type: PitchType;
  share: number;
  mph: [number, number];
  spinRpm: [number, number];
  /** Spin axis in degrees (180 is pure backspin). */
  axis: [number, number];
  verticalBreakIn: [number, number];
  horizontalBreakIn: [number, number];
  torqueNm: [number, number];
  armSpeedDegPerS: [number, number];
}

/** The pitchers whose throwing-category workouts (throw, command) get pitches and arm-sensor throws. */
export interface PitchingSeed {
  athletes: { email: string; pitchesPerOuting: [number, number]; arsenal: ArsenalPitch[] }[];
  /**
   * The athlete whose last outing is sized so that the dashboard has a warning: long when the ratio would
   * otherwise be green, short when that still is (the demo's weekday decides which).
   */
  warningFor: string;
}

export interface PitchingPeople {
  organizationId: string;
  timeZone: string;
  userId: (email: string) => string;
}

/**
 * A high-school right-hander's four pitches (ADR 048): fastball 82-87 mph, as a good 17-18-year-old varsity
 * pitcher throws, slider, changeup and curveball below it; spin and elbow torque below a professional's.
 */
export const rightHandersArsenal: ArsenalPitch[] = [
  {
    type: 'fastball',
    share: 0.52,
    mph: [82, 87],
    spinRpm: [1950, 2250],
    axis: [205, 225],
    verticalBreakIn: [13, 18],
    horizontalBreakIn: [6, 11],
    torqueNm: [48, 62],
    armSpeedDegPerS: [4100, 4700],
  },
  {
    type: 'slider',
    share: 0.2,
    mph: [73, 77],
    spinRpm: [2100, 2400],
    axis: [75, 110],
    verticalBreakIn: [0, 4],
    horizontalBreakIn: [-7, -2],
    torqueNm: [44, 58],
    armSpeedDegPerS: [3900, 4500],
  },
  {
    type: 'changeup',
    share: 0.15,
    mph: [74, 78],
    spinRpm: [1500, 1800],
    axis: [230, 250],
    verticalBreakIn: [6, 10],
    horizontalBreakIn: [11, 15],
    torqueNm: [40, 54],
    armSpeedDegPerS: [3900, 4500],
  },
  {
    type: 'curveball',
    share: 0.13,
    mph: [68, 72],
    spinRpm: [2150, 2450],
    axis: [20, 45],
    verticalBreakIn: [-11, -6],
    horizontalBreakIn: [-9, -5],
    torqueNm: [42, 56],
    armSpeedDegPerS: [3800, 4400],
  },
];

/** Results as a bullpen with a hitter in the box goes: 38% balls, the rest strikes of each kind. */
const resultShares: Record<PitchResult, number> = {
  ball: 0.38,
  called_strike: 0.17,
  swinging_strike: 0.12,
  foul: 0.18,
  in_play: 0.15,
};

/** A small seeded generator (mulberry32): the demo's pitches are the same on every seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const between = ([low, high]: [number, number], places = 1) => {
    const factor = 10 ** places;
    return Math.round((low + (high - low) * next()) * factor) / factor;
  };
  const pick = <T>(choices: readonly T[], shareOf: (choice: T) => number): T => {
    let roll = next();
    for (const choice of choices) {
      roll -= shareOf(choice);
      if (roll <= 0) return choice;
    }
    return choices.at(-1)!;
  };
  return { next, between, pick };
}

type PitchInsert = typeof pitches.$inferInsert;
type ThrowInsert = typeof sensorThrows.$inferInsert;
interface SeededLog {
  id: string;
  athleteId: string;
  date: string;
  startedAt: Date;
}

/** One outing: `count` pitches and as many arm-sensor throws, matched by order. */
function outing(
  log: SeededLog,
  count: number,
  arsenal: ArsenalPitch[],
  body: BodyMeasures,
  organizationId: string,
  seed: number,
): { pitchRows: PitchInsert[]; throwRows: ThrowInsert[] } {
  const random = generator(seed);
  const origin = { source: 'manual' as const, importId: null, createdBy: log.athleteId };
  const pitchRows: PitchInsert[] = [];
  const throwRows: ThrowInsert[] = [];
  for (let sequence = 1; sequence <= count; sequence += 1) {
    const pitch = random.pick(arsenal, (choice) => choice.share);
    // Late in a long outing the arm tires: a little less velocity.
    const fatigue = sequence > 60 ? (sequence - 60) * 0.03 : 0;
    const result = random.pick(pitchResults, (choice) => resultShares[choice]);
    const values: PitchValues = {
      sequence,
      pitchType: pitch.type,
      velocityMph: Math.round((random.between(pitch.mph) - fatigue) * 10) / 10,
      spinRateRpm: random.between(pitch.spinRpm, 0),
      spinAxisDegrees: random.between(pitch.axis, 0),
      inducedVerticalBreakIn: random.between(pitch.verticalBreakIn),
      horizontalBreakIn: random.between(pitch.horizontalBreakIn),
      releaseHeightFt: random.between([5.6, 6.0], 2),
      releaseSideFt: random.between([-2.1, -1.7], 2),
      extensionFt: random.between([6.0, 6.5], 2),
      result,
      strike: null,
      note: sequence === 1 ? 'First pitch after the warm-up.' : null,
    };
    pitchRows.push({ ...pitchRow(uuidv7(), log, values, origin), organizationId });
    const thrown: SensorThrowValues = {
      sequence,
      thrownAt: new Date(log.startedAt.getTime() + (10 * 60 + sequence * 35) * 1000).toISOString(),
      armSpeedDegPerS: random.between(pitch.armSpeedDegPerS, 0),
      elbowTorqueNm: random.between(pitch.torqueNm),
      armSlotDegrees: random.between([48, 56]),
      shoulderRotationDegrees: random.between([160, 175]),
    };
    throwRows.push({ ...sensorThrowRow(uuidv7(), log, thrown, body, origin), organizationId });
  }
  return { pitchRows, throwRows };
}

/** Today's acute:chronic zone of the throws, or null when none has a workload. */
function zoneOf(throwRows: ThrowInsert[], today: string) {
  const byDate = new Map<string, number>();
  for (const row of throwRows) {
    if (row.workload != null) byDate.set(row.date, (byDate.get(row.date) ?? 0) + row.workload);
  }
  const daily = Array.from({ length: 28 }, (_, index) => byDate.get(addCalendarDays(today, index - 27)) ?? 0);
  return acuteChronic(daily).zone;
}

/**
 * Pitches and arm-sensor throws for the seeded pitchers' completed throwing workouts (issue 16), in a few batched
 * inserts. The warning athlete's last outing is chosen among a long and a short one so that its workload ratio
 * is outside the green zone today, whatever the weekday: the staff dashboard always has a warning to show.
 */
export async function seedPitching(db: Database, spec: PitchingSeed, people: PitchingPeople): Promise<void> {
  const today = todayIn(people.timeZone);
  const athleteIds = spec.athletes.map((athlete) => people.userId(athlete.email));
  const [logs, bodies] = await Promise.all([
    db
      .select({
        id: workoutLogs.id,
        athleteId: workoutLogs.athleteId,
        date: workoutLogs.date,
        startedAt: workoutLogs.startedAt,
      })
      .from(workoutLogs)
      .where(
        and(
          eq(workoutLogs.organizationId, people.organizationId),
          eq(workoutLogs.status, 'completed'),
          inArray(workoutLogs.athleteId, athleteIds),
          inArray(workoutLogs.category, ['throw', 'command']),
        ),
      )
      .orderBy(asc(workoutLogs.date), asc(workoutLogs.startedAt)),
    db
      .select({ id: users.id, heightInches: users.heightInches, weightPounds: users.weightPounds })
      .from(users)
      .where(inArray(users.id, athleteIds)),
  ]);
  const bodyOf = new Map(bodies.map((body) => [body.id, body]));
  const allPitches: PitchInsert[] = [];
  const allThrows: ThrowInsert[] = [];

  for (const [athleteIndex, athlete] of spec.athletes.entries()) {
    const athleteId = athleteIds[athleteIndex]!;
    const body = bodyOf.get(athleteId) ?? { heightInches: null, weightPounds: null };
    const mine = logs.filter((log) => log.athleteId === athleteId);
    const outings = mine.map((log, index) => {
      const random = generator(athleteIndex * 1000 + index + 1);
      const count = Math.round(random.between(athlete.pitchesPerOuting, 0));
      return outing(
        log,
        count,
        athlete.arsenal,
        body,
        people.organizationId,
        athleteIndex * 1000 + index + 7,
      );
    });
    const last = mine.at(-1);
    if (last && people.userId(spec.warningFor) === athleteId) {
      const earlier = outings.slice(0, -1).flatMap((done) => done.throwRows);
      // A long outing (95 pitches) lifts the acute workload; a short one (15) lets it fall below the chronic.
      for (const count of [95, 15, 110, 8]) {
        const candidate = outing(last, count, athlete.arsenal, body, people.organizationId, mine.length + 7);
        outings[outings.length - 1] = candidate;
        const zone = zoneOf([...earlier, ...candidate.throwRows], today);
        if (zone !== null && zone !== 'green') break;
      }
    }
    for (const done of outings) {
      allPitches.push(...done.pitchRows);
      allThrows.push(...done.throwRows);
    }
  }

  const inChunks = async <T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) => {
    for (let start = 0; start < rows.length; start += 1000) await insert(rows.slice(start, start + 1000));
  };
  await inChunks(allPitches, (chunk) => db.insert(pitches).values(chunk));
  await inChunks(allThrows, (chunk) => db.insert(sensorThrows).values(chunk));
}
