import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LastTimePoint, LastTimeResponse } from '../../../contract/last-time';
import type { WeightUnit } from '../../../contract/training-vocabulary';
import { loggedSets, users, workoutLogs } from '../../db/schema';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { forbidden, notFound } from '../../lib/errors';
import type { TenantScope } from '../../lib/tenancy';
import { counted, exercisePointFields, exercisePointOf } from '../../lib/tracking-records';

const lower = (id: string) => id.toLowerCase();

/**
 * "Last time" for several exercises of one athlete at once (issue 22, ADR 045): per exercise, the sets it had at
 * the athlete's last completed workout that did it, summed up as a history point. Two grouped reads over the
 * index of counted sets (athlete, exercise, date), whatever the number of exercises; never two years of points.
 */
export class LastTimeStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user' | 'organization'>,
  ) {}

  private get unit(): WeightUnit {
    return this.viewer.organization.weightUnit;
  }

  /** Athletes read their own only (403); an athlete of another organisation, or no athlete, is not found. */
  private async athleteIdFor(athleteId: string): Promise<string> {
    const id = lower(athleteId);
    if (this.viewer.user.role === 'athlete' && id !== this.viewer.user.id) {
      throw forbidden('Athletes see their own training only.');
    }
    const [athlete] = await this.tenant.selectFields(
      users,
      { id: users.id },
      { where: and(eq(users.id, id), eq(users.role, 'athlete')), limit: 1 },
    );
    if (!athlete) throw notFound('There is no such athlete in your organisation.');
    return athlete.id;
  }

  async forExercises(athleteId: string, exerciseIds: readonly string[]): Promise<LastTimeResponse> {
    const athlete = await this.athleteIdFor(athleteId);
    const wanted = [...new Set(exerciseIds.map(lower))];
    // A workout being tracked is never its own "last time": only completed logs count.
    const ofCompletedLogs = sql`${loggedSets.logId} in (select ${workoutLogs.id} from ${workoutLogs} where ${this.tenant.own(
      workoutLogs,
      and(eq(workoutLogs.athleteId, athlete), eq(workoutLogs.status, 'completed')),
    )})`;
    const counting = and(
      eq(loggedSets.athleteId, athlete),
      inArray(loggedSets.exerciseId, wanted),
      counted(),
      ofCompletedLogs,
    );
    const lastDays = await this.tenant.selectFields(
      loggedSets,
      { exerciseId: loggedSets.exerciseId, day: sql<string>`max(${loggedSets.performedOn})::text` },
      { where: counting, groupBy: [loggedSets.exerciseId] },
    );
    const points = lastDays.length === 0 ? [] : await this.pointsOn(lastDays, counting);
    // Two workouts of that day: the later log (its id is made at its start, UUIDv7) is the last time.
    const lastByExercise = new Map<string, LastTimePoint>();
    for (const { exerciseId, point } of points) {
      const kept = lastByExercise.get(exerciseId);
      if (!kept || kept.logId < point.logId) lastByExercise.set(exerciseId, point);
    }
    return {
      unit: this.unit,
      data: exerciseIds.map((id) => ({ exerciseId: id, last: lastByExercise.get(lower(id)) ?? null })),
    };
  }

  /** The summaries of each exercise's workouts on its last day, as `history` sums up a workout. */
  private async pointsOn(
    lastDays: readonly { exerciseId: string; day: string }[],
    counting: ReturnType<typeof and>,
  ): Promise<{ exerciseId: string; point: LastTimePoint }[]> {
    const pairs = sql.join(
      lastDays.map(({ exerciseId, day }) => sql`(${exerciseId}::uuid, ${day}::date)`),
      sql`, `,
    );
    const rows = await this.tenant.selectFields(
      loggedSets,
      {
        exerciseId: loggedSets.exerciseId,
        ...exercisePointFields,
      },
      {
        where: and(counting, sql`(${loggedSets.exerciseId}, ${loggedSets.performedOn}) in (${pairs})`),
        groupBy: [loggedSets.exerciseId, loggedSets.performedOn, loggedSets.logId],
      },
    );
    return rows.map((row) => ({
      exerciseId: row.exerciseId,
      point: exercisePointOf(row, this.unit),
    }));
  }
}

export const lastTimeOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new LastTimeStore(c.var.tenant, c.var.viewer);
