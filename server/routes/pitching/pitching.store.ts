import { recordWorkoutLogChange } from '../../lib/live-events/change-events';
import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { errorCodes } from '../../../contract/errors';
import {
  pitchingLimits,
  type Pitch,
  type PitchListResponse,
  type PitchValues,
  type SensorThrow,
  type SensorThrowListResponse,
  type SensorThrowValues,
} from '../../../contract/pitching';
import { pitches, sensorThrows, users, workoutLogs } from '../../db/schema';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { ApiError, notFound } from '../../lib/errors';
import {
  linkThrowsToPitches,
  pitchIdsByNumber,
  pitchRow,
  sensorThrowRow,
  withUniqueSequences,
  type BodyMeasures,
  type ThrowLog,
} from '../../lib/pitching-rows';
import type { TenantScope } from '../../lib/tenancy';

type PitchRow = typeof pitches.$inferSelect;
type ThrowRow = typeof sensorThrows.$inferSelect;

const logNotFound = () =>
  notFound('There is no such completed workout: it may have been removed, or it is not yours.');
const conflict = (message: string) => new ApiError(409, errorCodes.conflict, message);
const perWorkout = pitchingLimits.perWorkout.toLocaleString('en-US');
const fullOfPitches = () =>
  conflict(
    `This workout already has ${perWorkout} pitches, the most one workout holds: this one was not added.`,
  );
const fullOfThrows = () =>
  conflict(
    `This workout already has ${perWorkout} throws, the most one workout holds: this one was not added.`,
  );

/**
 * A completed workout's pitches and arm-sensor throws (issue 16), through the organisation's TenantScope only.
 * Pitches may be added while the workout is still being tracked: they are entered as they are thrown.
 */
export class PitchingStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user'>,
  ) {}

  private get origin() {
    return { source: 'manual' as const, importId: null, createdBy: this.viewer.user.id };
  }

  /** A log of the organisation the viewer may touch: an athlete only its own (another's is not found either). */
  private async logFor(scope: TenantScope, logId: string): Promise<ThrowLog> {
    const [log] = await scope.selectFields(
      workoutLogs,
      { id: workoutLogs.id, athleteId: workoutLogs.athleteId, date: workoutLogs.date },
      { where: eq(workoutLogs.id, logId), limit: 1 },
    );
    if (!log) throw logNotFound();
    if (this.viewer.user.role === 'athlete' && log.athleteId !== this.viewer.user.id) throw logNotFound();
    return log;
  }

  /**
   * The log, locked until the transaction ends (issue 22): its pitches and throws are written one writer at a time,
   * so two devices' new pitches cannot take one number, nor two adds at 999 make 1,001.
   */
  private async lockedLogFor(scope: TenantScope, logId: string): Promise<ThrowLog> {
    const log = await this.logFor(scope, logId);
    await scope.lock(workoutLogs, eq(workoutLogs.id, log.id));
    return log;
  }

  /**
   * The number a new pitch gets: the one it was sent with, or after the log's last when that one is taken (two
   * devices' pitch 1); refused when the workout is full. Call with the log locked.
   */
  private async numberOfNewPitch(scope: TenantScope, logId: string, sequence: number): Promise<number> {
    const [log] = await scope.selectFields(
      pitches,
      {
        pitches: count(),
        last: max(pitches.sequence),
        taken: sql<boolean>`coalesce(bool_or(${pitches.sequence} = ${sequence}), false)`,
      },
      { where: eq(pitches.logId, logId) },
    );
    if ((log?.pitches ?? 0) >= pitchingLimits.perWorkout) throw fullOfPitches();
    return log?.taken ? (log.last ?? 0) + 1 : sequence;
  }

  /** Refuses a new throw when the workout is full. Call with the log locked. */
  private async checkRoomForThrow(scope: TenantScope, logId: string): Promise<void> {
    if ((await scope.count(sensorThrows, eq(sensorThrows.logId, logId))) >= pitchingLimits.perWorkout) {
      throw fullOfThrows();
    }
  }

  /** The athlete's height and weight as the profile has them now (product.md's workload needs both). */
  private async bodyOf(scope: TenantScope, athleteId: string): Promise<BodyMeasures> {
    const [body] = await scope.selectFields(
      users,
      { heightInches: users.heightInches, weightPounds: users.weightPounds },
      { where: eq(users.id, athleteId), limit: 1 },
    );
    return body ?? { heightInches: null, weightPounds: null };
  }

  // ——— Pitches ———

  private pitchesOf(scope: TenantScope, logId: string) {
    return scope.select(pitches, {
      where: eq(pitches.logId, logId),
      orderBy: [asc(pitches.sequence), asc(pitches.id)],
    });
  }

  async listPitches(logId: string): Promise<PitchListResponse> {
    const log = await this.logFor(this.tenant, logId);
    return { pitches: (await this.pitchesOf(this.tenant, log.id)).map(toPitch) };
  }

  /** A new pitch, numbered after the others when its number is taken (the answer says which it got). */
  async addPitch(logId: string, values: PitchValues): Promise<Pitch> {
    return this.tenant.transaction(async (scope) => {
      const log = await this.lockedLogFor(scope, logId);
      const sequence = await this.numberOfNewPitch(scope, log.id, values.sequence);
      const [row] = await scope.insert(
        pitches,
        pitchRow(uuidv7(), log, { ...values, sequence }, this.origin),
      );
      await recordWorkoutLogChange(scope, log, { kind: 'pitches' });
      return toPitch(row!);
    });
  }

  /** Every pitch of the log replaced in one transaction: a failure leaves the old ones. */
  async replacePitches(logId: string, list: PitchValues[]): Promise<PitchListResponse> {
    return this.tenant.transaction(async (scope) => {
      const log = await this.lockedLogFor(scope, logId);
      await scope.delete(pitches, eq(pitches.logId, log.id));
      if (list.length > 0) {
        await scope.insert(
          pitches,
          withUniqueSequences(list).map((values) => pitchRow(uuidv7(), log, values, this.origin)),
        );
        // The throws lost their pitches with the delete: they are matched to the new list by number, now.
        await linkThrowsToPitches(scope, log.id);
      }
      await recordWorkoutLogChange(scope, log, { kind: 'pitches' });
      return { pitches: (await this.pitchesOf(scope, log.id)).map(toPitch) };
    });
  }

  /**
   * Writes a pitch under the device's id (the tracking screen's outbox retries it): the same id twice is the same
   * row. An id of another log is refused (409), never moved; one of another organisation is refused the same way.
   * A new pitch whose number is taken (another device's pitch 1) is numbered after the others; a pitch that exists
   * keeps its number, so a device's later write with the number it first gave cannot clash again (issue 22). The
   * answer carries the number, and the device takes it.
   */
  async upsertPitch(logId: string, pitchId: string, values: PitchValues) {
    return this.tenant.transaction(async (scope) => {
      const log = await this.lockedLogFor(scope, logId);
      const existing = await scope.first(pitches, eq(pitches.id, pitchId));
      if (existing && existing.logId !== log.id) throw conflict('This pitch belongs to another workout.');
      const sequence = existing
        ? existing.sequence
        : await this.numberOfNewPitch(scope, log.id, values.sequence);
      const row = pitchRow(pitchId.toLowerCase(), log, { ...values, sequence }, this.origin);
      const {
        id: _id,
        logId: _log,
        athleteId: _athlete,
        createdBy: _by,
        sequence: _sequence,
        ...changes
      } = row;
      const [written] = await scope.upsert(pitches, row, {
        target: [pitches.id],
        set: changes,
        when: eq(pitches.logId, log.id),
      });
      if (!written) throw conflict('This pitch id is taken: make a new one.');
      await recordWorkoutLogChange(scope, log, { kind: 'pitches' });
      return { pitch: toPitch(written), created: !existing };
    });
  }

  /** Removing a pitch that is not there (a replayed delete) is not an error. */
  async deletePitch(logId: string, pitchId: string): Promise<void> {
    const log = await this.logFor(this.tenant, logId);
    await this.tenant.transaction(async (scope) => {
      const removed = await scope.delete(pitches, and(eq(pitches.id, pitchId), eq(pitches.logId, log.id))!);
      if (removed.length > 0) await recordWorkoutLogChange(scope, log, { kind: 'pitches' });
    });
  }

  // ——— Arm-sensor throws ———

  private async throwList(scope: TenantScope, log: ThrowLog, body?: BodyMeasures) {
    const [rows, measures] = await Promise.all([
      scope.select(sensorThrows, {
        where: eq(sensorThrows.logId, log.id),
        orderBy: [asc(sensorThrows.sequence), asc(sensorThrows.id)],
      }),
      body ?? this.bodyOf(scope, log.athleteId),
    ]);
    const workloads = rows.flatMap((row) => (row.workload === null ? [] : [row.workload]));
    return {
      throws: rows.map(toSensorThrow),
      workloadTotal:
        workloads.length === 0 ? null : rounded(workloads.reduce((sum, workload) => sum + workload, 0)),
      missingBodyMeasures: !measures.heightInches || !measures.weightPounds,
    } satisfies SensorThrowListResponse;
  }

  async listSensorThrows(logId: string): Promise<SensorThrowListResponse> {
    return this.throwList(this.tenant, await this.logFor(this.tenant, logId));
  }

  // A throw's workload is computed from the profile's height and weight when it is saved, and kept: a later change
  // of the profile does not recompute it (the workload is what the arm did with the body it had then).
  // A throw is matched to the log's pitch of its number when it is written (issue 22), and keeps that pitch.
  async addSensorThrow(logId: string, values: SensorThrowValues): Promise<SensorThrow> {
    return this.tenant.transaction(async (scope) => {
      const log = await this.lockedLogFor(scope, logId);
      await this.checkRoomForThrow(scope, log.id);
      const [body, pitchOf] = await Promise.all([
        this.bodyOf(scope, log.athleteId),
        pitchIdsByNumber(scope, log.id),
      ]);
      const [row] = await scope.insert(
        sensorThrows,
        sensorThrowRow(uuidv7(), log, values, body, this.origin, pitchOf.get(values.sequence) ?? null),
      );
      await recordWorkoutLogChange(scope, log, { kind: 'pitches' });
      return toSensorThrow(row!);
    });
  }

  async replaceSensorThrows(logId: string, list: SensorThrowValues[]): Promise<SensorThrowListResponse> {
    return this.tenant.transaction(async (scope) => {
      const log = await this.lockedLogFor(scope, logId);
      const [body, pitchOf] = await Promise.all([
        this.bodyOf(scope, log.athleteId),
        pitchIdsByNumber(scope, log.id),
      ]);
      await scope.delete(sensorThrows, eq(sensorThrows.logId, log.id));
      if (list.length > 0) {
        await scope.insert(
          sensorThrows,
          list.map((values) =>
            sensorThrowRow(uuidv7(), log, values, body, this.origin, pitchOf.get(values.sequence) ?? null),
          ),
        );
      }
      await recordWorkoutLogChange(scope, log, { kind: 'pitches' });
      return this.throwList(scope, log, body);
    });
  }

  async upsertSensorThrow(logId: string, throwId: string, values: SensorThrowValues) {
    return this.tenant.transaction(async (scope) => {
      const log = await this.lockedLogFor(scope, logId);
      const [existing, body, pitchOf] = await Promise.all([
        scope.first(sensorThrows, eq(sensorThrows.id, throwId)),
        this.bodyOf(scope, log.athleteId),
        pitchIdsByNumber(scope, log.id),
      ]);
      if (existing && existing.logId !== log.id) throw conflict('This throw belongs to another workout.');
      if (!existing) await this.checkRoomForThrow(scope, log.id);
      // A throw keeps its pitch unless its number changed: then it is matched again, by its new number.
      const pitchId =
        existing && existing.sequence === values.sequence
          ? existing.pitchId
          : (pitchOf.get(values.sequence) ?? null);
      const row = sensorThrowRow(throwId.toLowerCase(), log, values, body, this.origin, pitchId);
      const { id: _id, logId: _log, athleteId: _athlete, createdBy: _by, ...changes } = row;
      const [written] = await scope.upsert(sensorThrows, row, {
        target: [sensorThrows.id],
        set: changes,
        when: eq(sensorThrows.logId, log.id),
      });
      if (!written) throw conflict('This throw id is taken: make a new one.');
      await recordWorkoutLogChange(scope, log, { kind: 'pitches' });
      return { throw: toSensorThrow(written), created: !existing };
    });
  }

  async deleteSensorThrow(logId: string, throwId: string): Promise<void> {
    const log = await this.logFor(this.tenant, logId);
    await this.tenant.transaction(async (scope) => {
      const removed = await scope.delete(
        sensorThrows,
        and(eq(sensorThrows.id, throwId), eq(sensorThrows.logId, log.id))!,
      );
      if (removed.length > 0) await recordWorkoutLogChange(scope, log, { kind: 'pitches' });
    });
  }
}

/** Workloads are fractions (about 0.2 a throw): four places, without the float4 column’s noise. */
const rounded = (value: number) => Math.round(value * 10_000) / 10_000;

function toPitch(row: PitchRow): Pitch {
  return {
    id: row.id,
    logId: row.logId,
    athleteId: row.athleteId,
    date: row.date,
    sequence: row.sequence,
    pitchType: row.pitchType,
    velocityMph: row.velocityMph,
    spinRateRpm: row.spinRateRpm,
    spinAxisDegrees: row.spinAxisDegrees,
    inducedVerticalBreakIn: row.inducedVerticalBreakIn,
    horizontalBreakIn: row.horizontalBreakIn,
    releaseHeightFt: row.releaseHeightFt,
    releaseSideFt: row.releaseSideFt,
    extensionFt: row.extensionFt,
    result: row.result,
    strike: row.strike,
    note: row.note,
    source: row.source,
    importId: row.importId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSensorThrow(row: ThrowRow): SensorThrow {
  return {
    id: row.id,
    logId: row.logId,
    athleteId: row.athleteId,
    date: row.date,
    sequence: row.sequence,
    pitchId: row.pitchId,
    thrownAt: row.thrownAt?.toISOString() ?? null,
    armSpeedDegPerS: row.armSpeedDegPerS,
    elbowTorqueNm: row.elbowTorqueNm,
    armSlotDegrees: row.armSlotDegrees,
    shoulderRotationDegrees: row.shoulderRotationDegrees,
    workload: row.workload === null ? null : rounded(row.workload),
    source: row.source,
    importId: row.importId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Pitches and throws as the signed-in user may see and change them. */
export const pitchingOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new PitchingStore(c.var.tenant, c.var.viewer);
