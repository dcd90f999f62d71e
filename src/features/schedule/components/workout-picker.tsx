import type { WorkoutCategory, WorkoutSummary } from '@contract';
import { workoutCategoryLabels, workoutCategoryNames } from '@contract/training-vocabulary';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { CategoryDot, categoryColor } from '@/components/ui/category-badge';
import { ChevronDownIcon, SearchIcon } from '@/components/ui/icons';
import { pickerQueries } from '../api/schedule-queries';

interface WorkoutPickerProps {
  label: string;
  value: WorkoutSummary | null;
  onChange: (workout: WorkoutSummary | null) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}

const chipClass =
  'inline-flex min-h-8 shrink-0 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium whitespace-nowrap transition-colors';

/** A library workout, found by typing and narrowed by category chips (archived ones are not offered). */
export function WorkoutPicker({ label, value, onChange, error, autoFocus = false }: WorkoutPickerProps) {
  const [text, setText] = useState<string | null>(null);
  const [category, setCategory] = useState<WorkoutCategory | undefined>(undefined);
  const searched = useDeferredValue((text ?? '').trim());
  const workouts = useQuery(pickerQueries.workouts(text === null ? '' : searched, category));
  const items = workouts.data ?? [];
  return (
    <div className="space-y-2">
      <ComboBox
        items={items}
        // What is typed wins while the input has the focus; a value set from outside then would open the list again.
        inputValue={text ?? value?.name ?? ''}
        onInputChange={setText}
        selectedKey={value?.id ?? null}
        // Typing opens the list (or its button); focus alone does not, so a pick does not open it again.
        menuTrigger="input"
        allowsEmptyCollection
        onSelectionChange={(key) => {
          onChange(items.find((workout) => workout.id === key) ?? null);
        }}
      >
        <Label className="mb-1.5 block text-sm font-medium text-foreground">{label}</Label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            autoFocus={autoFocus}
            onBlur={() => setText(null)}
            placeholder="Find a workout in the library"
            aria-invalid={error ? true : undefined}
            className={`block min-h-11 w-full rounded-lg border bg-surface pr-10 pl-9 text-base text-foreground shadow-xs outline-none placeholder:text-muted-foreground data-[focused]:outline-2 data-[focused]:-outline-offset-1 data-[focused]:outline-ring sm:text-sm ${error ? 'border-danger' : 'border-border'}`}
          />
          <Button
            aria-label="Show the workouts"
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-muted-foreground outline-none"
          >
            <ChevronDownIcon className="size-4" />
          </Button>
        </div>
        <Popover
          placement="bottom start"
          className="w-(--trigger-width) overflow-auto rounded-xl border border-border bg-surface p-1 shadow-lg outline-none"
        >
          <ListBox<WorkoutSummary>
            className="max-h-72 outline-none"
            renderEmptyState={() => (
              <p className="px-3 py-3 text-sm text-muted-foreground">
                {workouts.isPending ? 'Looking…' : 'No workout matches. Build one in the workout library.'}
              </p>
            )}
          >
            {(workout) => (
              <ListBoxItem
                id={workout.id}
                textValue={workout.name}
                className="flex min-h-11 cursor-default flex-col justify-center rounded-lg px-3 py-1.5 outline-none data-[focused]:bg-muted"
              >
                <span className="flex items-center gap-2 text-sm font-medium text-foreground">
                  <CategoryDot category={workout.category} />
                  {workout.name}
                </span>
                <span className="truncate pl-4.5 text-xs text-muted-foreground">
                  {workoutCategoryLabels[workout.category]} · {workout.exerciseNames.slice(0, 4).join(', ')}
                </span>
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
      <div
        role="group"
        aria-label="Category of the workouts to find"
        className="flex gap-1.5 overflow-x-auto pb-1 [scrollbar-width:none]"
      >
        {workoutCategoryNames.map((name) => {
          const isOn = category === name;
          return (
            <button
              key={name}
              type="button"
              aria-pressed={isOn}
              onClick={() => setCategory(isOn ? undefined : name)}
              className={`${chipClass} ${isOn ? 'border-foreground bg-foreground text-surface' : 'border-border bg-surface text-foreground hover:bg-muted'}`}
            >
              <span
                aria-hidden="true"
                className="size-2 rounded-full"
                style={{ backgroundColor: categoryColor(name) }}
              />
              {workoutCategoryLabels[name]}
            </button>
          );
        })}
      </div>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </div>
  );
}
