import { and, asc, between, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  seasonPitchLimits,
  type SeasonPitchesResponse,
  type ThrowingAlert,
  type ThrowingAlertsResponse,
  type ThrowingSummary,
} from '../../../contract/pitching';
import {
  acuteChronic,
  dailyPitchLimit,
  restDaysAfter,
  unknownWorkloadDays,
  type DayWorkload,
  type PitchType,
} from '../../../contract/throwing';
import { athleteGroups, pitches, throwingDays, users, workloadDays } from '../../db/schema';
import { addCalendarDays, ageOn, todayIn } from '../../lib/calendar-days';
import type { SignedInVariables } from '../../lib/context';
import type { Viewer } from '../../lib/directory/sessions';
import { notFound } from '../../lib/errors';
import { groupMemberIds } from '../../lib/schedule-placement';
import type { TenantScope } from '../../lib/tenancy';

/** Pitch Smart looks back 28 days; the chronic workload averages 28 days and the acute 9. */
const pitchCountDays = 28;
const chronicDays = 28;
const acuteDays = 9;

const round = (value: number, places: number) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

const roundedOrNull = (value: number | null, places: number) =>
  value === null ? null : round(value, places);

/** The acute and chronic workloads on the last day of `daily` (oldest first), with their ratio and zone. */
function workloadOn(daily: readonly DayWorkload[]) {
  const { acute, chronic, ratio, zone } = acuteChronic(daily);
  return {
    acute: roundedOrNull(acute, 4),
    chronic: roundedOrNull(chronic, 4),
    ratio: roundedOrNull(ratio, 3),
    zone,
  };
}

// Day numbers since 1970 in UTC for the loops over two years of days: date-fns' calendar arithmetic (calendar-days)
// costs some 20 µs a call, which 767 days per summary and 28 per athlete of an organisation's warnings multiply.
const dayMs = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / dayMs;
const dateOfDay = (day: number) => new Date(day * dayMs).toISOString().slice(0, 10);

/**
 * `length` days' workloads ending on `to` (oldest first): the day's sum from `rows`, 0 on a day without throws, null
 * on a day whose throws have no workload (issue 22: unknown, never 0).
 */
function dailyWorkloads(
  to: string,
  length: number,
  rows: Iterable<{ date: string; workload: number | null }>,
): DayWorkload[] {
  const first = dayNumber(to) - length + 1;
  const daily: DayWorkload[] = Array.from({ length }, () => 0);
  for (const row of rows) {
    const index = dayNumber(row.date) - first;
    if (index >= 0 && index < length) daily[index] = row.workload === null ? null : Number(row.workload);
  }
  return daily;
}

/**
 * The athlete's throwing summary and the staff's warnings (issue 16), read from the per-day rollups PostgreSQL keeps
 * (`throwing_days`, `workload_days`: two years of an athlete's ≈100,000 throws are some 3,000 rows there,
 * docs/decisions/040-throwing-rollups.md), through the TenantScope only.
 */
export class ThrowingStore {
  constructor(
    private readonly tenant: TenantScope,
    private readonly viewer: Pick<Viewer, 'user' | 'organization'>,
  ) {}

  private today() {
    return todayIn(this.viewer.organization.timeZone);
  }

  /** An athlete of the organisation the viewer may read: an athlete only itself (another is not found). */
  private async athleteFor(athleteId: string) {
    const id = athleteId.toLowerCase();
    if (this.viewer.user.role === 'athlete' && id !== this.viewer.user.id) {
      throw notFound('There is no such athlete in your organisation.');
    }
    const [athlete] = await this.tenant.selectFields(
      users,
      {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        dateOfBirth: users.dateOfBirth,
        heightInches: users.heightInches,
        weightPounds: users.weightPounds,
      },
      { where: and(eq(users.id, id), eq(users.role, 'athlete')), limit: 1 },
    );
    if (!athlete) throw notFound('There is no such athlete in your organisation.');
    return athlete;
  }

  async summary(athleteId: string, days: number): Promise<ThrowingSummary> {
    const id = athleteId.toLowerCase();
    const today = this.today();
    const from = addCalendarDays(today, -(days - 1));
    // The acute and chronic workloads of the window's first day need the days before it.
    const workloadFrom = addCalendarDays(from, -(chronicDays + acuteDays));
    // The rollups are read alongside the athlete (one round trip less): they are of our organisation's, and are
    // dropped unread when the athlete is not the viewer's to see.
    const [athlete, perDayAndType, workloadByDay] = await Promise.all([
      this.athleteFor(id),
      this.tenant.selectFields(
        throwingDays,
        {
          date: throwingDays.date,
          pitchType: throwingDays.pitchType,
          pitches: throwingDays.pitches,
          velocitySum: throwingDays.velocitySum,
          topMph: throwingDays.velocityTop,
          strikesKnown: throwingDays.strikesKnown,
          strikes: throwingDays.strikes,
        },
        {
          where: and(eq(throwingDays.athleteId, id), between(throwingDays.date, from, today)),
          orderBy: [asc(throwingDays.date), asc(throwingDays.pitchType)],
        },
      ),
      this.tenant.selectFields(
        workloadDays,
        { date: workloadDays.date, workload: sql<number | null>`${workloadDays.workloadSum}` },
        { where: and(eq(workloadDays.athleteId, id), between(workloadDays.date, workloadFrom, today)) },
      ),
    ]);

    const age = athlete.dateOfBirth ? ageOn(athlete.dateOfBirth, today) : null;
    const dailyLimit = age === null ? null : dailyPitchLimit(age);

    // Pitch Smart: the last 28 days' counts and the rest each calls for.
    const countsFrom = addCalendarDays(today, -(pitchCountDays - 1));
    const perDay = new Map<string, number>();
    for (const row of perDayAndType) {
      if (row.date >= countsFrom) perDay.set(row.date, (perDay.get(row.date) ?? 0) + Number(row.pitches));
    }
    const pitchCounts = [...perDay].map(([date, count]) => ({
      date,
      pitches: count,
      restDays: age === null ? null : restDaysAfter(count, age),
      overLimit: dailyLimit !== null && count > dailyLimit,
    }));
    // Rest owed runs from the day after the outing: 2 rest days after Monday means Thursday.
    const availableFrom = pitchCounts.reduce(
      (latest, day) =>
        day.restDays ? [latest, addCalendarDays(day.date, day.restDays + 1)].sort().at(-1)! : latest,
      today,
    );

    const mix = new Map<
      PitchType,
      { pitches: number; velocitySum: number; known: number; strikes: number }
    >();
    for (const row of perDayAndType) {
      const type = mix.get(row.pitchType) ?? { pitches: 0, velocitySum: 0, known: 0, strikes: 0 };
      type.pitches += Number(row.pitches);
      type.velocitySum += Number(row.velocitySum);
      type.known += Number(row.strikesKnown);
      type.strikes += Number(row.strikes);
      mix.set(row.pitchType, type);
    }

    const series = dailyWorkloads(today, days + chronicDays + acuteDays, workloadByDay);
    const skipped = chronicDays + acuteDays;
    const firstDay = dayNumber(from);
    const workload = series.slice(skipped).map((daily, index) => ({
      date: dateOfDay(firstDay + index),
      daily: roundedOrNull(daily, 4),
      ...workloadOn(series.slice(index, skipped + index + 1)),
    }));
    const current = workload.at(-1)!;
    const threwLately = series.slice(-chronicDays).some((value) => value === null || value > 0);

    return {
      athlete: { id: athlete.id, firstName: athlete.firstName, lastName: athlete.lastName },
      today,
      age,
      dailyLimit,
      pitchesToday: perDay.get(today) ?? 0,
      availableFrom,
      hasBodyMeasures: Boolean(athlete.heightInches && athlete.weightPounds),
      pitchCounts,
      velocity: perDayAndType.map((row) => ({
        date: row.date,
        pitchType: row.pitchType,
        pitches: Number(row.pitches),
        averageMph: round(Number(row.velocitySum) / Number(row.pitches), 1),
        topMph: round(Number(row.topMph), 1),
      })),
      pitchMix: [...mix]
        .map(([pitchType, type]) => ({
          pitchType,
          pitches: type.pitches,
          strikeRate: type.known === 0 ? null : round(type.strikes / type.known, 3),
          averageMph: round(type.velocitySum / type.pitches, 1),
        }))
        .sort((a, b) => b.pitches - a.pitches || a.pitchType.localeCompare(b.pitchType)),
      workload,
      // Nothing to say without an arm-sensor throw in the chronic window.
      currentWorkload: threwLately
        ? {
            acute: current.acute,
            chronic: current.chronic,
            ratio: current.ratio,
            zone: current.zone,
            unknownDays: unknownWorkloadDays(series),
          }
        : null,
    };
  }

  /**
   * The season's pitches one by one, for the scatter of velocity over time (issue 22): all of them up to
   * `seasonPitchLimits.sample`, else an even sample of that size and every outlier of its pitch type besides, so two
   * years' ≈100,000 pitches reach a phone as some 1,000 points. The sample is by a hash of the pitch id: the same
   * pitches every time, spread over the season as the pitches are. Three reads, none of them of all the rows into
   * the server: the count (from the rollup), each type's quartiles, and the rows sampled or beyond the fences.
   */
  async seasonPitches(athleteId: string, days: number): Promise<SeasonPitchesResponse> {
    const id = athleteId.toLowerCase();
    const today = this.today();
    const from = addCalendarDays(today, -(days - 1));
    const ofSeason = and(eq(pitches.athleteId, id), between(pitches.date, from, today));
    const [, counted, quartiles] = await Promise.all([
      this.athleteFor(id),
      this.tenant.selectFields(
        throwingDays,
        { total: sql<number>`coalesce(sum(${throwingDays.pitches}), 0)::int` },
        { where: and(eq(throwingDays.athleteId, id), between(throwingDays.date, from, today)) },
      ),
      this.tenant.selectFields(
        pitches,
        {
          pitchType: pitches.pitchType,
          q1: sql<number>`percentile_cont(0.25) within group (order by ${pitches.velocityMph})`,
          q3: sql<number>`percentile_cont(0.75) within group (order by ${pitches.velocityMph})`,
        },
        { where: ofSeason, groupBy: [pitches.pitchType] },
      ),
    ]);
    const total = Number(counted[0]?.total ?? 0);
    if (total === 0) return { pitches: [], total: 0, sampled: false };

    // Tukey's far fences, at least 3 mph out (a bullpen typed in whole numbers can have no spread at all).
    const fences = new Map(
      quartiles.map(({ pitchType, q1, q3 }) => {
        const reach = Math.max(3 * (Number(q3) - Number(q1)), 3);
        return [pitchType, { low: Number(q1) - reach, high: Number(q3) + reach }];
      }),
    );
    const beyond = or(
      ...[...fences].map(([pitchType, fence]) =>
        and(
          eq(pitches.pitchType, pitchType),
          or(lt(pitches.velocityMph, fence.low), gt(pitches.velocityMph, fence.high)),
        ),
      ),
    )!;
    const sampled = total > seasonPitchLimits.sample;
    const every = Math.ceil(total / seasonPitchLimits.sample);
    const inSample = sampled ? sql`mod(hashtextextended(${pitches.id}::text, 0), ${every}) = 0` : undefined;
    const rows = await this.tenant.selectFields(
      pitches,
      {
        date: pitches.date,
        pitchType: pitches.pitchType,
        velocityMph: pitches.velocityMph,
        outlier: sql<boolean>`${beyond}`,
        inSample: inSample ? sql<boolean>`${inSample}` : sql<boolean>`true`,
      },
      { where: and(ofSeason, inSample ? or(inSample, beyond) : undefined), orderBy: [asc(pitches.date)] },
    );
    // Outliers beyond the cap: the furthest from their fence are kept.
    const distance = (row: (typeof rows)[number]) => {
      const fence = fences.get(row.pitchType)!;
      return Math.max(fence.low - row.velocityMph, row.velocityMph - fence.high);
    };
    const outliers = rows.filter((row) => row.outlier && !row.inSample);
    const keptOutliers = new Set(
      outliers.sort((a, b) => distance(b) - distance(a)).slice(0, seasonPitchLimits.outliers),
    );
    return {
      pitches: rows
        .filter((row) => row.inSample || keptOutliers.has(row))
        .map(({ date, pitchType, velocityMph, outlier }) => ({ date, pitchType, velocityMph, outlier })),
      total,
      sampled,
    };
  }

  /**
   * The dashboard's warnings: athletes (of a group, when given) who pitched today beyond their age's daily limit,
   * or whose workload ratio today is outside the green zone. One query for today's pitch counts and one for the
   * last 28 days' daily workloads, whatever the organisation's size.
   */
  async alerts(groupId: string | undefined): Promise<ThrowingAlertsResponse> {
    const today = this.today();
    let members: string[] | null = null;
    if (groupId) {
      const group = await this.tenant.first(athleteGroups, eq(athleteGroups.id, groupId));
      if (!group) throw notFound('There is no such group in your organisation.');
      members = await groupMemberIds(this.tenant, group.id);
      if (members.length === 0) return { today, alerts: [] };
    }
    const of = (column: typeof throwingDays.athleteId | typeof workloadDays.athleteId): SQL | undefined =>
      members ? inArray(column, members) : undefined;
    const from = addCalendarDays(today, -(chronicDays - 1));
    const [counts, daily] = await Promise.all([
      this.tenant.selectFields(
        throwingDays,
        { athleteId: throwingDays.athleteId, pitches: sql<number>`sum(${throwingDays.pitches})::int` },
        {
          where: and(eq(throwingDays.date, today), of(throwingDays.athleteId)),
          groupBy: [throwingDays.athleteId],
        },
      ),
      this.tenant.selectFields(
        workloadDays,
        {
          athleteId: workloadDays.athleteId,
          date: workloadDays.date,
          workload: sql<number | null>`${workloadDays.workloadSum}`,
        },
        { where: and(between(workloadDays.date, from, today), of(workloadDays.athleteId)) },
      ),
    ]);
    const workloadsOf = new Map<string, { date: string; workload: number | null }[]>();
    for (const row of daily) {
      const days = workloadsOf.get(row.athleteId) ?? [];
      days.push(row);
      workloadsOf.set(row.athleteId, days);
    }
    const athleteIds = [...new Set([...counts.map((row) => row.athleteId), ...workloadsOf.keys()])];
    if (athleteIds.length === 0) return { today, alerts: [] };
    const people = await this.tenant.selectFields(
      users,
      {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        dateOfBirth: users.dateOfBirth,
      },
      { where: and(inArray(users.id, athleteIds), eq(users.role, 'athlete')) },
    );
    const countOf = new Map(counts.map((row) => [row.athleteId, Number(row.pitches)]));
    const alerts: ThrowingAlert[] = [];
    for (const person of people) {
      const age = person.dateOfBirth ? ageOn(person.dateOfBirth, today) : null;
      const limit = age === null ? null : dailyPitchLimit(age);
      const pitched = countOf.get(person.id) ?? 0;
      const pitchCount = limit !== null && pitched > limit ? { pitches: pitched, limit } : null;
      const days = workloadsOf.get(person.id);
      const series = days ? dailyWorkloads(today, chronicDays, days) : null;
      const current = series ? workloadOn(series) : null;
      const workload =
        current?.ratio != null && current.zone !== null && current.zone !== 'green'
          ? { ratio: current.ratio, zone: current.zone }
          : null;
      // A ratio left unknown by throws without a workload is said, rather than read as green by its silence.
      const unknownDays = series ? unknownWorkloadDays(series) : 0;
      const workloadUnknown = unknownDays > 0 ? { days: unknownDays } : null;
      if (pitchCount || workload || workloadUnknown) {
        alerts.push({
          athlete: { id: person.id, firstName: person.firstName, lastName: person.lastName },
          pitchCount,
          workload,
          workloadUnknown,
        });
      }
    }
    alerts.sort(
      (a, b) =>
        a.athlete.lastName.localeCompare(b.athlete.lastName) ||
        a.athlete.firstName.localeCompare(b.athlete.firstName),
    );
    return { today, alerts };
  }
}

/** Throwing as the signed-in user may read it. */
export const throwingOf = (c: { var: Pick<SignedInVariables, 'tenant' | 'viewer'> }) =>
  new ThrowingStore(c.var.tenant, c.var.viewer);
