import type { ExerciseListResponse, WorkoutListResponse } from '../../contract/library';
import type { TestContext } from './test-app';

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** The library as a user of `token` finds it by name: the ids tests need, looked up the way the screens do. */
export function libraryLookups(t: TestContext) {
  async function named<T extends ExerciseListResponse | WorkoutListResponse>(
    list: 'exercises' | 'workouts',
    token: string,
    name: string,
    archived: boolean,
  ): Promise<T['data'][number]> {
    const query = `q=${encodeURIComponent(name)}&archived=${archived}`;
    const { status, body } = await t.request<T>('GET', `/api/${list}?${query}`, { token });
    const found = (body.data as T['data'][number][]).find((row) => row.name === name);
    if (status !== 200 || !found) throw new Error(`No ${list} called ${name} (HTTP ${status})`);
    return found;
  }

  return {
    exerciseNamed: (token: string, name: string, archived = false) =>
      named<ExerciseListResponse>('exercises', token, name, archived),
    workoutNamed: (token: string, name: string, archived = false) =>
      named<WorkoutListResponse>('workouts', token, name, archived),
  };
}
