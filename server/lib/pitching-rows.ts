import type { PitchValues, SensorThrowValues, ThrowSource } from '../../contract/pitching';
import { isStrike, throwWorkload } from '../../contract/throwing';
import { kilogramsPerPound } from '../../contract/training-vocabulary';
import type { pitches, sensorThrows } from '../db/schema';

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

/** A `sensor_throws` row from a parsed throw, its workload computed from the athlete's measures now. */
export function sensorThrowRow(
  id: string,
  log: ThrowLog,
  values: SensorThrowValues,
  body: BodyMeasures,
  origin: RowOrigin,
): Omit<typeof sensorThrows.$inferInsert, 'organizationId'> {
  return {
    id,
    logId: log.id,
    athleteId: log.athleteId,
    date: log.date,
    ...values,
    thrownAt: values.thrownAt === null ? null : new Date(values.thrownAt),
    workload: workloadOf(values.elbowTorqueNm, body),
    ...origin,
    updatedAt: new Date(),
  };
}
