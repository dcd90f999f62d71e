import type { ExerciseListResponse, WorkoutListResponse } from '../../contract/library';
import type { TestContext } from './test-app';

export type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** The library as a user of `token` finds it by name: the ids tests need, looked up the way the screens do. */
export function libraryLookups(t: TestContext) {
  async function exerciseNamed(token: string, name: string, archived = false) {
    const { status, body } = await t.request<ExerciseListResponse>(
      'GET',
      `/api/exercises?q=${encodeURIComponent(name)}&archived=${archived}`,
      { token },
    );
    const exercise = body.data.find((row) => row.name === name);
    if (status !== 200 || !exercise) throw new Error(`No exercise called ${name} (HTTP ${status})`);
    return exercise;
  }

  async function workoutNamed(token: string, name: string, archived = false) {
    const { status, body } = await t.request<WorkoutListResponse>(
      'GET',
      `/api/workouts?q=${encodeURIComponent(name)}&archived=${archived}`,
      { token },
    );
    const workout = body.data.find((row) => row.name === name);
    if (status !== 200 || !workout) throw new Error(`No workout called ${name} (HTTP ${status})`);
    return workout;
  }

  return { exerciseNamed, workoutNamed };
}
