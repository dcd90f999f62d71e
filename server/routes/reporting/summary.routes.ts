import { z } from 'zod';
import {
  organizationIdPathSchema,
  reportLimits,
  reportQuerySchema,
  summariesResponseSchema,
} from '../../../contract/reports';
import { errorResponse, jsonContent, signedInRoute } from '../../lib/routes';

const tags = ['Reports'];
const path = '/api/reporting/organization/{id}/llm';

export const createReportSummary = signedInRoute({
  operationId: 'createReportSummary',
  method: 'post',
  path,
  tags,
  summary:
    "A written summary of the organisation's report for a range and scope, by a language model, streamed as it is written and checked against the report's figures",
  description:
    'A `text/event-stream`: `delta` events (`{text}`) as the model writes, then one `summary` event (a ReportSummary: ' +
    'the sentences, each with the figure ids it cites and what in it no figure backs, stored with the figures and the ' +
    'model), or one `error` event (`{code, message}`: SUMMARY_TIMED_OUT, SUMMARY_UNREADABLE, SUMMARY_FAILED). ' +
    `At most ${reportLimits.summariesPerHour} summaries per organisation per hour.`,
  roles: ['admin', 'coach'],
  request: {
    params: organizationIdPathSchema,
    body: { content: { 'application/json': { schema: reportQuerySchema } }, required: true },
  },
  responses: {
    200: {
      description: 'The summary as it is written, then the checked summary or an error',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    404: errorResponse('Not your organisation, or no such group or athlete in it'),
    429: errorResponse(`More than ${reportLimits.summariesPerHour} summaries this hour; see Retry-After`),
    503: errorResponse(
      'SUMMARY_NOT_CONFIGURED: the server has no language model (set LLM_BASE_URL and LLM_MODEL)',
    ),
  },
});

export const listReportSummaries = signedInRoute({
  operationId: 'listReportSummaries',
  method: 'get',
  path,
  tags,
  summary:
    'Whether written summaries are configured, and the summaries stored for this range and scope, newest first (at most 10)',
  roles: ['admin', 'coach'],
  request: { params: organizationIdPathSchema, query: reportQuerySchema },
  responses: {
    200: jsonContent(summariesResponseSchema, 'The model, and the stored summaries'),
    404: errorResponse('Not your organisation'),
  },
});
