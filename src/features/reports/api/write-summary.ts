import type { ReportSummary, SummaryErrorCode } from '@contract/reports';
import { summaryNotConfiguredCode, summarySchema } from '@contract/reports';
import { createParser } from 'eventsource-parser';
import { api } from '@/lib/api/api-client';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { networkErrorMessage } from '@/lib/api/network-error';
import type { ReportParams } from './report-queries';
import { reportPath, reportSearchParams } from './report-queries';

export type SummaryFailureKind =
  'not-configured' | 'rate-limited' | 'timed-out' | 'unreadable' | 'refused' | 'failed';

/** Why no summary came: the kind picks the screen's words, `message` is the server's own. */
export class SummaryFailure extends Error {
  override readonly name = 'SummaryFailure';
  constructor(
    readonly kind: SummaryFailureKind,
    message: string,
  ) {
    super(message);
  }
}

const streamErrorKinds: Record<SummaryErrorCode, SummaryFailureKind> = {
  SUMMARY_TIMED_OUT: 'timed-out',
  SUMMARY_UNREADABLE: 'unreadable',
  SUMMARY_FAILED: 'failed',
};

function refusal(error: unknown): SummaryFailure {
  if (!isApiRequestError(error)) return new SummaryFailure('failed', networkErrorMessage);
  if (error.code === summaryNotConfiguredCode) return new SummaryFailure('not-configured', error.message);
  if (error.status === 429) return new SummaryFailure('rate-limited', error.message);
  return new SummaryFailure(error.status >= 500 ? 'failed' : 'refused', error.message);
}

interface WriteSummaryOptions {
  /** Each piece of the model's text as it is written. */
  onDelta: (text: string) => void;
  signal?: AbortSignal | undefined;
}

/**
 * Asks for a summary of a report and reads its server-sent events (`delta`, then `summary` or `error`). Through the
 * app's client for the token and the error shape; its path is one the loading indicator leaves out (spec 9). Not
 * retried: each attempt costs one of the organisation's summaries per hour.
 */
export async function writeSummary(
  params: ReportParams,
  options: WriteSummaryOptions,
): Promise<ReportSummary> {
  let response: Response;
  try {
    response = await api.post(`${reportPath(params.organizationId)}/llm`, {
      json: reportSearchParams(params),
      headers: { Accept: 'text/event-stream' },
      retry: 0,
      // The model may take a minute; the server ends a stalled one with a `SUMMARY_TIMED_OUT` event.
      timeout: false,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw refusal(error);
  }
  if (!response.body) throw new SummaryFailure('unreadable', 'The summary arrived empty.');

  // Filled by the parser's callbacks (a holder: closures' assignments escape the compiler's narrowing).
  const outcome: { summary: ReportSummary | null; failure: SummaryFailure | null } = {
    summary: null,
    failure: null,
  };
  const parser = createParser({
    onEvent: (message) => {
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        outcome.failure ??= new SummaryFailure('unreadable', 'The summary’s stream could not be read.');
        return;
      }
      if (message.event === 'delta') {
        const text = (data as { text?: unknown } | null)?.text;
        if (typeof text === 'string') options.onDelta(text);
      } else if (message.event === 'summary') {
        const parsed = summarySchema.safeParse(data);
        if (parsed.success) outcome.summary = parsed.data;
        else outcome.failure ??= new SummaryFailure('unreadable', 'The summary’s stream could not be read.');
      } else if (message.event === 'error') {
        const { code, message: text } = (data ?? {}) as { code?: string; message?: string };
        outcome.failure ??= new SummaryFailure(
          streamErrorKinds[code as SummaryErrorCode] ?? 'failed',
          typeof text === 'string' ? text : 'The summary could not be written.',
        );
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  // An abort does not reach a body already being read everywhere (test doubles): cancel it too.
  options.signal?.addEventListener('abort', () => void reader.cancel().catch(() => undefined));
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(value);
      if (outcome.summary || outcome.failure) break;
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new SummaryFailure('failed', networkErrorMessage);
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  if (outcome.failure) throw outcome.failure;
  if (!outcome.summary) throw new SummaryFailure('unreadable', 'The summary stopped before it was finished.');
  return outcome.summary;
}
