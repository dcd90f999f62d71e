import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PitchValues, SensorThrowValues, ThrowSource } from '../../contract/pitching';
import { isStrike, throwWorkload } from '../../contract/throwing';
import { kilogramsPerPound } from '../../contract/training-vocabulary';
import { pitches, sensorThrows } from '../db/schema';
import type { TenantScope } from './tenancy';

/** The log a pitch or a throw belongs to: its athlete and date are copied onto the row. */
export interface ThrowLog {
  id: string;
  athleteId: string;
  date: string;
}

/** The athlete's profile measures (users.height_inches, users.weight_pounds). */
export interface BodyMeasures {
  heightInches: number | null;
  weightPounds: number | null;
}

interface RowOrigin {
  source: ThrowSource;
  importId: string | null;
  createdBy: string | null;
}

const metresPerInch = 0.0254;

/** product.md's per-throw workload from the profile's inches and pounds; null without torque, height or weight. */
export function workloadOf(torqueNm: number | null, body: BodyMeasures): number | null {
  if (torqueNm === null || !body.heightInches || !body.weightPounds) return null;
  return throwWorkload(torqueNm, body.heightInches * metresPerInch, body.weightPounds * kilogramsPerPound);
}

/** The strike a row keeps: the result's when there is one, else what was marked. */
const strikeOf = (values: PitchValues): boolean | null =>
  values.result === null ? values.strike : isStrike(values.result);

/** A `pitches` row (without organization_id: TenantScope stamps it) from a parsed pitch, entered or imported. */
export function pitchRow(
  id: string,
  log: ThrowLog,
  values: PitchValues,
  origin: RowOrigin,
): Omit<typeof pitches.$inferInsert, 'organizationId'> {
  return {
    id,
    logId: log.id,
    athleteId: log.athleteId,
    date: log.date,
    ...values,
    strike: strikeOf(values),
    ...origin,
    updatedAt: new Date(),
  };
}

/**
 * A `sensor_throws` row from a parsed throw, its workload computed from the athlete's measures now, and its pitch
 * (by id) when the caller matched one.
 */
export function sensorThrowRow(
  id: string,
  log: ThrowLog,
  values: SensorThrowValues,
  body: BodyMeasures,
  origin: RowOrigin,
  pitchId: string | null = null,
): Omit<typeof sensorThrows.$inferInsert, 'organizationId'> {
  return {
    id,
    logId: log.id,
    athleteId: log.athleteId,
    date: log.date,
    ...values,
    pitchId,
    thrownAt: values.thrownAt === null ? null : new Date(values.thrownAt),
    workload: workloadOf(values.elbowTorqueNm, body),
    ...origin,
    updatedAt: new Date(),
  };
}

/**
 * A list of pitches (or throws) as numbered for one log (issue 22): the first of each number keeps it, a later one
 * with a number already used is numbered after the highest, in the list's order, as the server numbers a clashing
 * new pitch.
 */
export function withUniqueSequences<T extends { sequence: number }>(list: readonly T[]): T[] {
  const used = new Set<number>();
  let highest = list.reduce((top, item) => Math.max(top, item.sequence), 0);
  return list.map((item) => {
    if (!used.has(item.sequence)) {
      used.add(item.sequence);
      return item;
    }
    highest += 1;
    used.add(highest);
    return { ...item, sequence: highest };
  });
}

/** The log's pitches by number, to match throws to them by the number they have now. */
export async function pitchIdsByNumber(scope: TenantScope, logId: string): Promise<Map<number, string>> {
  const rows = await scope.selectFields(
    pitches,
    { id: pitches.id, sequence: pitches.sequence },
    { where: eq(pitches.logId, logId) },
  );
  return new Map(rows.map((row) => [row.sequence, row.id]));
}

/**
 * Throws of the log that have no pitch get the pitch of their number, when there is one now (issue 22). Called when
 * a log's pitches are replaced as a whole (a replace, an import's commit): the delete left every throw without its
 * pitch, and throws imported before their pitches find them. A single pitch added later does not call it, so the
 * throw of a removed pitch never takes another pitch given its number.
 */
export async function linkThrowsToPitches(scope: TenantScope, logId: string): Promise<void> {
  const samePitch = and(eq(pitches.logId, sensorThrows.logId), eq(pitches.sequence, sensorThrows.sequence));
  await scope.update(
    sensorThrows,
    // A correlated subquery: drizzle's set takes SQL where the row type says a uuid.
    { pitchId: sql`(select ${pitches.id} from ${pitches} where ${samePitch})` as unknown as string },
    and(
      eq(sensorThrows.logId, logId),
      isNull(sensorThrows.pitchId),
      sql`exists (select 1 from ${pitches} where ${samePitch})`,
    )!,
  );
}

/**
 * The athlete's throws logged before the height and weight were known get their workload from the measures now
 * (issue 22), in the caller's transaction: the profile update that brings the measures. Throws that have a workload
 * keep it (ADR 039: the body of that day); the rollups follow through their triggers. Answers how many changed.
 */
export async function fillMissingWorkloads(
  scope: TenantScope,
  athleteId: string,
  body: BodyMeasures,
): Promise<number> {
  if (!body.heightInches || !body.weightPounds) return 0;
  const missing = and(
    eq(sensorThrows.athleteId, athleteId),
    isNull(sensorThrows.workload),
    isNotNull(sensorThrows.elbowTorqueNm),
  )!;
  // A throw's workload depends on its torque alone once the body is known: computed once per torque value with the
  // contract's arithmetic, keyed by the column's own text so the database finds each throw's value.
  const torques = await scope.selectFields(
    sensorThrows,
    { torque: sql<string>`${sensorThrows.elbowTorqueNm}::text` },
    { where: missing, groupBy: [sensorThrows.elbowTorqueNm] },
  );
  if (torques.length === 0) return 0;
  const workloadOfTorque = Object.fromEntries(
    torques.map(({ torque }) => [torque, workloadOf(Number(torque), body)]),
  );
  const filled = await scope.update(
    sensorThrows,
    {
      // One statement for every throw (the rollups recompute once): drizzle's set takes SQL where a number is typed.
      workload:
        sql`(${JSON.stringify(workloadOfTorque)}::jsonb ->> ${sensorThrows.elbowTorqueNm}::text)::real` as unknown as number,
      updatedAt: new Date(),
    },
    missing,
  );
  return filled.length;
}
