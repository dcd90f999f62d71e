import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AthleteMax, recordMaxRequestSchema } from '../../../../contract/tracking';
import { convertLoad } from '../../../../contract/training-vocabulary';
import { athleteMaxes } from '../../../db/schema';
import { invalidFields } from '../../../lib/errors';
import { TrackingArea, fullName, lower, toMax } from './tracking-area';

type MaxRequest = z.output<typeof recordMaxRequestSchema>;
type MaxRow = typeof athleteMaxes.$inferSelect;

/** An athlete's maxes: staff's tests and the estimates of done sets, the latest of each being current. */
export class AthleteMaxes extends TrackingArea {
  /** The athlete's current maxes: the latest of each exercise and kind. */
  async maxes(athleteId: string): Promise<AthleteMax[]> {
    const athlete = await this.athleteFor(athleteId);
    return this.currentMaxes(athlete.id);
  }

  async currentMaxes(athleteId: string): Promise<AthleteMax[]> {
    const rows = await this.tenant.select(athleteMaxes, {
      where: eq(athleteMaxes.athleteId, athleteId),
      orderBy: [desc(athleteMaxes.recordedOn), desc(athleteMaxes.createdAt)],
    });
    const current = new Map<string, MaxRow>();
    for (const row of rows) {
      const key = `${row.exerciseId}:${row.kind}`;
      if (!current.has(key)) current.set(key, row);
    }
    const latest = [...current.values()];
    const [names, people] = await Promise.all([
      this.exerciseNames(
        this.tenant,
        latest.map((row) => row.exerciseId),
      ),
      this.people(
        this.tenant,
        latest.map((row) => row.recordedBy),
      ),
    ]);
    return latest
      .map((row) => toMax(row, names, people))
      .sort((a, b) => a.exerciseName.localeCompare(b.exerciseName) || a.kind.localeCompare(b.kind));
  }

  /** Staff record a tested 1RM or velocity best; it is the current max from its date on. */
  async recordMax(athleteId: string, request: MaxRequest): Promise<{ max: AthleteMax; message: string }> {
    const athlete = await this.athleteFor(athleteId);
    const names = await this.exerciseNames(this.tenant, [lower(request.exerciseId)]);
    const exerciseName = names.get(lower(request.exerciseId));
    if (!exerciseName) throw invalidFields({ exerciseId: 'There is no such exercise in your library' });
    const comparable =
      request.kind === 'one_rm' && request.unit !== 'mph'
        ? convertLoad(request.value, request.unit, 'kg')
        : request.value;
    const [row] = await this.tenant.insert(athleteMaxes, {
      athleteId: athlete.id,
      exerciseId: lower(request.exerciseId),
      kind: request.kind,
      value: request.value,
      unit: request.unit,
      comparable,
      source: 'tested',
      recordedOn: request.testedOn,
      recordedBy: this.viewer.user.id,
    });
    const people = await this.people(this.tenant, [this.viewer.user.id]);
    const what = request.kind === 'one_rm' ? '1RM' : 'best velocity';
    return {
      max: toMax(row!, names, people),
      message: `${fullName(athlete)}'s ${exerciseName} ${what} is ${request.value} ${request.unit}.`,
    };
  }
}
