import type { ExercisePlan, SetRow } from '@/lib/tracking-plan/planned-sets';

/** Where an athlete is in the group's workout: the next set not done, and the sets done of all. */
export interface BoardProgress {
  current: { plan: ExercisePlan; row: SetRow; position: number } | null;
  doneSets: number;
  totalSets: number;
}

/** The next set not done, in the workout's order (exercise by exercise, set by set). */
export function progressOf(plans: readonly ExercisePlan[]): BoardProgress {
  let doneSets = 0;
  let totalSets = 0;
  let current: BoardProgress['current'] = null;
  for (const plan of plans) {
    plan.rows.forEach((row, index) => {
      totalSets += 1;
      if (row.done) doneSets += 1;
      else if (!current) current = { plan, row, position: index + 1 };
    });
  }
  return { current, doneSets, totalSets };
}
