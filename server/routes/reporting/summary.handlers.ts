import type { RouteHandler } from '@hono/zod-openapi';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import {
  reportFigures,
  reportLimits,
  summaryNotConfiguredCode,
  type SummaryEvent,
} from '../../../contract/reports';
import type { SignedInAppEnv } from '../../lib/context';
import type { RateLimitRule } from '../../lib/directory/rate-limits';
import { ApiError, notFound } from '../../lib/errors';
import { enforceRateLimit } from '../../lib/rate-limit';
import { reportOf } from '../../lib/reports/report';
import {
  languageModelSettings,
  streamChatCompletion,
  SummaryFailure,
} from '../../lib/reports/summary/chat-completions';
import { checkSummary } from '../../lib/reports/summary/summary-checks';
import { summaryMessages } from '../../lib/reports/summary/summary-prompt';
import type * as routes from './summary.routes';
import { reportSummariesOf } from './summary.store';

type Handler<R extends keyof typeof routes> = RouteHandler<(typeof routes)[R], SignedInAppEnv>;

/** Per organisation: a model's time is the organisation's shared budget, whoever of its staff asks. */
export const summaryRateLimit = {
  name: 'report-summaries',
  limit: reportLimits.summariesPerHour,
  windowMs: 60 * 60 * 1000,
} satisfies RateLimitRule;

const notConfigured = () =>
  new ApiError(
    503,
    summaryNotConfiguredCode,
    'Written summaries are not configured on this server: set LLM_BASE_URL (an OpenAI-compatible API such as ' +
      'http://127.0.0.1:11434/v1) and LLM_MODEL, then restart it.',
  );

/** The path names an organisation; only the caller's own exists for it (another's answers 404, as if it did not). */
function ownOrganization(id: string, viewerOrganizationId: string) {
  if (id !== viewerOrganizationId) throw notFound('No such organisation.');
}

const send = (stream: SSEStreamingApi, event: SummaryEvent) =>
  stream.writeSSE({ event: event.event, data: JSON.stringify(event.data) });

export const createReportSummary: Handler<'createReportSummary'> = async (c) => {
  const { id } = c.req.valid('param');
  const query = c.req.valid('json');
  const { viewer, tenant } = c.var;
  ownOrganization(id, viewer.organization.id);
  const settings = languageModelSettings(c.var.env);
  if (!settings) throw notConfigured();
  const report = await reportOf(c, id, query);
  // Counted once the request is accepted: a wrong group or a missing model costs no summary of the hour.
  await enforceRateLimit(c, summaryRateLimit, id);
  const figures = reportFigures(report);
  const messages = summaryMessages(report, figures);

  return streamSSE(c, async (stream) => {
    const gone = new AbortController();
    stream.onAbort(() => gone.abort());
    try {
      const completion = await streamChatCompletion(settings, messages, {
        signal: gone.signal,
        onDelta: (text) => send(stream, { event: 'delta', data: { text } }),
      });
      const sentences = checkSummary(completion.text, figures, { dates: [report.from, report.to] });
      const summary = await reportSummariesOf(tenant).save({
        from: report.from,
        to: report.to,
        scope: report.scope,
        model: settings.model,
        text: completion.text,
        sentences,
        figures,
        requestedBy: viewer.user.id,
      });
      await send(stream, { event: 'summary', data: summary });
    } catch (error) {
      if (gone.signal.aborted) return;
      if (!(error instanceof SummaryFailure))
        console.error('[report summary] failed after the stream started', error);
      const failure =
        error instanceof SummaryFailure
          ? error
          : new SummaryFailure('SUMMARY_FAILED', 'The summary could not be written. Try again.');
      await send(stream, { event: 'error', data: { code: failure.code, message: failure.message } }).catch(
        () => undefined,
      );
    }
  });
};

export const listReportSummaries: Handler<'listReportSummaries'> = async (c) => {
  const { id } = c.req.valid('param');
  ownOrganization(id, c.var.viewer.organization.id);
  const settings = languageModelSettings(c.var.env);
  const summaries = await reportSummariesOf(c.var.tenant).list(c.req.valid('query'));
  return c.json({ configured: settings !== undefined, model: settings?.model ?? null, summaries }, 200);
};
