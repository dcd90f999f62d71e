import { errorCodes } from '@contract';
import type { Pitch, PitchValues, SensorThrow, SensorThrowValues } from '@contract/pitching';
import {
  pitchingLimits,
  pitchInputSchema,
  pitchListResponseSchema,
  pitchResponseSchema,
  replacePitchesRequestSchema,
  replaceSensorThrowsRequestSchema,
  sensorThrowInputSchema,
  sensorThrowListResponseSchema,
  sensorThrowResponseSchema,
} from '@contract/pitching';
import type { PitchResult, PitchType } from '@contract/throwing';
import { throwWorkload } from '@contract/throwing';
import { addDays, format, parseISO } from 'date-fns';
import { demoPeople, demoUsers } from '../data';
import { apiError, apiRoute, requestUser, unauthorized, validationFailure } from './respond';
import { demoToday } from './schedule';
import { demoLogId } from './training';

/* A completed workout's pitches and arm-sensor throws (issue 16), for the completed workouts' fakes' logs. */

const idOf = (n: number) => `0d7e0016-0000-4000-8000-${String(n).padStart(12, '0')}`;
const logIdOf = (day: number) => `0d7e0001-0000-4000-8000-${String(day).padStart(12, '0')}`;

/** The demo athlete's profile measures in the fake (72 in, 185 lb), in metres and kilograms. */
const demoBody = { heightM: 72 * 0.0254, weightKg: 185 * 0.45359237 };

/** How each type of the demo bullpen moves: velocity, spin, axis (degrees), IVB and HB (inches). */
const demoShapes: Record<
  'fastball' | 'slider' | 'curveball' | 'changeup',
  [number, number, number, number, number]
> = {
  fastball: [86.4, 2260, 210, 16.2, -9.1],
  slider: [78.2, 2440, 97.5, 2.4, 5.6],
  curveball: [72.8, 2580, 37.5, -12.3, 7.4],
  changeup: [78.9, 1720, 232.5, 7.1, -13.2],
};
const demoSequence = 'FFSFCFSFHFFSCFSFHFFCSFHF';
const typeOfLetter = { F: 'fastball', S: 'slider', C: 'curveball', H: 'changeup' } as const;
const demoResults: PitchResult[] = [
  'called_strike',
  'ball',
  'swinging_strike',
  'foul',
  'ball',
  'in_play',
  'called_strike',
  'ball',
];

/**
 * The fake's logs are the completed workouts' fakes' (mocks/handlers/training.ts): day n's log belongs to the demo
 * athlete on day 1 and to the approved athletes in turn after it. Only the demo log has pitches and throws.
 */
function ownerOf(logId: string): { athleteId: string; date: string } | null {
  const day = Array.from({ length: 28 }, (_, index) => index + 1).find((n) => logIdOf(n) === logId);
  if (day === undefined) return null;
  const athletes = demoPeople.filter((person) => person.role === 'athlete' && person.status === 'approved');
  const athleteId = day === 1 ? demoUsers.athlete.id : athletes[day % athletes.length]!.id;
  return { athleteId, date: format(addDays(parseISO(demoToday()), -day), 'yyyy-MM-dd') };
}

export interface PitchingFakeOptions {
  /** The athlete's profile lacks height or weight, so throws have no workload. */
  missingBodyMeasures?: boolean;
}

/**
 * Pitches and sensor throws of the completed workouts; the demo log (`demoLogId`) has a bullpen of 24 pitches and
 * the sensor's 24 throws. Tests that write install a fresh copy: `server.use(...pitchingHandlers())`.
 */
export function pitchingHandlers({ missingBodyMeasures = false }: PitchingFakeOptions = {}) {
  let sequence = 0;
  const nextId = () => idOf(++sequence);
  const pitches = new Map<string, Pitch[]>();
  const throwsOf = new Map<string, SensorThrow[]>();
  const updatedAt = () => new Date().toISOString();

  const pitchOf = (
    logId: string,
    id: string,
    values: PitchValues,
    source: Pitch['source'] = 'manual',
  ): Pitch => {
    const owner = ownerOf(logId)!;
    return {
      id,
      logId,
      athleteId: owner.athleteId,
      date: owner.date,
      ...values,
      strike: values.result === null ? values.strike : values.result !== 'ball',
      source,
      importId: null,
      updatedAt: updatedAt(),
    };
  };
  /** The log's pitch of this number now: a throw is matched to it when written, as the server does. */
  const pitchIdOf = (logId: string, sequence: number) =>
    (pitches.get(logId) ?? []).find((pitch) => pitch.sequence === sequence)?.id ?? null;
  const throwOf = (
    logId: string,
    id: string,
    values: SensorThrowValues,
    source: SensorThrow['source'] = 'manual',
    pitchId: string | null = pitchIdOf(logId, values.sequence),
  ) => {
    const owner = ownerOf(logId)!;
    const workload =
      missingBodyMeasures || values.elbowTorqueNm === null
        ? null
        : throwWorkload(values.elbowTorqueNm, demoBody.heightM, demoBody.weightKg);
    return {
      id,
      logId,
      athleteId: owner.athleteId,
      date: owner.date,
      ...values,
      pitchId,
      workload: workload === null ? null : Math.round(workload * 1000) / 1000,
      source,
      importId: null,
      updatedAt: updatedAt(),
    } satisfies SensorThrow;
  };

  const demo = ownerOf(demoLogId)!;
  pitches.set(
    demoLogId,
    [...demoSequence].map((letter, index) => {
      const pitchType: PitchType = typeOfLetter[letter as keyof typeof typeOfLetter];
      const [mph, spin, axis, ivb, hb] = demoShapes[typeOfLetter[letter as keyof typeof typeOfLetter]];
      const wobble = ((index * 7) % 5) - 2;
      return pitchOf(
        demoLogId,
        nextId(),
        {
          sequence: index + 1,
          pitchType,
          velocityMph: Math.round((mph + wobble * 0.4 + (index < 12 ? 0.5 : 0)) * 10) / 10,
          spinRateRpm: spin + wobble * 25,
          spinAxisDegrees: axis,
          inducedVerticalBreakIn: Math.round((ivb + wobble * 0.6) * 10) / 10,
          horizontalBreakIn: Math.round((hb - wobble * 0.5) * 10) / 10,
          releaseHeightFt: Math.round((5.9 + wobble * 0.03) * 100) / 100,
          releaseSideFt: Math.round((-1.8 + wobble * 0.04) * 100) / 100,
          extensionFt: Math.round((6.2 + wobble * 0.05) * 100) / 100,
          result: demoResults[index % demoResults.length]!,
          strike: null,
          note: index === 0 ? 'First of the pen, up in the zone' : null,
        },
        'rapsodo',
      );
    }),
  );
  const firstThrow = Date.parse(`${demo.date}T21:40:00.000Z`);
  throwsOf.set(
    demoLogId,
    Array.from({ length: 24 }, (_, index) => {
      const wobble = ((index * 3) % 7) - 3;
      const fastball = demoSequence[index] === 'F';
      return throwOf(
        demoLogId,
        nextId(),
        {
          sequence: index + 1,
          thrownAt: new Date(firstThrow + index * 45_000).toISOString(),
          // Arm speed follows torque only loosely, as a sensor's do.
          armSpeedDegPerS: (fastball ? 4850 : 4620) + (((index * 5) % 9) - 4) * 35,
          elbowTorqueNm: Math.round(((fastball ? 58.4 : 54.1) + wobble * 0.9) * 10) / 10,
          armSlotDegrees: 46 + wobble,
          shoulderRotationDegrees: 168 + wobble * 2,
        },
        'mapped',
      );
    }),
  );

  /** Athletes reach their own logs only; someone else's answers 404, as the server does. */
  const readable = (request: Request, logId: string) => {
    const viewer = requestUser(request);
    if (!viewer) return { failure: unauthorized() };
    const owner = ownerOf(logId);
    if (!owner || (viewer.role === 'athlete' && viewer.id !== owner.athleteId)) {
      return {
        failure: apiError(404, {
          code: errorCodes.notFound,
          message: 'This completed workout is not in your organisation.',
        }),
      };
    }
    return { failure: null };
  };
  const bySequence = <Row extends { sequence: number }>(rows: Row[]) =>
    [...rows].sort((a, b) => a.sequence - b.sequence);
  const full = (what: 'pitches' | 'throws') =>
    apiError(409, {
      code: errorCodes.conflict,
      message: `This workout already has ${pitchingLimits.perWorkout.toLocaleString('en-US')} ${what}, the most one workout holds: this one was not added.`,
    });
  /** A new pitch's number, as the server gives it: the one sent, or after the log's last when it is taken. */
  const numberOfNewPitch = (logId: string, sequence: number) => {
    const list = pitches.get(logId) ?? [];
    return list.some((pitch) => pitch.sequence === sequence)
      ? Math.max(...list.map((pitch) => pitch.sequence)) + 1
      : sequence;
  };
  /** Throws without a pitch get the one of their number when the pitches are replaced (linkThrowsToPitches). */
  const linkThrows = (logId: string) => {
    throwsOf.set(
      logId,
      (throwsOf.get(logId) ?? []).map((thrown) =>
        thrown.pitchId ? thrown : { ...thrown, pitchId: pitchIdOf(logId, thrown.sequence) },
      ),
    );
  };
  const throwList = (logId: string) => {
    const throws = bySequence(throwsOf.get(logId) ?? []);
    const workloads = throws.map((thrown) => thrown.workload).filter((value) => value !== null);
    return {
      throws,
      workloadTotal:
        workloads.length === 0
          ? null
          : Math.round(workloads.reduce((sum, value) => sum + value, 0) * 1000) / 1000,
      missingBodyMeasures,
    };
  };

  const pitchesPath = '/api/completed-workouts/{logId}/pitches';
  const throwsPath = '/api/completed-workouts/{logId}/sensor-throws';
  return [
    apiRoute(
      { method: 'get', path: pitchesPath, responses: { 200: pitchListResponseSchema } },
      ({ request, params, reply }) => {
        const { failure } = readable(request, params.logId);
        if (failure) return failure;
        return reply(200, { pitches: bySequence(pitches.get(params.logId) ?? []) });
      },
    ),
    apiRoute(
      { method: 'post', path: pitchesPath, responses: { 201: pitchResponseSchema } },
      async ({ request, params, reply }) => {
        const { failure } = readable(request, params.logId);
        if (failure) return failure;
        const body = pitchInputSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        if ((pitches.get(params.logId) ?? []).length >= pitchingLimits.perWorkout) return full('pitches');
        const sequence = numberOfNewPitch(params.logId, body.data.sequence);
        const pitch = pitchOf(params.logId, nextId(), { ...body.data, sequence });
        pitches.set(params.logId, [...(pitches.get(params.logId) ?? []), pitch]);
        return reply(201, { pitch });
      },
    ),
    apiRoute(
      { method: 'put', path: pitchesPath, responses: { 200: pitchListResponseSchema } },
      async ({ request, params, reply }) => {
        const { failure } = readable(request, params.logId);
        if (failure) return failure;
        const body = replacePitchesRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        pitches.set(params.logId, []);
        const replaced = body.data.pitches.map((values) => {
          const pitch = pitchOf(params.logId, nextId(), {
            ...values,
            sequence: numberOfNewPitch(params.logId, values.sequence),
          });
          pitches.set(params.logId, [...(pitches.get(params.logId) ?? []), pitch]);
          return pitch;
        });
        linkThrows(params.logId);
        return reply(200, { pitches: bySequence(replaced) });
      },
    ),
    apiRoute(
      {
        method: 'put',
        path: `${pitchesPath}/{pitchId}`,
        responses: { 200: pitchResponseSchema, 201: pitchResponseSchema },
      },
      async ({ request, params, reply }) => {
        const { failure } = readable(request, params.logId);
        if (failure) return failure;
        const body = pitchInputSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const existing = pitches.get(params.logId) ?? [];
        const known = existing.find((candidate) => candidate.id === params.pitchId);
        if (!known && existing.length >= pitchingLimits.perWorkout) return full('pitches');
        // A pitch keeps its number; a new one whose number is taken comes after the last (issue 22).
        const sequence = known?.sequence ?? numberOfNewPitch(params.logId, body.data.sequence);
        const pitch = pitchOf(params.logId, params.pitchId, { ...body.data, sequence });
        pitches.set(params.logId, [
          ...existing.filter((candidate) => candidate.id !== params.pitchId),
          pitch,
        ]);
        return reply(known ? 200 : 201, { pitch });
      },
    ),
    apiRoute(
      { method: 'delete', path: `${pitchesPath}/{pitchId}`, responses: { 204: undefined } },
      ({ request, params, reply }) => {
        const { failure } = readable(request, params.logId);
        if (failure) return failure;
        pitches.set(
          params.logId,
          (pitches.get(params.logId) ?? []).filter((pitch) => pitch.id !== params.pitchId),
        );
        throwsOf.set(
          params.logId,
          (throwsOf.get(params.logId) ?? []).map((thrown) =>
            thrown.pitchId === params.pitchId ? { ...thrown, pitchId: null } : thrown,
          ),
        );
        return reply(204, undefined);
      },
    ),
    apiRoute(
      { method: 'get', path: throwsPath, responses: { 200: sensorThrowListResponseSchema } },
      ({ request, params, reply }) => {
        const { failure } = readable(request, params.logId);
        if (failure) return failure;
        return reply(200, throwList(params.logId));
      },
    ),
    apiRoute(
      { method: 'post', path: throwsPath, responses: { 201: sensorThrowResponseSchema } },
      async ({ request, params, reply }) => {
        const { failure } = readable(request, params.logId);
        if (failure) return failure;
        const body = sensorThrowInputSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        if ((throwsOf.get(params.logId) ?? []).length >= pitchingLimits.perWorkout) return full('throws');
        const thrown = throwOf(params.logId, nextId(), body.data);
        throwsOf.set(params.logId, [...(throwsOf.get(params.logId) ?? []), thrown]);
        return reply(201, { throw: thrown });
      },
    ),
    apiRoute(
      { method: 'put', path: throwsPath, responses: { 200: sensorThrowListResponseSchema } },
      async ({ request, params, reply }) => {
        const { failure } = readable(request, params.logId);
        if (failure) return failure;
        const body = replaceSensorThrowsRequestSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        throwsOf.set(
          params.logId,
          body.data.throws.map((values) => throwOf(params.logId, nextId(), values)),
        );
        return reply(200, throwList(params.logId));
      },
    ),
    apiRoute(
      {
        method: 'put',
        path: `${throwsPath}/{throwId}`,
        responses: { 200: sensorThrowResponseSchema, 201: sensorThrowResponseSchema },
      },
      async ({ request, params, reply }) => {
        const { failure } = readable(request, params.logId);
        if (failure) return failure;
        const body = sensorThrowInputSchema.safeParse(await request.json());
        if (!body.success) return validationFailure(body.error);
        const existing = throwsOf.get(params.logId) ?? [];
        const known = existing.find((candidate) => candidate.id === params.throwId);
        if (!known && existing.length >= pitchingLimits.perWorkout) return full('throws');
        const thrown = throwOf(
          params.logId,
          params.throwId,
          body.data,
          'manual',
          known && known.sequence === body.data.sequence
            ? known.pitchId
            : pitchIdOf(params.logId, body.data.sequence),
        );
        throwsOf.set(params.logId, [
          ...existing.filter((candidate) => candidate.id !== params.throwId),
          thrown,
        ]);
        return reply(known ? 200 : 201, { throw: thrown });
      },
    ),
    apiRoute(
      { method: 'delete', path: `${throwsPath}/{throwId}`, responses: { 204: undefined } },
      ({ request, params, reply }) => {
        const { failure } = readable(request, params.logId);
        if (failure) return failure;
        throwsOf.set(
          params.logId,
          (throwsOf.get(params.logId) ?? []).filter((thrown) => thrown.id !== params.throwId),
        );
        return reply(204, undefined);
      },
    ),
  ];
}
