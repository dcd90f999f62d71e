import type { RouteHandler } from '@hono/zod-openapi';
import type { SignedInAppEnv } from '../../lib/context';
import type * as routes from './questionnaire-trends.routes';
import { questionnaireTrendsOf } from './questionnaire-trends.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

export const getQuestionnaireTrend: Handler<'getQuestionnaireTrend'> = async (c) =>
  c.json(await questionnaireTrendsOf(c).trend(c.req.valid('query')), 200);

export const getSessionLoad: Handler<'getSessionLoad'> = async (c) => {
  const { athleteId, to } = c.req.valid('query');
  return c.json(await questionnaireTrendsOf(c).load(athleteId, to), 200);
};

export const getReadiness: Handler<'getReadiness'> = async (c) =>
  c.json(await questionnaireTrendsOf(c).readiness(c.req.valid('query').date), 200);

export const exportAnswers: Handler<'exportAnswers'> = async (c) => {
  const { filename, csv } = await questionnaireTrendsOf(c).exportCsv(c.req.valid('query'));
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
  });
};
