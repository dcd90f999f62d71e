import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CompletedWorkoutListResponse,
  completedWorkoutQuerySchema,
} from '../../../../contract/tracking';
import {
  athleteGroups,
  logCorrections,
  loggedSets,
  personalRecords,
  scheduleEntries,
  workoutLogs,
} from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { groupMemberIds } from '../../../lib/schedule-placement';
import { counted, fromKg, rounded } from '../../../lib/tracking-records';
import { TrackingArea, lower, personOf } from './tracking-area';

type CompletedQuery = z.output<typeof completedWorkoutQuerySchema>;

/** The completed workouts list. */
export class CompletedWorkouts extends TrackingArea {
  /** Completed workouts, newest first: staff the organisation's (filtered), athletes their own. */
  async completed(query: CompletedQuery): Promise<CompletedWorkoutListResponse> {
    const filters: (SQL | undefined)[] = [eq(workoutLogs.status, 'completed')];
    if (this.isAthlete) filters.push(eq(workoutLogs.athleteId, this.viewer.user.id));
    else if (query.athleteId) filters.push(eq(workoutLogs.athleteId, lower(query.athleteId)));
    if (query.groupId && !this.isAthlete) {
      const group = await this.tenant.first(athleteGroups, eq(athleteGroups.id, query.groupId));
      if (!group) throw notFound('There is no such group in your organisation.');
      const members = await groupMemberIds(this.tenant, group.id);
      filters.push(members.length === 0 ? sql`false` : inArray(workoutLogs.athleteId, members));
    }
    if (query.category) filters.push(eq(workoutLogs.category, query.category));
    if (query.from) filters.push(sql`${workoutLogs.date} >= ${query.from}`);
    if (query.to) filters.push(sql`${workoutLogs.date} <= ${query.to}`);
    const where = and(...filters)!;
    const [logs, total] = await Promise.all([
      this.tenant.select(workoutLogs, {
        where,
        orderBy: [desc(workoutLogs.date), desc(workoutLogs.finishedAt), desc(workoutLogs.id)],
        limit: query.size,
        offset: query.page * query.size,
      }),
      this.tenant.count(workoutLogs, where),
    ]);
    const logIds = logs.map((log) => log.id);
    const none = logIds.length === 0;
    const [entries, totals, recordCounts, corrected, people] = await Promise.all([
      none
        ? []
        : this.tenant.selectFields(
            scheduleEntries,
            { id: scheduleEntries.id, name: scheduleEntries.name },
            {
              where: inArray(
                scheduleEntries.id,
                logs.map((log) => log.entryId),
              ),
            },
          ),
      none
        ? []
        : this.tenant.selectFields(
            loggedSets,
            {
              logId: loggedSets.logId,
              sets: sql<number>`count(*)::int`,
              volumeKg: sql<number>`coalesce(sum(${loggedSets.reps} * ${loggedSets.loadKg}), 0)::float8`,
            },
            { where: and(inArray(loggedSets.logId, logIds), counted()), groupBy: [loggedSets.logId] },
          ),
      none
        ? []
        : this.tenant.selectFields(
            personalRecords,
            { logId: personalRecords.logId, count: sql<number>`count(*)::int` },
            { where: inArray(personalRecords.logId, logIds), groupBy: [personalRecords.logId] },
          ),
      none
        ? []
        : this.tenant.selectFields(
            logCorrections,
            { logId: logCorrections.logId },
            { where: inArray(logCorrections.logId, logIds), groupBy: [logCorrections.logId] },
          ),
      this.people(
        this.tenant,
        logs.flatMap((log) => [log.athleteId, log.finishedBy]),
      ),
    ]);
    const nameOf = new Map(entries.map((entry) => [entry.id, entry.name]));
    const totalsOf = new Map(totals.map((row) => [row.logId, row]));
    const recordsOf = new Map(recordCounts.map((row) => [row.logId, Number(row.count)]));
    const correctedIds = new Set(corrected.map((row) => row.logId));
    return {
      data: logs.map((log) => ({
        logId: log.id,
        entryId: log.entryId,
        date: log.date,
        athlete: personOf(people, log.athleteId),
        workoutName: nameOf.get(log.entryId) ?? 'Workout',
        category: log.category,
        finishedAt: (log.finishedAt ?? log.updatedAt).toISOString(),
        durationSeconds: log.durationSeconds,
        sessionRpe: log.sessionRpe,
        doneSetCount: Number(totalsOf.get(log.id)?.sets ?? 0),
        volume: rounded(fromKg(Number(totalsOf.get(log.id)?.volumeKg ?? 0), this.unit)),
        volumeUnit: this.unit,
        recordCount: recordsOf.get(log.id) ?? 0,
        finishedBy: log.finishedBy ? personOf(people, log.finishedBy) : null,
        corrected: correctedIds.has(log.id),
      })),
      page: query.page,
      size: query.size,
      total,
    };
  }
}
