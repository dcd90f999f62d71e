import { throwingAlertsResponseSchema, throwingSummaryResponseSchema } from '@contract/pitching';
import { workloadZone } from '@contract/throwing';
import { demoPeople, demoUsers, tokenFor } from '../data';

const base = 'http://localhost:3000';
const get = (path: string, user = demoUsers.coach) =>
  fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${tokenFor(user)}` } });
const jamie = demoUsers.athlete;
const tyler = demoPeople.find((person) => person.firstName === 'Tyler')!;

describe('mock throwing API', () => {
  it('answers a coach an athlete’s summary over the days asked for, its figures agreeing', async () => {
    const response = await get(`/api/athletes/${jamie.id}/throwing?days=28`);
    expect(response.status).toBe(200);
    const { throwing } = throwingSummaryResponseSchema.parse(await response.json());
    expect(throwing).toMatchObject({ age: 12, dailyLimit: 85, pitchesToday: 42, hasBodyMeasures: true });
    expect(throwing.workload).toHaveLength(28);
    expect(throwing.pitchCounts.filter((day) => day.overLimit)).toEqual([
      expect.objectContaining({ pitches: 92, restDays: 4 }),
    ]);
    expect(new Set(throwing.velocity.map((day) => day.pitchType))).toEqual(
      new Set(['fastball', 'changeup', 'curveball']),
    );
    for (const day of throwing.workload.filter((each) => each.ratio !== null)) {
      expect(day.zone).toBe(workloadZone(day.ratio!));
    }
    const { workload } = throwingSummaryResponseSchema.parse(
      await (await get(`/api/athletes/${jamie.id}/throwing`)).json(),
    ).throwing;
    expect(workload).toHaveLength(90);
    expect(workload.some((day) => day.zone === 'amber')).toBe(true);
  });

  it.each([
    ['a bad number of days', `/api/athletes/${jamie.id}/throwing?days=7`, demoUsers.coach, 400],
    [
      'an unknown athlete',
      '/api/athletes/00000000-0000-4000-8000-000000000000/throwing',
      demoUsers.coach,
      404,
    ],
    ['another athlete’s summary to an athlete', `/api/athletes/${tyler.id}/throwing`, jamie, 404],
    ['the warnings to an athlete', '/api/throwing/alerts', jamie, 403],
    [
      'the warnings of a group that is not an id',
      '/api/throwing/alerts?groupId=pitchers',
      demoUsers.coach,
      400,
    ],
  ])('refuses %s', async (_case, path, user, status) => {
    expect((await get(path, user)).status).toBe(status);
  });

  it('answers an athlete its own summary, and staff the warnings of a group', async () => {
    expect((await get(`/api/athletes/${jamie.id}/throwing`, jamie)).status).toBe(200);
    const pitchers = '3f1e2d3c-0000-4000-8000-000000000002';
    const graduates = '3f1e2d3c-0000-4000-8000-000000000001';
    const { alerts } = throwingAlertsResponseSchema.parse(
      await (await get(`/api/throwing/alerts?groupId=${graduates}`)).json(),
    );
    expect(alerts.map((alert) => alert.athlete.firstName)).toEqual(['Tyler']);
    const all = throwingAlertsResponseSchema.parse(
      await (await get(`/api/throwing/alerts?groupId=${pitchers}`)).json(),
    );
    expect(all.alerts.map((alert) => alert.athlete.firstName)).toEqual(['Tyler', 'Noah']);
  });
});
