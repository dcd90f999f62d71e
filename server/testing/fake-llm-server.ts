import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReportFigure } from '../../contract/reports';
import { figuresInPrompt } from '../lib/reports/summary/summary-prompt';

/**
 * A stand-in for an OpenAI-compatible chat-completions server (issue 27): it streams `chat.completion.chunk`s, a
 * usage chunk with empty `choices` and `data: [DONE]`, as Ollama, vLLM and llama.cpp's server do. Loopback only.
 *
 * Scripts:
 * - `faithful`: sentences built from the figures in the request, each number a figure's value with its id cited;
 * - `invented-number`: the faithful text and a sentence stating a number that is no figure;
 * - `unknown-id`: the faithful text and a sentence citing an id the report has not;
 * - `stall`: one chunk, then nothing until the client gives up;
 * - `not-json`: an event stream whose chunk is not JSON; `http-error`: HTTP 500; `not-sse`: a JSON body;
 * - `{ text }`: that text, in chunks.
 */
export type FakeLlmScript =
  | 'faithful'
  | 'invented-number'
  | 'unknown-id'
  | 'stall'
  | 'not-json'
  | 'http-error'
  | 'not-sse'
  | { text: string };

export interface FakeLlmRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    stream?: boolean;
    stream_options?: unknown;
    temperature?: number;
  };
}

export interface FakeLlmServer {
  /** The base URL to give as LLM_BASE_URL (`http://127.0.0.1:<port>/v1`). */
  url: string;
  setScript(script: FakeLlmScript): void;
  /** What was asked, oldest first. */
  requests: FakeLlmRequest[];
  close(): Promise<void>;
}

export interface FakeLlmOptions {
  script?: FakeLlmScript;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Pause between chunks, so a screen shows the text arriving (default 0). */
  chunkDelayMs?: number;
}

const formatted = (figure: ReportFigure) =>
  figure.unit === 'percent' ? `${figure.value}%` : `${figure.value} ${figure.unit}`;

/** A summary that states only figures' values, each cited: every sentence passes the checks. */
export function faithfulSummary(figures: readonly ReportFigure[]): string {
  const picked = figures.slice(0, 4);
  const sentences = picked.map((figure) => `${figure.label} was ${formatted(figure)} [${figure.id}].`);
  sentences.push('Keep the plan steady next week and check in with anyone who fell behind.');
  return sentences.join(' ');
}

/** A number no figure has, even rounded. */
export function inventedNumber(figures: readonly ReportFigure[]): number {
  let candidate = 9137;
  while (figures.some((figure) => Math.abs(Math.abs(figure.value) - candidate) <= 0.5)) candidate += 7;
  return candidate;
}

function scriptedText(
  script: Exclude<FakeLlmScript, 'stall' | 'not-json' | 'http-error' | 'not-sse'>,
  figures: ReportFigure[],
) {
  if (typeof script === 'object') return script.text;
  const faithful = faithfulSummary(figures);
  if (script === 'invented-number')
    return `${faithful} The team also threw ${inventedNumber(figures)} pitches in the bullpen [${figures[0]?.id ?? 'F1'}].`;
  if (script === 'unknown-id')
    return `${faithful} Readiness held up well all week [F${figures.length + 90}].`;
  return faithful;
}

/** Pieces of about a dozen characters, as a model streams tokens. */
function pieces(text: string): string[] {
  const parts: string[] = [];
  for (let index = 0; index < text.length; index += 12) parts.push(text.slice(index, index + 12));
  return parts;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeLlmServer(options: FakeLlmOptions = {}): Promise<FakeLlmServer> {
  let script: FakeLlmScript = options.script ?? 'faithful';
  const requests: FakeLlmRequest[] = [];
  const delay = options.chunkDelayMs ?? 0;
  const pause = () => (delay > 0 ? new Promise((resolve) => setTimeout(resolve, delay)) : Promise.resolve());

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const path = request.url ?? '/';
    if (request.method !== 'POST' || !path.endsWith('/chat/completions')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
      return;
    }
    let body: FakeLlmRequest['body'] = {};
    try {
      body = JSON.parse(await readBody(request)) as FakeLlmRequest['body'];
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad json"}');
      return;
    }
    requests.push({ path, authorization: request.headers.authorization, body });
    const current = script;
    if (current === 'http-error') {
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"model crashed"}');
      return;
    }
    if (current === 'not-sse') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"choices":[{"message":{"content":"Not streamed."}}]}');
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const send = (data: string) => response.write(`data: ${data}\n\n`);
    const chunk = (delta: Record<string, string>) =>
      send(
        JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model: body.model ?? 'fake',
          choices: [{ index: 0, delta, finish_reason: null }],
        }),
      );
    chunk({ role: 'assistant', content: '' });
    if (current === 'stall') {
      chunk({ content: 'The team ' });
      // Nothing more: the client's stall timeout ends it, or close() does.
      return;
    }
    if (current === 'not-json') {
      send('this is not json');
      send('[DONE]');
      response.end();
      return;
    }
    const user = body.messages?.find((message) => message.role === 'user')?.content ?? '';
    const text = scriptedText(current, figuresInPrompt(user) ?? []);
    for (const piece of pieces(text)) {
      if (response.destroyed) return;
      chunk({ content: piece });
      await pause();
    }
    send(
      JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: body.model ?? 'fake',
        choices: [],
        usage: {
          prompt_tokens: user.length,
          completion_tokens: text.length,
          total_tokens: user.length + text.length,
        },
      }),
    );
    send('[DONE]');
    response.end();
  }

  const server = createServer((request, response) => {
    answer(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    setScript: (next) => {
      script = next;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // A stalled answer never ends by itself: cut it so the port is freed now.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
