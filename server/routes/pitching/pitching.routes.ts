import type { z } from 'zod';
import {
  logIdPathSchema,
  pitchInputSchema,
  pitchListResponseSchema,
  pitchPathSchema,
  pitchResponseSchema,
  replacePitchesRequestSchema,
  replaceSensorThrowsRequestSchema,
  sensorThrowInputSchema,
  sensorThrowListResponseSchema,
  sensorThrowResponseSchema,
  throwPathSchema,
} from '../../../contract/pitching';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const everyone = ['admin', 'coach', 'athlete'] as const;
const tags = ['Pitching'];
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});
const logNotFound = errorResponse(
  'No such completed workout in the organisation, or (for an athlete) not its own: another organisation’s or athlete’s is not found',
);
const deleted = { description: 'Deleted, or there was no such row in the workout (a replay)' };

// ——— Pitches ———

export const listPitches = signedInRoute({
  operationId: 'listPitches',
  method: 'get',
  path: '/api/completed-workouts/{logId}/pitches',
  tags,
  summary: 'The pitches of a workout log, by pitch number (athletes: their own)',
  roles: everyone,
  request: { params: logIdPathSchema },
  responses: {
    200: jsonContent(pitchListResponseSchema, 'The pitches, ordered by sequence'),
    400: errorResponse('The log id is not a UUID'),
    404: logNotFound,
  },
});

export const addPitch = signedInRoute({
  operationId: 'addPitch',
  method: 'post',
  path: '/api/completed-workouts/{logId}/pitches',
  tags,
  summary: 'Add a pitch to a workout log, completed or still being tracked (the server makes its id)',
  roles: everyone,
  request: { params: logIdPathSchema, body: jsonBody(pitchInputSchema) },
  responses: {
    201: jsonContent(pitchResponseSchema, 'The pitch as saved'),
    400: errorResponse(
      'A field is not valid (fields names it: velocityMph 20-115, pitchType, spinAxisDegrees…)',
    ),
    404: logNotFound,
  },
});

export const replacePitches = signedInRoute({
  operationId: 'replacePitches',
  method: 'put',
  path: '/api/completed-workouts/{logId}/pitches',
  tags,
  summary: 'Replace every pitch of a workout log in one transaction (an empty list clears them)',
  description:
    'A list with one invalid pitch is refused whole (fields names it, e.g. `pitches.3.velocityMph`): nothing is saved.',
  roles: everyone,
  request: { params: logIdPathSchema, body: jsonBody(replacePitchesRequestSchema) },
  responses: {
    200: jsonContent(pitchListResponseSchema, 'The pitches as saved now'),
    400: errorResponse('A pitch is not valid, or there are more than 1,000'),
    404: logNotFound,
  },
});

export const upsertPitch = signedInRoute({
  operationId: 'upsertPitch',
  method: 'put',
  path: '/api/completed-workouts/{logId}/pitches/{pitchId}',
  tags,
  summary:
    'Write a pitch with an id made on the device: created (201) or replaced (200); a replay changes nothing',
  roles: everyone,
  request: { params: pitchPathSchema, body: jsonBody(pitchInputSchema) },
  responses: {
    200: jsonContent(pitchResponseSchema, 'The pitch, replaced'),
    201: jsonContent(pitchResponseSchema, 'The pitch, created'),
    400: errorResponse('A field is not valid (fields names it)'),
    404: logNotFound,
    409: errorResponse(
      'The pitch id belongs to another workout log, or a write with this Idempotency-Key is still being applied',
    ),
  },
});

export const deletePitch = signedInRoute({
  operationId: 'deletePitch',
  method: 'delete',
  path: '/api/completed-workouts/{logId}/pitches/{pitchId}',
  tags,
  summary: 'Remove a pitch from a workout log; removing one that is not there answers 204 too',
  roles: everyone,
  request: { params: pitchPathSchema },
  responses: {
    204: deleted,
    400: errorResponse('An id is not a UUID'),
    404: logNotFound,
  },
});

// ——— Arm-sensor throws ———

export const listSensorThrows = signedInRoute({
  operationId: 'listSensorThrows',
  method: 'get',
  path: '/api/completed-workouts/{logId}/sensor-throws',
  tags,
  summary: 'The arm-sensor throws of a workout log, by throw number, with the day’s workload they add',
  roles: everyone,
  request: { params: logIdPathSchema },
  responses: {
    200: jsonContent(sensorThrowListResponseSchema, 'The throws, ordered by sequence'),
    400: errorResponse('The log id is not a UUID'),
    404: logNotFound,
  },
});

export const addSensorThrow = signedInRoute({
  operationId: 'addSensorThrow',
  method: 'post',
  path: '/api/completed-workouts/{logId}/sensor-throws',
  tags,
  summary:
    'Add an arm-sensor throw to a workout log; its workload comes from the athlete’s height and weight now',
  roles: everyone,
  request: { params: logIdPathSchema, body: jsonBody(sensorThrowInputSchema) },
  responses: {
    201: jsonContent(sensorThrowResponseSchema, 'The throw as saved'),
    400: errorResponse('A field is not valid (fields names it: elbowTorqueNm 0-200, thrownAt…)'),
    404: logNotFound,
  },
});

export const replaceSensorThrows = signedInRoute({
  operationId: 'replaceSensorThrows',
  method: 'put',
  path: '/api/completed-workouts/{logId}/sensor-throws',
  tags,
  summary: 'Replace every arm-sensor throw of a workout log in one transaction (an empty list clears them)',
  roles: everyone,
  request: { params: logIdPathSchema, body: jsonBody(replaceSensorThrowsRequestSchema) },
  responses: {
    200: jsonContent(sensorThrowListResponseSchema, 'The throws as saved now'),
    400: errorResponse('A throw is not valid (e.g. `throws.0.elbowTorqueNm`), or there are more than 1,000'),
    404: logNotFound,
  },
});

export const upsertSensorThrow = signedInRoute({
  operationId: 'upsertSensorThrow',
  method: 'put',
  path: '/api/completed-workouts/{logId}/sensor-throws/{throwId}',
  tags,
  summary: 'Write an arm-sensor throw with an id made on the device: created (201) or replaced (200)',
  roles: everyone,
  request: { params: throwPathSchema, body: jsonBody(sensorThrowInputSchema) },
  responses: {
    200: jsonContent(sensorThrowResponseSchema, 'The throw, replaced'),
    201: jsonContent(sensorThrowResponseSchema, 'The throw, created'),
    400: errorResponse('A field is not valid (fields names it)'),
    404: logNotFound,
    409: errorResponse(
      'The throw id belongs to another workout log, or a write with this Idempotency-Key is still being applied',
    ),
  },
});

export const deleteSensorThrow = signedInRoute({
  operationId: 'deleteSensorThrow',
  method: 'delete',
  path: '/api/completed-workouts/{logId}/sensor-throws/{throwId}',
  tags,
  summary: 'Remove an arm-sensor throw from a workout log; removing one that is not there answers 204 too',
  roles: everyone,
  request: { params: throwPathSchema },
  responses: {
    204: deleted,
    400: errorResponse('An id is not a UUID'),
    404: logNotFound,
  },
});
