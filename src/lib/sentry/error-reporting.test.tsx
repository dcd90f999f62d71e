import { demoSettings } from '@mocks/data';
import { server } from '@mocks/server';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { http, passthrough } from 'msw';
// @ts-expect-error -- the browser program has no Node types; the few calls used are typed below.
import * as nodeHttp from 'node:http';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { applyBranding } from '@/lib/branding/apply-branding';
import { startErrorReporting } from './error-reporting';
import { sentryOptions } from './sentry-client';

interface IncomingRequest {
  url?: string;
  setEncoding: (encoding: 'utf8') => void;
  on: (event: 'data' | 'end', listener: (chunk: string) => void) => void;
}
interface OutgoingResponse {
  writeHead: (status: number, headers: Record<string, string>) => void;
  end: (body: string) => void;
}
interface LocalServer {
  listen: (port: number, host: string, callback: () => void) => void;
  address: () => { port: number };
  close: (callback: () => void) => void;
}
const { createServer } = nodeHttp as {
  createServer: (handler: (request: IncomingRequest, response: OutgoingResponse) => void) => LocalServer;
};

interface ReceivedEnvelope {
  path: string;
  items: { header: { type?: string }; payload: unknown }[];
}

interface SentryEvent {
  environment?: string;
  tags?: Record<string, string>;
  contexts?: { react?: { componentStack?: string } };
  exception?: { values?: { value?: string }[] };
}

/** A stand-in for Sentry's ingest: a real HTTP server on a random local port that keeps every envelope. */
async function startIngest() {
  const envelopes: ReceivedEnvelope[] = [];
  const waiters: (() => void)[] = [];
  const ingest = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      // An envelope is lines of JSON: its header, then a header and a payload per item.
      const [, ...itemLines] = body.split('\n').filter((line) => line.trim() !== '');
      const items: ReceivedEnvelope['items'] = [];
      for (let index = 0; index + 1 < itemLines.length; index += 2) {
        items.push({
          header: JSON.parse(itemLines[index] ?? '{}') as { type?: string },
          payload: JSON.parse(itemLines[index + 1] ?? 'null'),
        });
      }
      envelopes.push({ path: request.url ?? '', items });
      for (const wake of waiters.splice(0)) wake();
      response.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
  const { port } = ingest.address();

  /** Waits until an event whose exception message is `message` has arrived. */
  async function eventFor(message: string): Promise<{ path: string; event: SentryEvent }> {
    for (;;) {
      for (const envelope of envelopes) {
        for (const item of envelope.items) {
          const event = item.payload as SentryEvent;
          if (
            item.header.type === 'event' &&
            event.exception?.values?.some((value) => value.value === message)
          ) {
            return { path: envelope.path, event };
          }
        }
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  }

  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    eventFor,
    close: () => new Promise<void>((resolve) => ingest.close(() => resolve())),
  };
}

function Throws({ message }: { message: string }): never {
  throw new Error(message);
}

let ingest: Awaited<ReturnType<typeof startIngest>>;

beforeAll(async () => {
  ingest = await startIngest();
});

afterAll(async () => {
  await ingest.close();
});

beforeEach(() => {
  // The envelope must reach the real local server; MSW lets everything else fail loudly.
  server.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('error reporting (spec 8, 9)', () => {
  it('uses no traces, no replays, drops transactions, and reports as production', () => {
    const options = sentryOptions('http://publickey@127.0.0.1:1/1');
    expect(options).toMatchObject({
      environment: 'production',
      tracesSampleRate: 0,
      replaysSessionSampleRate: 0,
      replaysOnErrorSampleRate: 0,
    });
    expect(options.beforeSendTransaction?.({ type: 'transaction' } as never, {})).toBeNull();
  });

  it('loads nothing without a DSN', async () => {
    await expect(startErrorReporting('')).resolves.toBeNull();
  });

  it("sends a render error with its component stack, tagged with the organisation's name", async () => {
    applyBranding(demoSettings);
    vi.stubEnv('VITE_SENTRY_DSN', ingest.dsn);
    await startErrorReporting(ingest.dsn);
    render(
      <AppErrorBoundary history={createMemoryHistory({ initialEntries: ['/app/schedule'] })}>
        <Throws message="The calendar could not be drawn" />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'There was an error loading this page' })).toBeInTheDocument();

    const { path, event } = await ingest.eventFor('The calendar could not be drawn');
    expect(path).toMatch(/^\/api\/1\/envelope\//);
    expect(event.tags?.organization).toBe('Demo Baseball Academy');
    expect(event.environment).toBe('production');
    expect(event.contexts?.react?.componentStack).toContain('Throws');
  });

  it('tags a report with the current path when there is no organisation name', async () => {
    applyBranding(null);
    window.history.pushState({}, '', '/app/completed-workouts');
    vi.stubEnv('VITE_SENTRY_DSN', ingest.dsn);
    await startErrorReporting(ingest.dsn);
    render(
      <AppErrorBoundary history={createMemoryHistory({ initialEntries: ['/app/completed-workouts'] })}>
        <Throws message="The workout log could not be drawn" />
      </AppErrorBoundary>,
    );

    const { event } = await ingest.eventFor('The workout log could not be drawn');
    expect(event.tags?.organization).toBe('/app/completed-workouts');
    expect(event.environment).toBe('production');
    window.history.pushState({}, '', '/');
  });
});
