import {
  organizationIdPathSchema,
  reportLimits,
  reportQuerySchema,
  reportSchema,
} from '../../../contract/reports';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const tags = ['Reports'];

export const getReport = signedInRoute({
  operationId: 'getReport',
  method: 'get',
  path: '/api/reporting/organization/{id}',
  tags,
  summary:
    "The organisation's report over a range (admin, coach): compliance, training volume, strength, throwing and readiness of its current athletes, a group's or one athlete's",
  description:
    `\`groupId\` or \`athleteId\` narrows it (not both). At most ${reportLimits.rangeMaxDays} days; days after the ` +
    "organisation's today are not yet due. Lists of athletes are capped at " +
    `${reportLimits.athletesMax}, records at ${reportLimits.recordsMax}; loads are in the organisation's unit.`,
  roles: ['admin', 'coach'],
  request: { params: organizationIdPathSchema, query: reportQuerySchema },
  responses: {
    200: jsonContent(reportSchema, 'The report'),
    400: errorResponse(
      'A range that ends before it starts or is longer than a season, or both a group and an athlete',
    ),
    403: errorResponse('Only admin, coach may read reports'),
    404: errorResponse('Not your organisation, or no such group or athlete in it'),
  },
});
