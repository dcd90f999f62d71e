import { z } from '@hono/zod-openapi';
import {
  exportQuerySchema,
  loadQuerySchema,
  loadResponseSchema,
  readinessQuerySchema,
  readinessResponseSchema,
  trendQuerySchema,
  trendResponseSchema,
} from '../../../contract/questionnaires';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const tags = ['Questionnaires'];

export const getQuestionnaireTrend = signedInRoute({
  operationId: 'getQuestionnaireTrend',
  method: 'get',
  path: '/api/questionnaire-trends',
  tags,
  summary:
    "Each scale and number item of a questionnaire (and its total) over a range: an athlete's answers against its own 28-day baseline, or a group's daily means and flag counts",
  description:
    'Staff name an athlete or a group of the organisation; an athlete reads its own only (athleteId may be left out). At most 366 days.',
  roles: ['admin', 'coach', 'athlete'],
  request: { query: trendQuerySchema },
  responses: {
    200: jsonContent(trendResponseSchema, 'The trend'),
    400: errorResponse('Neither or both of athleteId and groupId, or a range that is not valid'),
    403: errorResponse("An athlete asked for another athlete's trend or a group's"),
    404: errorResponse('No such questionnaire, athlete or group in the organisation'),
  },
});

export const getSessionLoad = signedInRoute({
  operationId: 'getSessionLoad',
  method: 'get',
  path: '/api/questionnaire-trends/load',
  tags,
  summary:
    "An athlete's session-RPE load (effort × minutes) per week for 12 weeks, from answers and tracked workouts, with its acute:chronic ratio",
  description:
    "The weeks end with the week of `to` (default the organisation's today). An athlete reads its own only.",
  roles: ['admin', 'coach', 'athlete'],
  request: { query: loadQuerySchema },
  responses: {
    200: jsonContent(loadResponseSchema, 'The weekly load and the ratio on `to`'),
    403: errorResponse("An athlete asked for another athlete's load"),
    404: errorResponse('No such athlete in the organisation'),
  },
});

export const getReadiness = signedInRoute({
  operationId: 'getQuestionnaireReadiness',
  method: 'get',
  path: '/api/questionnaire-readiness',
  tags,
  summary:
    'Readiness on a date (admin, coach): every athlete with a questionnaire due or answered, how many answered, and the items flagged against the athlete’s baseline or the coach’s threshold',
  description:
    "`date` defaults to the organisation's today. Red first, then amber, then not answered, then by name.",
  roles: ['admin', 'coach'],
  request: { query: readinessQuerySchema },
  responses: { 200: jsonContent(readinessResponseSchema, 'Readiness on the date') },
});

export const exportAnswers = signedInRoute({
  operationId: 'exportQuestionnaireAnswers',
  method: 'get',
  path: '/api/questionnaire-answers/export',
  tags,
  summary:
    "A questionnaire's answers over a range as CSV (admin, coach): date, athlete, version, one column per current question, total, load",
  description: 'At most 731 days; `groupId` narrows it to the group’s current members.',
  roles: ['admin', 'coach'],
  request: { query: exportQuerySchema },
  responses: {
    200: { description: 'The CSV, as an attachment', content: { 'text/csv': { schema: z.string() } } },
    404: errorResponse('No such questionnaire or group in the organisation'),
  },
});
