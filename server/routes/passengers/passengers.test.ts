import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type RosterBody = { data: { firstName: string; lastName: string; trip: string; userId: string | null }[] };
type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

describe('GET /passenger', () => {
  it("returns the organisation's travel roster as {data: rows}", async () => {
    const token = await t.signIn('coach@demo.test');
    const response = await t.request<RosterBody>('GET', '/passenger?page=0&size=300', { token });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(10);
    expect(new Set(response.body.data.map((row) => row.trip))).toEqual(
      new Set(['Spring Classic — Phoenix', 'Summer Showcase — Atlanta']),
    );
    expect(response.body.data[0]).not.toHaveProperty('organizationId');
  });

  it('pages with page and size', async () => {
    const token = await t.signIn('coach@demo.test');
    const first = await t.request<RosterBody>('GET', '/passenger?page=0&size=4', { token });
    const third = await t.request<RosterBody>('GET', '/passenger?page=2&size=4', { token });
    expect(first.body.data).toHaveLength(4);
    expect(third.body.data).toHaveLength(2);
  });

  it('refuses a size above 300 and a negative page, naming the field', async () => {
    const token = await t.signIn('coach@demo.test');
    const tooBig = await t.request<ErrorBody>('GET', '/passenger?page=0&size=301', { token });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.fields).toHaveProperty('size');
    const negative = await t.request<ErrorBody>('GET', '/passenger?page=-1&size=10', { token });
    expect(negative.status).toBe(400);
    expect(negative.body.error.fields).toHaveProperty('page');
  });

  it('shows an athlete only its own bookings', async () => {
    const token = await t.signIn('athlete@demo.test');
    const response = await t.request<RosterBody>('GET', '/passenger?page=0&size=300', { token });
    expect(response.body.data).toHaveLength(2);
    expect(response.body.data.every((row) => row.firstName === 'Jamie')).toBe(true);
  });

  it('needs sign-in', async () => {
    expect((await t.request('GET', '/passenger?page=0&size=300')).status).toBe(401);
  });
});
