import type { ColorKey } from '@contract/color-keys';
import type { WorkoutCategory } from '@contract/training-vocabulary';

/** Spec 1's workout categories, the settings key of each colour (spec 3) and the class that colours it. */
export const workoutCategories = [
  { name: 'warm-up', colorKey: 'warmUpColor' },
  { name: 'mobility', colorKey: 'mobilityColor' },
  { name: 'lift', colorKey: 'liftColor' },
  { name: 'throw', colorKey: 'throwColor' },
  { name: 'command', colorKey: 'commandColor' },
  { name: 'sprint', colorKey: 'sprintColor' },
  { name: 'plyo', colorKey: 'plyoColor' },
  { name: 'med-ball', colorKey: 'medballColor' },
  { name: 'fielding', colorKey: 'fieldingColor' },
  { name: 'hitting', colorKey: 'hittingColor' },
  { name: 'practice plan', colorKey: 'practicePlanColor' },
] as const satisfies readonly { name: WorkoutCategory; colorKey: ColorKey }[];

export type { WorkoutCategory };

/** `category-warm-up`, `category-practice-plan`: the class that gives a workout of `category` its colour. */
export const categoryClassName = (category: WorkoutCategory): string =>
  `category-${category.replaceAll(' ', '-')}`;

/**
 * Spec 3's "literal placeholder value" for a category the organisation has given no colour: a neutral grey
 * (Tailwind gray-400) that reads as "uncoloured" next to any brand palette (ADR 007).
 */
export const categoryPlaceholderColor = '#9ca3af';
