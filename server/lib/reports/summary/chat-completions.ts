import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import type { SummaryErrorCode } from '../../../../contract/reports';
import type { Env } from '../../../env';
import type { ChatMessage } from './summary-prompt';

/** Where summaries are written: an OpenAI-compatible chat-completions API (Ollama, vLLM, llama.cpp's server). */
export interface LanguageModelSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** The longest the whole answer may take. */
  timeoutMs: number;
  /** The longest the model may send nothing (before its first byte too). */
  stallMs: number;
}

/** The settings when LLM_BASE_URL and LLM_MODEL are both set; undefined means summaries are not configured. */
export function languageModelSettings(env: Env): LanguageModelSettings | undefined {
  if (!env.LLM_BASE_URL || !env.LLM_MODEL) return undefined;
  return {
    baseUrl: env.LLM_BASE_URL,
    model: env.LLM_MODEL,
    ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}),
    timeoutMs: env.LLM_TIMEOUT_SECONDS * 1000,
    stallMs: env.LLM_STALL_SECONDS * 1000,
  };
}

/** Why a summary could not be written, in words for the coach and a code for the screen. */
export class SummaryFailure extends Error {
  constructor(
    readonly code: SummaryErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A model that rambles is cut off: a short summary is a few hundred words. */
export const maxSummaryCharacters = 20_000;

export interface CompletionOptions {
  /** Called with each piece of text as it arrives, before the next is read. */
  onDelta?: (text: string) => void | Promise<void>;
  /** Aborts the request (the caller went away); the promise then rejects with SUMMARY_FAILED. */
  signal?: AbortSignal;
}

export interface Completion {
  text: string;
  usage?: { promptTokens?: number; completionTokens?: number };
}

interface Chunk {
  choices?: { delta?: { content?: unknown } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  error?: unknown;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/**
 * Asks the model for a streamed chat completion and gathers `choices[0].delta.content` until `data: [DONE]`. Fails
 * only with a SummaryFailure: SUMMARY_TIMED_OUT (overall or stall timeout), SUMMARY_UNREADABLE (an HTTP error, a
 * body that is no event stream or a chunk that is no completion chunk), SUMMARY_FAILED (not reachable, cut off).
 */
export async function streamChatCompletion(
  settings: LanguageModelSettings,
  messages: readonly ChatMessage[],
  options: CompletionOptions = {},
): Promise<Completion> {
  const overall = AbortSignal.timeout(settings.timeoutMs);
  const stall = new AbortController();
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  const armStall = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => stall.abort(), settings.stallMs);
  };
  const signal = AbortSignal.any([overall, stall.signal, ...(options.signal ? [options.signal] : [])]);
  const failure = (error: unknown): SummaryFailure => {
    if (error instanceof SummaryFailure) return error;
    if (overall.aborted)
      return new SummaryFailure(
        'SUMMARY_TIMED_OUT',
        `The language model did not finish within ${seconds(settings.timeoutMs)}.`,
      );
    if (stall.signal.aborted)
      return new SummaryFailure(
        'SUMMARY_TIMED_OUT',
        `The language model sent nothing for ${seconds(settings.stallMs)}.`,
      );
    if (options.signal?.aborted) return new SummaryFailure('SUMMARY_FAILED', 'The summary was cancelled.');
    return new SummaryFailure(
      'SUMMARY_FAILED',
      'The language model could not be reached, or the connection to it was lost.',
    );
  };

  armStall();
  try {
    let response: Response;
    try {
      response = await fetch(`${settings.baseUrl.replace(/\/+$/u, '')}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: settings.model,
          messages,
          stream: true,
          stream_options: { include_usage: true },
          temperature: 0.2,
        }),
        signal,
      });
    } catch (error) {
      throw failure(error);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new SummaryFailure('SUMMARY_UNREADABLE', `The language model answered HTTP ${response.status}.`);
    }
    if (
      !response.headers.get('content-type')?.toLowerCase().includes('text/event-stream') ||
      !response.body
    ) {
      await response.body?.cancel().catch(() => undefined);
      throw new SummaryFailure(
        'SUMMARY_UNREADABLE',
        'The language model did not answer with a stream of chunks (is LLM_BASE_URL an OpenAI-compatible API?).',
      );
    }
    return await readCompletion(response.body, armStall, options, failure);
  } finally {
    clearTimeout(stallTimer);
  }
}

async function readCompletion(
  body: ReadableStream<Uint8Array>,
  onChunk: () => void,
  options: CompletionOptions,
  failure: (error: unknown) => SummaryFailure,
): Promise<Completion> {
  const events: EventSourceMessage[] = [];
  let parseError: ParseError | undefined;
  const parser = createParser({
    onEvent: (event) => events.push(event),
    onError: (error) => (parseError ??= error),
    maxBufferSize: 1024 * 1024,
  });
  const unreadable = (why: string) =>
    new SummaryFailure('SUMMARY_UNREADABLE', `The language model's answer could not be read: ${why}.`);
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const usage: NonNullable<Completion['usage']> = {};
  let done = false;
  try {
    while (!done) {
      let read: Awaited<ReturnType<typeof reader.read>>;
      try {
        read = await reader.read();
      } catch (error) {
        throw failure(error);
      }
      if (read.done) {
        parser.reset({ consume: true });
        if (parseError) throw unreadable('a line is not a server-sent event');
        if (text === '' && events.length === 0) throw unreadable('it was empty');
      } else {
        onChunk();
        parser.feed(read.value);
        if (parseError) throw unreadable('a line is not a server-sent event');
      }
      for (const event of events.splice(0)) {
        if (event.data.trim() === '[DONE]') {
          done = true;
          break;
        }
        const piece = pieceOf(event.data, usage);
        if (piece === undefined) throw unreadable('a chunk is not a chat completion chunk');
        if (piece === '') continue;
        text += piece;
        if (text.length > maxSummaryCharacters)
          throw unreadable(`it ran past ${maxSummaryCharacters} characters`);
        await options.onDelta?.(piece);
      }
      if (read.done && !done) throw unreadable('it ended before [DONE]');
    }
  } finally {
    // After [DONE] (or a failure) the rest of the body is not wanted; cancelling closes the connection.
    await reader.cancel().catch(() => undefined);
  }
  if (text.trim() === '') throw unreadable('it held no text');
  return { text, ...(Object.keys(usage).length > 0 ? { usage } : {}) };
}

/** The text a chunk adds ('' for a usage or role-only chunk), or undefined when it is no completion chunk. */
function pieceOf(data: string, usage: NonNullable<Completion['usage']>): string | undefined {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (typeof chunk !== 'object' || chunk === null || Array.isArray(chunk)) return undefined;
  const { choices, usage: used, error } = chunk as Chunk;
  if (error !== undefined || !Array.isArray(choices)) return undefined;
  if (used && typeof used === 'object') {
    if (typeof used.prompt_tokens === 'number') usage.promptTokens = used.prompt_tokens;
    if (typeof used.completion_tokens === 'number') usage.completionTokens = used.completion_tokens;
  }
  const content = choices[0]?.delta?.content;
  if (content === undefined || content === null) return '';
  return typeof content === 'string' ? content : undefined;
}
