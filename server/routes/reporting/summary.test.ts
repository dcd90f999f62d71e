import { eq } from 'drizzle-orm';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  reportLimits,
  type ReportSummaries,
  type ReportSummary,
  type SummarySentence,
} from '../../../contract/reports';
import { organizations, rateLimitHits, reportSummaries } from '../../db/schema';
import { addCalendarDays } from '../../lib/calendar-days';
import { startFakeLlmServer, type FakeLlmServer } from '../../testing/fake-llm-server';
import type { ErrorBody } from '../../testing/library-lookups';
import { scheduleLookups } from '../../testing/schedule-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { summaryRateLimit } from './summary.handlers';

let t: TestContext;
let llm: FakeLlmServer;
let coach: string;
let admin: string;
let athlete: string;
let rivals: string;
let demoId: string;
let rivalsId: string;
let pitchersId: string;
let range: { from: string; to: string };

const model = 'fake-summary-model';

interface Received {
  event: string;
  data: unknown;
}

/** POSTs a summary request and reads its whole answer: the events of a stream, or the JSON of a refusal. */
async function askForSummary(token: string, organizationId: string, body: unknown) {
  const response = await t.app.request(`http://localhost/api/reporting/organization/${organizationId}/llm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) {
    return {
      status: response.status,
      headers: response.headers,
      json: (await response.json()) as ErrorBody,
      events: [],
    };
  }
  const events: Received[] = [];
  const parser = createParser({
    onEvent: (event) =>
      events.push({ event: event.event ?? 'message', data: JSON.parse(event.data) as unknown }),
  });
  parser.feed(await response.text());
  return { status: response.status, headers: response.headers, json: undefined, events };
}

function summaryIn(events: Received[]): ReportSummary {
  const last = events.at(-1);
  expect(last?.event).toBe('summary');
  return last?.data as ReportSummary;
}

const marked = (sentences: SummarySentence[]) =>
  sentences.filter((sentence) => sentence.unsupported.length > 0);

beforeAll(async () => {
  llm = await startFakeLlmServer();
  t = await createTestContext({
    LLM_BASE_URL: llm.url,
    LLM_MODEL: model,
    LLM_API_KEY: 'test-llm-key',
    LLM_STALL_SECONDS: '1',
  });
  [coach, admin, athlete, rivals] = (await Promise.all(
    ['coach@demo.test', 'admin@demo.test', 'eli.thompson@demo.test', 'coach@rivals.test'].map((email) =>
      t.signIn(email),
    ),
  )) as [string, string, string, string];
  const idOf = async (slug: string) => {
    const [row] = await t.db.select().from(organizations).where(eq(organizations.slug, slug));
    if (!row) throw new Error(`No organisation ${slug}`);
    return row.id;
  };
  [demoId, rivalsId] = await Promise.all([idOf('demo'), idOf('rivals')]);
  const lookups = scheduleLookups(t);
  const today = await lookups.today(coach);
  range = { from: addCalendarDays(today, -27), to: today };
  pitchersId = await lookups.groupId(coach, 'Pitchers');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await llm?.close();
});

beforeEach(() => {
  llm.setScript('faithful');
  llm.requests.length = 0;
});

describe('a written summary of the report', () => {
  it('streams a faithful summary, checks it, stores it and lists it', async () => {
    const answer = await askForSummary(coach, demoId, range);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/event-stream');
    const deltas = answer.events.filter((event) => event.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const summary = summaryIn(answer.events);
    expect(deltas.map((event) => (event.data as { text: string }).text).join('')).toContain(
      summary.sentences[0]!.text,
    );
    expect(summary).toMatchObject({
      from: range.from,
      to: range.to,
      model,
      scope: { kind: 'organization', id: demoId },
    });
    expect(summary.sentences.length).toBeGreaterThan(1);
    expect(marked(summary.sentences)).toEqual([]);
    expect(summary.sentences.flatMap((sentence) => sentence.cites).length).toBeGreaterThan(0);
    expect(summary.figures.length).toBeGreaterThan(0);

    // The model got the figures the summary keeps, with the key as a bearer token.
    const [request] = llm.requests;
    expect(request?.authorization).toBe('Bearer test-llm-key');
    expect(request?.body).toMatchObject({ model, stream: true, stream_options: { include_usage: true } });
    expect(request?.body.messages?.[1]?.content).toContain(JSON.stringify(summary.figures[0]?.label));

    const [row] = await t.db.select().from(reportSummaries).where(eq(reportSummaries.id, summary.id));
    expect(row).toMatchObject({ organizationId: demoId, model, scopeKind: 'organization' });
    expect(row?.text).toContain(summary.sentences[0]!.text);

    const listed = await t.request<ReportSummaries>(
      'GET',
      `/api/reporting/organization/${demoId}/llm?from=${range.from}&to=${range.to}`,
      { token: admin },
    );
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ configured: true, model });
    expect(listed.body.summaries[0]).toEqual(summary);
  });

  it('keeps each scope and range apart, newest first', async () => {
    const first = summaryIn((await askForSummary(coach, demoId, { ...range, groupId: pitchersId })).events);
    const second = summaryIn((await askForSummary(coach, demoId, { ...range, groupId: pitchersId })).events);
    expect(second.scope).toEqual({ kind: 'group', id: pitchersId, name: 'Pitchers' });
    const { body } = await t.request<ReportSummaries>(
      'GET',
      `/api/reporting/organization/${demoId}/llm?from=${range.from}&to=${range.to}&groupId=${pitchersId}`,
      { token: coach },
    );
    expect(body.summaries.map((summary) => summary.id)).toEqual([second.id, first.id]);
    const other = await t.request<ReportSummaries>(
      'GET',
      `/api/reporting/organization/${demoId}/llm?from=${addCalendarDays(range.from, 1)}&to=${range.to}&groupId=${pitchersId}`,
      { token: coach },
    );
    expect(other.body.summaries).toEqual([]);
  });

  it('marks the sentence with an invented number and keeps the rest', async () => {
    llm.setScript('invented-number');
    const summary = summaryIn((await askForSummary(coach, demoId, range)).events);
    const flagged = marked(summary.sentences);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.text).toMatch(/^The team also threw \d+ pitches/);
    expect(flagged[0]!.unsupported).toEqual([flagged[0]!.text.match(/threw (\d+)/)![1]]);
    expect(summary.sentences.length - flagged.length).toBeGreaterThan(1);
  });

  it('marks the sentence citing an id the report has not', async () => {
    llm.setScript('unknown-id');
    const summary = summaryIn((await askForSummary(coach, demoId, range)).events);
    const flagged = marked(summary.sentences);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.unsupported).toEqual([`F${summary.figures.length + 90}`]);
    expect(flagged[0]!.cites).toEqual([]);
  });

  it('gives up on a model that stalls, quickly, with SUMMARY_TIMED_OUT', async () => {
    llm.setScript('stall');
    const started = Date.now();
    const answer = await askForSummary(coach, demoId, range);
    expect(answer.status).toBe(200);
    expect(answer.events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'SUMMARY_TIMED_OUT', message: expect.stringMatching(/sent nothing for 1 s/) as string },
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says a model that answers garbage could not be read, never a 500', async () => {
    for (const script of ['http-error', 'not-json', 'not-sse'] as const) {
      llm.setScript(script);
      const answer = await askForSummary(coach, demoId, range);
      expect(answer.status).toBe(200);
      expect(answer.events.at(-1)).toMatchObject({ event: 'error', data: { code: 'SUMMARY_UNREADABLE' } });
    }
  });

  it('says a model that cannot be reached failed', async () => {
    const gone = await startFakeLlmServer();
    await gone.close();
    const configured = t.env.LLM_BASE_URL;
    t.env.LLM_BASE_URL = gone.url;
    try {
      const answer = await askForSummary(coach, demoId, range);
      expect(answer.events.at(-1)).toMatchObject({ event: 'error', data: { code: 'SUMMARY_FAILED' } });
    } finally {
      t.env.LLM_BASE_URL = configured;
    }
  });
});

describe('who may ask, and when', () => {
  it('answers 503 SUMMARY_NOT_CONFIGURED without a model, and GET says it is not configured', async () => {
    const configured = t.env.LLM_MODEL;
    // The app reads its settings per request: the same app without a model.
    t.env.LLM_MODEL = undefined;
    try {
      const answer = await askForSummary(coach, demoId, range);
      expect(answer.status).toBe(503);
      expect(answer.json?.error.code).toBe('SUMMARY_NOT_CONFIGURED');
      expect(answer.json?.error.message).toMatch(/LLM_BASE_URL.*LLM_MODEL/);
      const listed = await t.request<ReportSummaries>(
        'GET',
        `/api/reporting/organization/${demoId}/llm?from=${range.from}&to=${range.to}`,
        { token: coach },
      );
      expect(listed.body).toMatchObject({ configured: false, model: null });
      expect(llm.requests).toEqual([]);
    } finally {
      t.env.LLM_MODEL = configured;
    }
  });

  it('refuses athletes', async () => {
    expect((await askForSummary(athlete, demoId, range)).status).toBe(403);
    const listed = await t.request(
      'GET',
      `/api/reporting/organization/${demoId}/llm?from=${range.from}&to=${range.to}`,
      {
        token: athlete,
      },
    );
    expect(listed.status).toBe(403);
  });

  it("answers 404 for another organisation's id, and for a group of another organisation", async () => {
    expect((await askForSummary(coach, rivalsId, range)).status).toBe(404);
    expect((await askForSummary(rivals, demoId, range)).status).toBe(404);
    expect((await askForSummary(rivals, rivalsId, { ...range, groupId: pitchersId })).status).toBe(404);
    const listed = await t.request(
      'GET',
      `/api/reporting/organization/${demoId}/llm?from=${range.from}&to=${range.to}`,
      {
        token: rivals,
      },
    );
    expect(listed.status).toBe(404);
    expect(llm.requests).toEqual([]);
  });

  it('answers 400 naming the field at fault', async () => {
    const missing = await askForSummary(coach, demoId, { from: range.from });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json?.error.fields ?? {})).toEqual(['to']);
    const reversed = await askForSummary(coach, demoId, { from: range.to, to: range.from });
    expect(reversed.status).toBe(400);
    expect(reversed.json?.error.fields).toHaveProperty('to');
    const both = await askForSummary(coach, demoId, { ...range, groupId: pitchersId, athleteId: pitchersId });
    expect(both.json?.error.fields).toHaveProperty('athleteId');
  });

  it(`answers 429 once an organisation asked ${reportLimits.summariesPerHour} times in the hour`, async () => {
    const key = `${summaryRateLimit.name}:${demoId}`;
    const now = Date.now();
    await t.db.insert(rateLimitHits).values(
      Array.from({ length: reportLimits.summariesPerHour }, () => ({
        key,
        hitAt: new Date(now),
        expiresAt: new Date(now + summaryRateLimit.windowMs),
      })),
    );
    const refused = await askForSummary(admin, demoId, range);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(llm.requests).toEqual([]);
    // Another organisation's hour is its own.
    expect(summaryIn((await askForSummary(rivals, rivalsId, range)).events).scope.id).toBe(rivalsId);
  });
});
