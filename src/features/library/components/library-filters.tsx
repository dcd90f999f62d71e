import type { WorkoutCategory } from '@contract/training-vocabulary';
import { workoutCategoryLabels, workoutCategoryNames } from '@contract/training-vocabulary';
import { useCallback } from 'react';
import { DebouncedSearchField } from '@/components/ui/debounced-search-field';
import { categoryColor } from '@/components/ui/category-badge';

export interface LibraryFilterValues {
  q: string;
  category: WorkoutCategory | undefined;
  archived: boolean;
}

interface LibraryFiltersProps {
  /** What is searched: "workouts" or "exercises". */
  noun: string;
  values: LibraryFilterValues;
  onChange: (change: Partial<LibraryFilterValues>) => void;
}

const chipClass =
  'inline-flex min-h-9 shrink-0 items-center gap-2 rounded-full border px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const chipOff = 'border-border bg-surface text-foreground hover:bg-muted';
const chipOn = 'border-foreground bg-foreground text-surface';

/** Search as you type, a chip per category in the organisation's colours, and the archived filter. */
export function LibraryFilters({ noun, values, onChange }: LibraryFiltersProps) {
  const onSearch = useCallback((q: string) => onChange({ q }), [onChange]);
  return (
    <div className="space-y-3">
      <div className="flex items-center gap-2">
        <DebouncedSearchField
          label={`Search ${noun}`}
          className="min-w-0 flex-1 lg:max-w-md"
          placeholder={`Search ${noun}`}
          value={values.q}
          onSearch={onSearch}
        />
        <button
          type="button"
          aria-pressed={values.archived}
          onClick={() => onChange({ archived: !values.archived })}
          className={`${chipClass} min-h-11 rounded-lg ${values.archived ? chipOn : chipOff}`}
        >
          Archived
        </button>
      </div>
      {/* A row that scrolls sideways on a phone rather than wrapping into a wall of chips. */}
      <div
        role="group"
        aria-label="Category"
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
      >
        <button
          type="button"
          aria-pressed={values.category === undefined}
          onClick={() => onChange({ category: undefined })}
          className={`${chipClass} ${values.category === undefined ? chipOn : chipOff}`}
        >
          All
        </button>
        {workoutCategoryNames.map((category) => {
          const isOn = values.category === category;
          return (
            <button
              key={category}
              type="button"
              aria-pressed={isOn}
              onClick={() => onChange({ category: isOn ? undefined : category })}
              className={`${chipClass} ${isOn ? chipOn : chipOff}`}
            >
              <span
                aria-hidden="true"
                className="size-2.5 rounded-full ring-1 ring-black/10"
                style={{ backgroundColor: categoryColor(category) }}
              />
              {workoutCategoryLabels[category]}
            </button>
          );
        })}
      </div>
    </div>
  );
}
