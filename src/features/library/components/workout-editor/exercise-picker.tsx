import type { Exercise, ExerciseRef, WorkoutCategory } from '@contract';
import { measureLabels, workoutCategoryLabels, workoutCategoryNames } from '@contract/training-vocabulary';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { ChevronDownIcon, PlusIcon, SearchIcon } from '@/components/ui/icons';
import { exerciseQueries } from '../../api/library-queries';
import { CategoryDot } from '@/components/ui/category-badge';

export const exerciseRefOf = ({
  id,
  name,
  category,
  measures,
  unilateral,
  videoUrl,
  archived,
}: Exercise): ExerciseRef => ({
  id,
  name,
  category,
  measures,
  unilateral,
  videoUrl,
  archived,
});

const createKey = 'create-new-exercise';
/** How many matches the picker lists; typing more narrows it. */
const pickerSize = 20;

type PickerItem = { kind: 'exercise'; exercise: Exercise } | { kind: 'create'; name: string };

interface ExercisePickerProps {
  label: string;
  onPick: (exercise: ExerciseRef) => void;
  /** "Create a new exercise": with what was typed as its name and the category filter as its category. */
  onCreate: (draft: { name: string; category: WorkoutCategory | '' }) => void;
  autoFocus?: boolean;
}

/**
 * Finds an exercise of the library as you type (an accessible combobox from React Aria: arrow keys, Enter,
 * Escape), narrowed by category; archived exercises are not offered. The last option creates a new one.
 */
export function ExercisePicker({ label, onPick, onCreate, autoFocus = false }: ExercisePickerProps) {
  const [text, setText] = useState('');
  /** A pick starts the combobox afresh (closed, empty, still focused) for the next exercise. */
  const [picks, setPicks] = useState(0);
  const [category, setCategory] = useState<WorkoutCategory | ''>('');
  const searched = useDeferredValue(text.trim());
  const categoryId = useId();
  const matches = useQuery(
    exerciseQueries.list({
      page: 0,
      size: pickerSize,
      ...(searched ? { q: searched } : {}),
      ...(category ? { category } : {}),
    }),
  );
  const exercises = matches.data?.data ?? [];
  const items: PickerItem[] = exercises.map((exercise) => ({ kind: 'exercise', exercise }));
  const exact = exercises.some((exercise) => exercise.name.toLowerCase() === searched.toLowerCase());
  if (searched && !exact) items.push({ kind: 'create', name: searched });

  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <ComboBox
        key={picks}
        className="min-w-0 flex-1"
        items={items}
        inputValue={text}
        onInputChange={setText}
        selectedKey={null}
        // Typing opens the list, the button shows it whole; after a pick it stays closed for the next one.
        menuTrigger="input"
        allowsEmptyCollection
        onSelectionChange={(key) => {
          if (key === null) return;
          if (key === createKey) {
            onCreate({ name: searched, category });
          } else {
            const picked = exercises.find((exercise) => exercise.id === key);
            if (picked) onPick(exerciseRefOf(picked));
          }
          setText('');
          setPicks((count) => count + 1);
        }}
      >
        <Label className="sr-only">{label}</Label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            autoFocus={autoFocus || picks > 0}
            placeholder="Find an exercise, or type a new one"
            className="block min-h-11 w-full rounded-lg border border-border bg-surface pr-11 pl-9 text-base text-foreground shadow-xs outline-none placeholder:text-muted-foreground data-[focused]:outline-2 data-[focused]:-outline-offset-1 data-[focused]:outline-ring sm:text-sm"
          />
          <Button
            aria-label="Show the exercises"
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted-foreground outline-none hover:text-foreground data-[focus-visible]:outline-2 data-[focus-visible]:outline-ring"
          >
            <ChevronDownIcon className="size-4" />
          </Button>
        </div>
        <Popover
          placement="bottom start"
          className="w-(--trigger-width) min-w-72 overflow-auto rounded-xl border border-border bg-surface p-1 shadow-lg outline-none data-[entering]:animate-pop-in"
        >
          <ListBox<PickerItem>
            className="max-h-80 outline-none"
            renderEmptyState={() => (
              <p className="px-3 py-4 text-sm text-muted-foreground">
                {matches.isPending ? 'Looking…' : 'Type a name to find an exercise or make a new one.'}
              </p>
            )}
          >
            {(item) =>
              item.kind === 'exercise' ? (
                <ListBoxItem
                  id={item.exercise.id}
                  textValue={item.exercise.name}
                  className="flex min-h-11 cursor-default flex-col justify-center rounded-lg px-3 py-1.5 outline-none data-[focused]:bg-muted"
                >
                  <span className="flex items-center gap-2 text-sm font-medium text-foreground">
                    <CategoryDot category={item.exercise.category} />
                    {item.exercise.name}
                  </span>
                  <span className="pl-4.5 text-xs text-muted-foreground">
                    {workoutCategoryLabels[item.exercise.category]} ·{' '}
                    {item.exercise.measures.map((measure) => measureLabels[measure]).join(', ')}
                  </span>
                </ListBoxItem>
              ) : (
                <ListBoxItem
                  id={createKey}
                  textValue={`Create ${item.name}`}
                  className="flex min-h-11 cursor-default items-center gap-2 rounded-lg px-3 text-sm font-semibold text-primary-ink outline-none data-[focused]:bg-muted"
                >
                  <PlusIcon className="size-4" />
                  Create “{item.name}” as a new exercise
                </ListBoxItem>
              )
            }
          </ListBox>
        </Popover>
      </ComboBox>
      <div className="relative sm:w-44">
        <label htmlFor={categoryId} className="sr-only">
          Category of the exercises to find
        </label>
        <select
          id={categoryId}
          value={category}
          onChange={(event) => setCategory(event.target.value as WorkoutCategory | '')}
          className="block min-h-11 w-full appearance-none rounded-lg border border-border bg-surface pr-9 pl-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
        >
          <option value="">All categories</option>
          {workoutCategoryNames.map((name) => (
            <option key={name} value={name}>
              {workoutCategoryLabels[name]}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
      </div>
    </div>
  );
}
