import {
  seasonPitchesResponseSchema,
  throwingAlertsQuerySchema,
  throwingAlertsResponseSchema,
  throwingQuerySchema,
  throwingSummaryResponseSchema,
} from '../../../contract/pitching';
import { athleteIdParamSchema } from '../../../contract/tracking';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const tags = ['Throwing'];

export const getAthleteThrowing = signedInRoute({
  operationId: 'getAthleteThrowing',
  method: 'get',
  path: '/api/athletes/{athleteId}/throwing',
  tags,
  summary:
    "An athlete's throwing: pitch counts of the last 28 days with their rest days (Pitch Smart), velocity by pitch type, pitch mix, and the workload ratio over time",
  description:
    "Over the `days` (28-730, default 90) ending on the organisation's today. Athletes read their own only.",
  roles: ['admin', 'coach', 'athlete'],
  request: { params: athleteIdParamSchema, query: throwingQuerySchema },
  responses: {
    200: jsonContent(throwingSummaryResponseSchema, 'The summary'),
    400: errorResponse('The id is not a UUID, or days is not a whole number from 28 to 730'),
    404: errorResponse(
      'No such athlete in the organisation, or (for an athlete) another athlete: neither is found',
    ),
  },
});

export const listSeasonPitches = signedInRoute({
  operationId: 'listSeasonPitches',
  method: 'get',
  path: '/api/athletes/{athleteId}/throwing/pitches',
  tags,
  summary:
    "An athlete's pitches over the days one by one (date, type, velocity), for a scatter: all of them up to 1,000, else an even sample of 1,000 and every outlier",
  description:
    "Over the `days` (28-730, default 90) ending on the organisation's today. An outlier is beyond its pitch type's far fences (3 × the interquartile range, at least 3 mph); at most 500 are added, the furthest first. Athletes read their own only.",
  roles: ['admin', 'coach', 'athlete'],
  request: { params: athleteIdParamSchema, query: throwingQuerySchema },
  responses: {
    200: jsonContent(seasonPitchesResponseSchema, 'The pitches shown, by date, and how many there were'),
    400: errorResponse('The id is not a UUID, or days is not a whole number from 28 to 730'),
    404: errorResponse(
      'No such athlete in the organisation, or (for an athlete) another athlete: neither is found',
    ),
  },
});

export const listThrowingAlerts = signedInRoute({
  operationId: 'listThrowingAlerts',
  method: 'get',
  path: '/api/throwing/alerts',
  tags,
  summary:
    "Athletes who pitched today beyond their age's daily limit, or whose workload ratio is outside the green zone (admin, coach)",
  roles: ['admin', 'coach'],
  request: { query: throwingAlertsQuerySchema },
  responses: {
    200: jsonContent(throwingAlertsResponseSchema, 'The warnings, by athlete name'),
    400: errorResponse('groupId is not a UUID'),
    404: errorResponse('No such group in the organisation'),
  },
});
