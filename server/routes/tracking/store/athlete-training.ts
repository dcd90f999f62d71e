import { and, asc, between, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { complianceOf } from '../../../../contract/compliance';
import {
  trackingLimits,
  type AthleteTrainingResponse,
  type ExerciseHistoryResponse,
  type exerciseHistoryQuerySchema,
} from '../../../../contract/tracking';
import { loggedSets, personalRecords, scheduleEntries } from '../../../db/schema';
import { addCalendarDays, calendarDaysFrom } from '../../../lib/calendar-days';
import { invalidFields, notFound } from '../../../lib/errors';
import {
  counted,
  exercisePointFields,
  exercisePointOf,
  exercisesTakingOneRm,
} from '../../../lib/tracking-records';
import { AthleteMaxes } from './athlete-maxes';
import { TrackingArea, lower, toRecord } from './tracking-area';

type HistoryQuery = z.output<typeof exerciseHistoryQuerySchema>;

/** An athlete's training: an exercise's history and the Training tab. */
export class AthleteTraining extends TrackingArea {
  /** One point per log of the exercise in the range (two years back by default). */
  async history(athleteId: string, query: HistoryQuery): Promise<ExerciseHistoryResponse> {
    const athlete = await this.athleteFor(athleteId);
    const to = query.to ?? this.today();
    const from = query.from ?? addCalendarDays(to, -730);
    if (calendarDaysFrom(from, to) < 0) throw invalidFields({ to: 'The end is before the start' }, 'query');
    if (calendarDaysFrom(from, to) > trackingLimits.historyDaysMax) {
      throw invalidFields({ from: `At most ${trackingLimits.historyDaysMax} days at once` }, 'query');
    }
    const exerciseId = lower(query.exerciseId);
    const names = await this.exerciseNames(this.tenant, [exerciseId]);
    const name = names.get(exerciseId);
    if (!name) throw notFound('There is no such exercise in your library.');
    const rows = await this.tenant.selectFields(loggedSets, exercisePointFields, {
      where: and(
        eq(loggedSets.athleteId, athlete.id),
        eq(loggedSets.exerciseId, exerciseId),
        counted(),
        between(loggedSets.performedOn, from, to),
      ),
      groupBy: [loggedSets.performedOn, loggedSets.logId],
      orderBy: [asc(loggedSets.performedOn), asc(loggedSets.logId)],
    });
    return {
      exercise: { id: exerciseId, name },
      unit: this.unit,
      points: rows.map((row) => exercisePointOf(row, this.unit)),
    };
  }

  /** The Training tab: exercises logged, current maxes, latest records, and compliance over 7/30/90 days (ADR 042). */
  async training(athleteId: string): Promise<AthleteTrainingResponse> {
    const athlete = await this.athleteFor(athleteId);
    const today = this.today();
    const [logged, maxes, records, entries] = await Promise.all([
      this.tenant.selectFields(
        loggedSets,
        { exerciseId: loggedSets.exerciseId, doneSets: sql<number>`count(*)::int` },
        {
          where: and(eq(loggedSets.athleteId, athlete.id), counted()),
          groupBy: [loggedSets.exerciseId],
        },
      ),
      new AthleteMaxes(this.tenant, this.viewer).currentMaxes(athlete.id),
      this.tenant.select(personalRecords, {
        where: eq(personalRecords.athleteId, athlete.id),
        orderBy: [desc(personalRecords.achievedAt), asc(personalRecords.kind)],
        limit: 20,
      }),
      this.tenant.selectFields(
        scheduleEntries,
        { date: scheduleEntries.date, status: scheduleEntries.status },
        {
          where: and(
            eq(scheduleEntries.athleteId, athlete.id),
            between(scheduleEntries.date, addCalendarDays(today, -89), today),
          ),
        },
      ),
    ]);
    const names = await this.exerciseNames(this.tenant, [
      ...logged.map((row) => row.exerciseId),
      ...records.map((record) => record.exerciseId),
    ]);
    const people = new Map([[athlete.id, athlete]]);
    const takingOneRm = await exercisesTakingOneRm(
      this.tenant,
      logged.map((row) => row.exerciseId),
    );
    return {
      exercises: logged
        .map((row) => ({
          id: row.exerciseId,
          name: names.get(row.exerciseId) ?? 'Exercise',
          doneSets: Number(row.doneSets),
          takesOneRm: takingOneRm.has(row.exerciseId),
        }))
        .sort((a, b) => b.doneSets - a.doneSets || a.name.localeCompare(b.name)),
      maxes,
      records: records.map((record) => toRecord(record, names, people)),
      compliance: ([7, 30, 90] as const).map((days) => {
        const since = addCalendarDays(today, -(days - 1));
        return {
          days,
          ...complianceOf(
            entries.filter((entry) => entry.date >= since),
            today,
          ),
        };
      }),
    };
  }
}
