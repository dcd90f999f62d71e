import { recordWorkoutLogChange } from '../../../lib/live-events/change-events';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { estimatedOneRm } from '../../../../contract/strength';
import type {
  LogCorrection,
  WorkoutLog,
  correctWorkoutLogRequestSchema,
} from '../../../../contract/tracking';
import { convertLoad } from '../../../../contract/training-vocabulary';
import { logCorrections, loggedSets, workoutLogs } from '../../../db/schema';
import type { Viewer } from '../../../lib/directory/sessions';
import { invalidFields } from '../../../lib/errors';
import { logCorrected } from '../../../lib/notifications/makers';
import { notify } from '../../../lib/notifications/notify';
import {
  exercisesTakingOneRm,
  type RecordsTurns,
  recomputeLaterRecords,
  recomputeRecords,
  recordsOfLogs,
  updateEstimatedMax,
  type LogRow,
  type SetRow,
} from '../../../lib/tracking-records';
import type { TenantScope } from '../../../lib/tenancy';
import { TrackingArea, conflict, lower } from './tracking-area';

type CorrectionRequest = z.output<typeof correctWorkoutLogRequestSchema>;
type CorrectionValue = LogCorrection['changes'][number]['before'];

/** Staff's corrections of completed workouts, keeping every value they change. */
export class LogCorrections extends TrackingArea {
  constructor(
    tenant: TenantScope,
    viewer: Pick<Viewer, 'user' | 'organization'>,
    /** This process's queue of each athlete's records writes (issue 30). */
    private readonly recordsTurns: RecordsTurns,
  ) {
    super(tenant, viewer);
  }

  /**
   * A staff correction of a completed log: the changed values are applied, and the correction keeps each
   * one's value before and after, who made it, when and why. Nothing changed records nothing.
   */
  async correct(logId: string, request: CorrectionRequest): Promise<{ log: WorkoutLog; changed: number }> {
    return this.recordsTurns.run(this.tenant, logId, undefined, async (scope) => {
      const log = await this.logFor(scope, logId);
      if (log.status !== 'completed') {
        throw conflict('Only a completed workout is corrected: while it is in progress, change its sets.');
      }
      const changes: LogCorrection['changes'] = [];
      const note = (target: string, field: string, before: CorrectionValue, after: CorrectionValue) => {
        if (before !== after) changes.push({ target, field, before, after });
      };
      const session: Partial<LogRow> = {};
      const asked = request.session ?? {};
      if (asked.durationSeconds !== undefined) {
        note('session', 'durationSeconds', log.durationSeconds, asked.durationSeconds);
        session.durationSeconds = asked.durationSeconds;
      }
      if (asked.sessionRpe !== undefined) {
        note('session', 'sessionRpe', log.sessionRpe, asked.sessionRpe);
        session.sessionRpe = asked.sessionRpe;
      }
      if (asked.notes !== undefined) {
        note('session', 'notes', log.notes, asked.notes);
        session.notes = asked.notes;
      }
      const setIds = request.sets.map((set) => lower(set.id));
      const current =
        setIds.length === 0
          ? []
          : await scope.select(loggedSets, {
              where: and(eq(loggedSets.logId, log.id), inArray(loggedSets.id, setIds)),
            });
      const byId = new Map(current.map((row) => [row.id, row]));
      const takingOneRm = await exercisesTakingOneRm(
        scope,
        current.map((row) => row.exerciseId),
      );
      const problems: Record<string, string> = {};
      const updates: { row: SetRow; values: Partial<SetRow> }[] = [];
      request.sets.forEach((asked, index) => {
        const row = byId.get(lower(asked.id));
        if (!row) {
          problems[`sets.${index}.id`] = 'This set is not in the workout log';
          return;
        }
        const { id: _id, ...fields } = asked;
        const next = {
          ...row,
          ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
        };
        if (next.load !== null && next.loadUnit === null) {
          problems[`sets.${index}.loadUnit`] = 'Choose lb or kg';
          return;
        }
        for (const field of Object.keys(fields) as (keyof typeof fields)[]) {
          if (fields[field] === undefined) continue;
          note(row.id, field, row[field], next[field]);
        }
        // Only a loaded strength exercise gets an estimate (ADR 048).
        const estimate = takingOneRm.has(row.exerciseId) ? estimatedOneRm(next.load, next.reps) : null;
        const toKg = (value: number | null) =>
          value === null || next.loadUnit === null ? null : convertLoad(value, next.loadUnit, 'kg');
        updates.push({
          row,
          values: {
            reps: next.reps,
            load: next.load,
            loadUnit: next.load === null ? null : next.loadUnit,
            loadKg: toKg(next.load),
            rpe: next.rpe,
            timeSeconds: next.timeSeconds,
            distance: next.distance,
            velocityMph: next.velocityMph,
            done: next.done,
            estimatedOneRm: estimate,
            estimatedOneRmKg: toKg(estimate),
            // A correction is a change of its own: a device's older change replayed later does not undo it.
            changedAt: new Date(),
            changedBy: this.viewer.user.id,
          },
        });
      });
      if (Object.keys(problems).length > 0) throw invalidFields(problems);
      if (changes.length === 0) return { log: await this.view(scope, log), changed: 0 };

      let corrected = log;
      if (Object.keys(session).length > 0) {
        [corrected] = (await scope.update(
          workoutLogs,
          { ...session, updatedAt: new Date() },
          eq(workoutLogs.id, log.id),
        )) as [LogRow];
      }
      const touched = new Set<string>();
      for (const { row, values } of updates) {
        if (!changes.some((change) => change.target === row.id)) continue;
        const [updated] = await scope.update(loggedSets, values, eq(loggedSets.id, row.id));
        await updateEstimatedMax(scope, updated!);
        touched.add(row.exerciseId);
      }
      const names = await this.exerciseNames(scope, [...touched]);
      let records = await recordsOfLogs(scope, [log.id]);
      for (const exerciseId of touched) {
        records = await recomputeRecords(scope, corrected, exerciseId, records, {
          unit: this.unit,
          exerciseName: () => Promise.resolve(names.get(exerciseId) ?? 'An exercise'),
          actorId: this.viewer.user.id,
          takingOneRm,
        });
      }
      await recomputeLaterRecords(scope, corrected, [...touched], {
        unit: this.unit,
        exerciseName: (exerciseId) => Promise.resolve(names.get(exerciseId) ?? 'An exercise'),
        actorId: this.viewer.user.id,
        takingOneRm,
      });
      await scope.insert(logCorrections, {
        logId: log.id,
        correctedBy: this.viewer.user.id,
        reason: request.reason ? request.reason : null,
        changes,
      });
      const { firstName, lastName, id: actorId } = this.viewer.user;
      await notify(scope, logCorrected(log, `${firstName} ${lastName}`), { actorId });
      await recordWorkoutLogChange(scope, log);
      return { log: await this.view(scope, corrected), changed: changes.length };
    });
  }
}
