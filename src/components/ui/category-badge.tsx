import type { WorkoutCategory } from '@contract/training-vocabulary';
import { workoutCategoryLabels } from '@contract/training-vocabulary';
import { categoryClassName } from '@/lib/branding/workout-categories';

/** The organisation's colour of a category (spec 3), as a CSS value for borders and dots. */
export const categoryColor = (category: WorkoutCategory): string => `var(--${categoryClassName(category)})`;

/** A category's name on its colour, as lists and the editor show it. */
export function CategoryBadge({
  category,
  className = '',
}: {
  category: WorkoutCategory;
  className?: string;
}) {
  return (
    <span
      className={`${categoryClassName(category)} inline-flex items-center rounded-md px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${className}`}
    >
      {workoutCategoryLabels[category]}
    </span>
  );
}

/** A small dot of a category's colour beside a name. */
export function CategoryDot({
  category,
  className = 'size-2.5',
}: {
  category: WorkoutCategory;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 rounded-full ${className}`}
      style={{ backgroundColor: categoryColor(category) }}
    />
  );
}
