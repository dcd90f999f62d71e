import { errorCodes } from '@contract';
import type { SeasonPitch, SeasonPitchesResponse, ThrowingAlert, ThrowingSummary } from '@contract/pitching';
import {
  seasonPitchesResponseSchema,
  seasonPitchLimits,
  throwingAlertsQuerySchema,
  throwingAlertsResponseSchema,
  throwingQuerySchema,
  throwingSummaryResponseSchema,
} from '@contract/pitching';
import type { PitchType } from '@contract/throwing';
import type { DayWorkload } from '@contract/throwing';
import { acuteChronic, dailyPitchLimit, restDaysAfter, unknownWorkloadDays } from '@contract/throwing';
import { addDays, format, parseISO } from 'date-fns';
import { demoPeople, demoUsers } from '../data';
import { apiError, apiRoute, requestUser, staffOnly, unauthorized, validationFailure } from './respond';
import { demoToday } from './schedule';

/*
 * The athlete's throwing summary and the staff's warnings (issue 16), worked out with the contract's own
 * arithmetic from a few demo pitchers, so the figures agree with each other as the server's would:
 * - Jamie Rivera (12, limit 85): 42 pitches today, 92 eight days ago (over the limit), fastball, changeup and
 *   curveball; an arm sensor for the last 400 days, its ratio amber lately.
 * - Tyler Brooks (17, limit 105): 112 pitches today (over), no height and weight on the profile (no workload).
 * - Noah Kim (no date of birth, so no Pitch Smart limit): a throwing block that stopped ten days ago (ratio red).
 * - The position players: no pitches.
 */

const shift = (date: string, days: number) => format(addDays(parseISO(date), days), 'yyyy-MM-dd');
const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

interface PitchTypeProfile {
  pitchType: PitchType;
  /** Of the day's pitches. */
  share: number;
  /** Average velocity today; earlier days were a little slower. */
  mph: number;
  strikeRate: number;
}

interface ThrowingProfile {
  athleteId: string;
  age: number | null;
  hasBodyMeasures: boolean;
  /** Pitches thrown `daysAgo` days before today (0 is today). */
  pitchesOn: (daysAgo: number) => number;
  /** Workload of throws that are not pitches (warm-ups, long toss) on a day, when a sensor was worn. */
  otherThrowsOn: (daysAgo: number) => number;
  pitchTypes: PitchTypeProfile[];
  /** Days the arm sensor has been worn (0: never). */
  sensorDays: number;
}

/** Pitches of a season: a bullpen or a start every five days, a winter off between days 150 and 230. */
const seasonPitches = (daysAgo: number, base: number) =>
  daysAgo % 5 === 1 && (daysAgo < 150 || daysAgo > 230) ? base + ((daysAgo * 7) % 30) : 0;

const profiles: ThrowingProfile[] = [
  {
    athleteId: demoUsers.athlete.id,
    age: 12,
    hasBodyMeasures: true,
    pitchesOn: (daysAgo) =>
      daysAgo < 28
        ? (({ 0: 42, 3: 38, 8: 92, 13: 55, 18: 47, 22: 33, 26: 61 } as Record<number, number>)[daysAgo] ?? 0)
        : daysAgo < 60
          ? // A lighter month before the recent build-up: the acute workload outruns the chronic (amber).
            daysAgo % 9 === 0
            ? 25
            : 0
          : seasonPitches(daysAgo, 35),
    // Catch play every day: light in the lighter month, more since the build-up began.
    otherThrowsOn: (daysAgo) => (daysAgo < 30 ? 4 : daysAgo < 60 ? 2.5 : 3),
    pitchTypes: [
      { pitchType: 'fastball', share: 0.6, mph: 63.4, strikeRate: 0.64 },
      { pitchType: 'changeup', share: 0.25, mph: 55.1, strikeRate: 0.58 },
      { pitchType: 'curveball', share: 0.15, mph: 50.6, strikeRate: 0.52 },
    ],
    sensorDays: 400,
  },
  {
    athleteId: '5a0c8a8e-1d2b-4c4e-8f00-000000000005',
    age: 17,
    hasBodyMeasures: false,
    pitchesOn: (daysAgo) => (daysAgo === 0 ? 112 : daysAgo < 5 ? 0 : seasonPitches(daysAgo, 60)),
    otherThrowsOn: () => 0,
    pitchTypes: [
      { pitchType: 'fastball', share: 0.5, mph: 84.2, strikeRate: 0.66 },
      { pitchType: 'slider', share: 0.25, mph: 75.3, strikeRate: 0.61 },
      { pitchType: 'changeup', share: 0.15, mph: 77.8, strikeRate: 0.55 },
      { pitchType: 'sinker', share: 0.1, mph: 82.9, strikeRate: 0.6 },
    ],
    sensorDays: 0,
  },
  {
    athleteId: '5a0c8a8e-1d2b-4c4e-8f00-000000000008',
    age: null,
    hasBodyMeasures: true,
    pitchesOn: (daysAgo) => (daysAgo >= 10 && daysAgo % 3 === 1 ? 45 : 0),
    otherThrowsOn: (daysAgo) => (daysAgo < 10 ? 1.5 : 0),
    pitchTypes: [
      { pitchType: 'fastball', share: 0.7, mph: 78.6, strikeRate: 0.62 },
      { pitchType: 'cutter', share: 0.3, mph: 74.1, strikeRate: 0.57 },
    ],
    sensorDays: 200,
  },
];

/** The demo athletes without pitches (the position players), 16 years old. */
const quietProfile = (athleteId: string): ThrowingProfile => ({
  athleteId,
  age: 16,
  hasBodyMeasures: true,
  pitchesOn: () => 0,
  otherThrowsOn: () => 0,
  pitchTypes: [],
  sensorDays: 0,
});

const athletes = demoPeople.filter((person) => person.role === 'athlete');
const profileOf = (athleteId: string): ThrowingProfile | null =>
  athletes.some((person) => person.id === athleteId)
    ? (profiles.find((profile) => profile.athleteId === athleteId) ?? quietProfile(athleteId))
    : null;

/** A pitch is about 0.42 of workload for these pitchers' torque, height and weight; a warm-up throw less. */
const workloadPerPitch = 0.42;

/** A day's workload; unknown (null) on a day of throws without height and weight on the profile, as the server. */
function dailyWorkload(profile: ThrowingProfile, daysAgo: number): DayWorkload {
  if (daysAgo >= profile.sensorDays) return 0;
  const workload = profile.pitchesOn(daysAgo) * workloadPerPitch + profile.otherThrowsOn(daysAgo);
  if (workload === 0) return 0;
  return profile.hasBodyMeasures ? workload : null;
}

const roundedOrNull = (value: number | null) => (value === null ? null : round(value));

/** Velocity on a day: a slow climb over two years, and a little day-to-day wobble. */
const mphOn = (type: PitchTypeProfile, daysAgo: number) =>
  round(type.mph - daysAgo * 0.004 + (((daysAgo * 13) % 7) - 3) * 0.3, 1);

/** The summary the server would answer for this athlete over `days` (ending today). */
export function demoThrowingSummary(athleteId: string, days: number, today = demoToday()): ThrowingSummary {
  const profile = profileOf(athleteId) ?? quietProfile(athleteId);
  const person = athletes.find((candidate) => candidate.id === athleteId) ?? demoPeople[2]!;
  const { age } = profile;
  const limit = age === null ? null : dailyPitchLimit(age);

  const pitchCounts: ThrowingSummary['pitchCounts'] = [];
  let availableFrom = today;
  for (let daysAgo = 27; daysAgo >= 0; daysAgo -= 1) {
    const pitches = profile.pitchesOn(daysAgo);
    if (pitches === 0) continue;
    const date = shift(today, -daysAgo);
    const restDays = age === null ? null : restDaysAfter(pitches, age);
    const nextDay = shift(date, (restDays ?? 0) + 1);
    if (restDays && nextDay > availableFrom) availableFrom = nextDay;
    pitchCounts.push({ date, pitches, restDays, overLimit: limit !== null && pitches > limit });
  }

  const velocity: ThrowingSummary['velocity'] = [];
  const mix = new Map<PitchType, { pitches: number; mphSum: number; strikeRate: number }>();
  for (let daysAgo = days - 1; daysAgo >= 0; daysAgo -= 1) {
    const pitches = profile.pitchesOn(daysAgo);
    if (pitches === 0) continue;
    let left = pitches;
    profile.pitchTypes.forEach((type, index) => {
      const count =
        index === profile.pitchTypes.length - 1 ? left : Math.min(left, Math.round(pitches * type.share));
      left -= count;
      if (count === 0) return;
      const averageMph = mphOn(type, daysAgo);
      velocity.push({
        date: shift(today, -daysAgo),
        pitchType: type.pitchType,
        pitches: count,
        averageMph,
        topMph: round(averageMph + 1.6 + (daysAgo % 3) * 0.4, 1),
      });
      const totals = mix.get(type.pitchType) ?? { pitches: 0, mphSum: 0, strikeRate: type.strikeRate };
      totals.pitches += count;
      totals.mphSum += averageMph * count;
      mix.set(type.pitchType, totals);
    });
  }

  // The acute and chronic workloads look back 9 and 28 days before the range's first day.
  const history = Array.from({ length: days + 28 }, (_, index) => dailyWorkload(profile, days + 27 - index));
  const workload: ThrowingSummary['workload'] = [];
  for (let index = 28; index < history.length; index += 1) {
    const { acute, chronic, ratio, zone } = acuteChronic(history.slice(0, index + 1));
    workload.push({
      date: shift(today, index - history.length + 1),
      daily: roundedOrNull(history[index]!),
      acute: roundedOrNull(acute),
      chronic: roundedOrNull(chronic),
      ratio: roundedOrNull(ratio),
      zone,
    });
  }
  const latest = workload.at(-1);
  const everThrown = profile.sensorDays > 0;

  return {
    athlete: { id: person.id, firstName: person.firstName, lastName: person.lastName },
    today,
    age,
    dailyLimit: limit,
    pitchesToday: profile.pitchesOn(0),
    availableFrom,
    hasBodyMeasures: profile.hasBodyMeasures,
    pitchCounts,
    velocity,
    pitchMix: [...mix.entries()].map(([pitchType, totals]) => ({
      pitchType,
      pitches: totals.pitches,
      strikeRate: totals.strikeRate,
      averageMph: round(totals.mphSum / totals.pitches, 1),
    })),
    workload,
    currentWorkload:
      everThrown && latest
        ? {
            acute: latest.acute,
            chronic: latest.chronic,
            ratio: latest.ratio,
            zone: latest.zone,
            unknownDays: unknownWorkloadDays(history),
          }
        : null,
  };
}

/**
 * The range's pitches one by one, as the server answers them for the scatter: each day's pitches split by type as
 * the summary's velocity is; the eighth day back's last fastball came in 10 mph slow (an outlier, 3 × the
 * interquartile range or 3 mph beyond its type's quartiles); more than 1,000 are sampled evenly, outliers kept.
 */
export function demoSeasonPitches(
  athleteId: string,
  days: number,
  today = demoToday(),
): SeasonPitchesResponse {
  const profile = profileOf(athleteId) ?? quietProfile(athleteId);
  const all: Omit<SeasonPitch, 'outlier'>[] = [];
  for (let daysAgo = days - 1; daysAgo >= 0; daysAgo -= 1) {
    const pitches = profile.pitchesOn(daysAgo);
    let left = pitches;
    profile.pitchTypes.forEach((type, index) => {
      const count =
        index === profile.pitchTypes.length - 1 ? left : Math.min(left, Math.round(pitches * type.share));
      left -= count;
      for (let nth = 0; nth < count; nth += 1) {
        const slow = daysAgo === 8 && index === 0 && nth === count - 1 ? 10 : 0;
        all.push({
          date: shift(today, -daysAgo),
          pitchType: type.pitchType,
          velocityMph: round(mphOn(type, daysAgo) + (((nth * 5) % 7) - 3) * 0.4 - slow, 1),
        });
      }
    });
  }
  const fences = new Map(
    profile.pitchTypes.map(({ pitchType }) => {
      const sorted = all
        .filter((pitch) => pitch.pitchType === pitchType)
        .map((pitch) => pitch.velocityMph)
        .sort((a, b) => a - b);
      const at = (share: number) => sorted[Math.floor((sorted.length - 1) * share)] ?? 0;
      const reach = Math.max(3 * (at(0.75) - at(0.25)), 3);
      return [pitchType, { low: at(0.25) - reach, high: at(0.75) + reach }];
    }),
  );
  const every = Math.ceil(all.length / seasonPitchLimits.sample);
  const shown = all.flatMap((pitch, index) => {
    const fence = fences.get(pitch.pitchType)!;
    const outlier = pitch.velocityMph < fence.low || pitch.velocityMph > fence.high;
    return outlier || index % every === 0 ? [{ ...pitch, outlier }] : [];
  });
  return { pitches: shown, total: all.length, sampled: every > 1 };
}

/** The staff's warnings of today: pitch counts over the age's limit, workload ratios outside green. */
export function demoThrowingAlerts(groupId?: string, today = demoToday()): ThrowingAlert[] {
  return athletes
    .filter((person) => person.status === 'approved')
    .filter((person) => !groupId || person.groups.some((group) => group.id === groupId))
    .flatMap((person) => {
      const summary = demoThrowingSummary(person.id, 28, today);
      const { dailyLimit, pitchesToday, currentWorkload } = summary;
      const pitchCount =
        dailyLimit !== null && pitchesToday > dailyLimit
          ? { pitches: pitchesToday, limit: dailyLimit }
          : null;
      const workload =
        currentWorkload?.ratio != null && currentWorkload.zone && currentWorkload.zone !== 'green'
          ? { ratio: currentWorkload.ratio, zone: currentWorkload.zone }
          : null;
      const unknownDays = currentWorkload?.unknownDays ?? 0;
      const workloadUnknown = unknownDays > 0 ? { days: unknownDays } : null;
      if (!pitchCount && !workload && !workloadUnknown) return [];
      return [{ athlete: summary.athlete, pitchCount, workload, workloadUnknown }];
    });
}

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

export const throwingHandlers = [
  apiRoute(
    {
      method: 'get',
      path: '/api/athletes/{athleteId}/throwing',
      responses: { 200: throwingSummaryResponseSchema },
    },
    ({ request, params, reply }) => {
      const viewer = requestUser(request);
      if (!viewer) return unauthorized();
      const query = throwingQuerySchema.safeParse(queryOf(request));
      if (!query.success) return validationFailure(query.error);
      // Another athlete's summary is as missing as an unknown one's (tenancy, ADR 002).
      if (!profileOf(params.athleteId) || (viewer.role === 'athlete' && viewer.id !== params.athleteId)) {
        return apiError(404, {
          code: errorCodes.notFound,
          message: 'This athlete is not in your organisation.',
        });
      }
      return reply(200, { throwing: demoThrowingSummary(params.athleteId, query.data.days) });
    },
  ),
  apiRoute(
    {
      method: 'get',
      path: '/api/athletes/{athleteId}/throwing/pitches',
      responses: { 200: seasonPitchesResponseSchema },
    },
    ({ request, params, reply }) => {
      const viewer = requestUser(request);
      if (!viewer) return unauthorized();
      const query = throwingQuerySchema.safeParse(queryOf(request));
      if (!query.success) return validationFailure(query.error);
      if (!profileOf(params.athleteId) || (viewer.role === 'athlete' && viewer.id !== params.athleteId)) {
        return apiError(404, {
          code: errorCodes.notFound,
          message: 'This athlete is not in your organisation.',
        });
      }
      return reply(200, demoSeasonPitches(params.athleteId, query.data.days));
    },
  ),
  apiRoute(
    { method: 'get', path: '/api/throwing/alerts', responses: { 200: throwingAlertsResponseSchema } },
    ({ request, reply }) => {
      const refused = staffOnly(request);
      if (refused) return refused;
      const query = throwingAlertsQuerySchema.safeParse(queryOf(request));
      if (!query.success) return validationFailure(query.error);
      return reply(200, { today: demoToday(), alerts: demoThrowingAlerts(query.data.groupId) });
    },
  ),
];
