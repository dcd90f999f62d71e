import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../../env';
import { startFakeLlmServer, type FakeLlmServer } from '../../../testing/fake-llm-server';
import {
  languageModelSettings,
  streamChatCompletion,
  SummaryFailure,
  type LanguageModelSettings,
} from './chat-completions';
import { summaryMessages, type ChatMessage } from './summary-prompt';

let llm: FakeLlmServer;
let settings: LanguageModelSettings;
const messages: ChatMessage[] = [
  { role: 'system', content: 'Be brief.' },
  {
    role: 'user',
    content: 'Summarise <figures>[{"id":"F1","label":"Pitches","value":12,"unit":"pitches"}]</figures>',
  },
];

beforeAll(async () => {
  llm = await startFakeLlmServer();
  settings = { baseUrl: llm.url, model: 'fake-model', timeoutMs: 5_000, stallMs: 1_000 };
});
afterAll(() => llm.close());
beforeEach(() => {
  llm.setScript('faithful');
  llm.requests.length = 0;
});

async function failureOf(promise: Promise<unknown>): Promise<SummaryFailure> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SummaryFailure);
  return error as SummaryFailure;
}

describe('settings', () => {
  it('are off unless both the base URL and the model are set', () => {
    expect(languageModelSettings(parseEnv({}))).toBeUndefined();
    expect(languageModelSettings(parseEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' }))).toBeUndefined();
    expect(languageModelSettings(parseEnv({ LLM_MODEL: 'llama3.1' }))).toBeUndefined();
    expect(
      languageModelSettings(parseEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.1' })),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      timeoutMs: 60_000,
      stallMs: 20_000,
    });
  });
});

describe('a streamed chat completion', () => {
  it('gathers the deltas in order, reads the usage chunk and stops at [DONE]', async () => {
    const deltas: string[] = [];
    const completion = await streamChatCompletion(settings, messages, {
      onDelta: (text) => void deltas.push(text),
    });
    expect(completion.text).toBe(
      'Pitches was 12 pitches [F1]. Keep the plan steady next week and check in with anyone who fell behind.',
    );
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(completion.text);
    expect(completion.usage?.completionTokens).toBe(completion.text.length);
  });

  it('posts the model, the messages, stream options and a low temperature', async () => {
    await streamChatCompletion({ ...settings, baseUrl: `${llm.url}/` }, messages);
    const [request] = llm.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.body).toEqual({
      model: 'fake-model',
      messages,
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.2,
    });
    expect(request?.authorization).toBeUndefined();
  });

  it('sends the key as a bearer token when one is set', async () => {
    await streamChatCompletion({ ...settings, apiKey: 'sk-local-test' }, messages);
    expect(llm.requests[0]?.authorization).toBe('Bearer sk-local-test');
  });

  it('streams a prompt made from a report', async () => {
    const report = { from: '2026-10-01', to: '2026-10-28', scope: { kind: 'organization', name: 'Demo' } };
    const prompt = summaryMessages(report as Parameters<typeof summaryMessages>[0], [
      { id: 'F1', section: 'compliance', label: 'Compliance', value: 91.5, unit: 'percent' },
    ]);
    expect((await streamChatCompletion(settings, prompt)).text).toContain('Compliance was 91.5% [F1].');
  });
});

describe('failures', () => {
  it('times out when the model stops sending', async () => {
    llm.setScript('stall');
    const started = Date.now();
    const failure = await failureOf(streamChatCompletion({ ...settings, stallMs: 300 }, messages));
    expect(failure.code).toBe('SUMMARY_TIMED_OUT');
    expect(failure.message).toMatch(/sent nothing for 0.3 s/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('times out when the whole answer takes too long', async () => {
    llm.setScript('stall');
    const failure = await failureOf(
      streamChatCompletion({ ...settings, timeoutMs: 300, stallMs: 5_000 }, messages),
    );
    expect(failure.code).toBe('SUMMARY_TIMED_OUT');
    expect(failure.message).toMatch(/did not finish within 0.3 s/);
  });

  it('times out when the server never answers its headers', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const failure = await failureOf(
        streamChatCompletion({ ...settings, baseUrl: `http://127.0.0.1:${port}/v1`, stallMs: 300 }, messages),
      );
      expect(failure.code).toBe('SUMMARY_TIMED_OUT');
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('cannot read an HTTP error', async () => {
    llm.setScript('http-error');
    const failure = await failureOf(streamChatCompletion(settings, messages));
    expect(failure).toMatchObject({
      code: 'SUMMARY_UNREADABLE',
      message: 'The language model answered HTTP 500.',
    });
  });

  it('cannot read a chunk that is not JSON', async () => {
    llm.setScript('not-json');
    expect((await failureOf(streamChatCompletion(settings, messages))).code).toBe('SUMMARY_UNREADABLE');
  });

  it('cannot read an answer that is not an event stream', async () => {
    llm.setScript('not-sse');
    const failure = await failureOf(streamChatCompletion(settings, messages));
    expect(failure.code).toBe('SUMMARY_UNREADABLE');
    expect(failure.message).toMatch(/OpenAI-compatible/);
  });

  it('fails when nothing listens at the address', async () => {
    const closed = await startFakeLlmServer();
    await closed.close();
    const failure = await failureOf(streamChatCompletion({ ...settings, baseUrl: closed.url }, messages));
    expect(failure.code).toBe('SUMMARY_FAILED');
  });

  it('stops when the caller goes away', async () => {
    llm.setScript('stall');
    const caller = new AbortController();
    const pending = streamChatCompletion({ ...settings, stallMs: 5_000 }, messages, {
      signal: caller.signal,
    });
    setTimeout(() => caller.abort(), 100);
    expect((await failureOf(pending)).code).toBe('SUMMARY_FAILED');
  });
});

describe('event streams the fake server does not send', () => {
  let raw: ReturnType<typeof createServer>;
  let body = '';
  let rawSettings: LanguageModelSettings;
  beforeAll(async () => {
    raw = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' }).end(body);
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    rawSettings = { ...settings, baseUrl: `http://127.0.0.1:${(raw.address() as AddressInfo).port}` };
  });
  afterAll(async () => {
    raw.closeAllConnections();
    await new Promise((resolve) => raw.close(resolve));
  });
  const chunk = (content: string) =>
    `data: {"choices":[{"index":0,"delta":{"content":${JSON.stringify(content)}}}]}\n\n`;

  it('reads events split across lines with comments and no usage chunk', async () => {
    body = `: keep-alive\n\n${chunk('Hello ')}${chunk('coach.')}data: [DONE]\n\n`;
    expect((await streamChatCompletion(rawSettings, messages)).text).toBe('Hello coach.');
  });

  it('cannot read a stream that ends before [DONE]', async () => {
    body = chunk('Hello');
    const failure = await failureOf(streamChatCompletion(rawSettings, messages));
    expect(failure.code).toBe('SUMMARY_UNREADABLE');
    expect(failure.message).toMatch(/ended before \[DONE\]/);
  });

  it('cannot read lines that are no server-sent events', async () => {
    body = 'hello world\nthis is plain text\n';
    expect((await failureOf(streamChatCompletion(rawSettings, messages))).code).toBe('SUMMARY_UNREADABLE');
  });

  it('cannot read an error object sent as a chunk', async () => {
    body = 'data: {"error":{"message":"model not found"}}\n\ndata: [DONE]\n\n';
    expect((await failureOf(streamChatCompletion(rawSettings, messages))).code).toBe('SUMMARY_UNREADABLE');
  });

  it('cannot read a completion with no text', async () => {
    body = 'data: {"choices":[],"usage":{"prompt_tokens":3}}\n\ndata: [DONE]\n\n';
    const failure = await failureOf(streamChatCompletion(rawSettings, messages));
    expect(failure).toMatchObject({
      code: 'SUMMARY_UNREADABLE',
      message: expect.stringMatching(/no text/) as string,
    });
  });
});
