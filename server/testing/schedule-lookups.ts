import type {
  CalendarItem,
  ScheduleItemResponse,
  ScheduleResponse,
  TodayResponse,
} from '../../contract/schedule';
import { libraryLookups } from './library-lookups';
import type { TestContext } from './test-app';

/** What schedule tests look up as a user would: people, groups and workouts by name, and the organisation's today. */
export function scheduleLookups(t: TestContext) {
  const library = libraryLookups(t);

  async function userId(token: string, email: string): Promise<string> {
    const { body } = await t.request<{ data: { id: string; email: string }[] }>(
      'GET',
      `/api/users?q=${encodeURIComponent(email)}`,
      { token },
    );
    const user = body.data.find((row) => row.email === email);
    if (!user) throw new Error(`No user ${email}`);
    return user.id;
  }

  async function groupId(token: string, name: string): Promise<string> {
    const { body } = await t.request<{ data: { id: string; name: string }[] }>('GET', '/api/groups', {
      token,
    });
    const group = body.data.find((row) => row.name === name);
    if (!group) throw new Error(`No group ${name}`);
    return group.id;
  }

  async function calendar(token: string, query: Record<string, string>): Promise<ScheduleResponse> {
    const { status, body } = await t.request<ScheduleResponse>(
      'GET',
      `/api/schedule?${new URLSearchParams(query).toString()}`,
      { token },
    );
    if (status !== 200) throw new Error(`GET /api/schedule answered ${status}: ${JSON.stringify(body)}`);
    return body;
  }

  async function detail(token: string, item: Pick<CalendarItem, 'id' | 'kind'>) {
    const path =
      item.kind === 'entry' ? `/api/schedule/entries/${item.id}` : `/api/group-assignments/${item.id}`;
    const { status, body } = await t.request<ScheduleItemResponse>('GET', path, { token });
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
    return body.data;
  }

  /** Ids by name: people by email, groups and workouts by name, in one record. */
  async function named(
    token: string,
    {
      people = [],
      groups = [],
      workouts = [],
    }: { people?: string[]; groups?: string[]; workouts?: string[] },
  ): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    for (const email of people) ids[email] = await userId(token, email);
    for (const name of groups) ids[name] = await groupId(token, name);
    for (const name of workouts) ids[name] = (await library.workoutNamed(token, name)).id;
    return ids;
  }

  return {
    userId,
    groupId,
    named,
    calendar,
    detail,
    workoutId: async (token: string, name: string) => (await library.workoutNamed(token, name)).id,
    /** The organisation's today, as GET /api/schedule/today answers it. */
    today: async (token: string) =>
      (await t.request<TodayResponse>('GET', '/api/schedule/today', { token })).body.today,
  };
}

/** An item as a test compares it: what the calendar shows of it. */
export const shown = (item: CalendarItem) => ({
  date: item.date,
  name: item.name,
  who: item.athlete ? `${item.athlete.firstName} ${item.athlete.lastName}` : (item.group?.name ?? ''),
});
