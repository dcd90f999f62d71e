import { measureLabels, workoutCategoryLabels } from '@contract/training-vocabulary';
import type { ExerciseMatch, ReaderPreview } from '@contract/workout-reader';
import { useEffect, useId, useState } from 'react';
import type { Key } from 'react-aria-components';
import {
  Button as AriaButton,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
} from 'react-aria-components';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CategoryDot } from '@/components/ui/category-badge';
import { ChevronDownIcon, PlusIcon, SearchIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { ExercisePicker } from '../workout-editor/exercise-picker';
import type { ExerciseChoicesForm, ExerciseChoiceValues, RememberedChoices } from './review-form';
import { categoryOfExercise, createChoice, rememberChoices, reviewMessageAt } from './review-form';
import { optionClass, popoverClass, selectButtonClass } from './select-classes';

const findChoice = '__find__';

const percent = (score: number) => `${Math.round(score * 100)}%`;
const linesOf = (uses: number) => (uses === 1 ? 'on 1 line' : `on ${uses} lines`);

/** The choice in words, as the closed select shows it. */
function choiceText(match: ExerciseMatch, chosen: ExerciseChoiceValues): string {
  if (chosen.choice === createChoice) return 'Create as new exercise';
  if (match.match?.exerciseId === chosen.choice) return `${match.match.name} · In your library`;
  const candidate = match.candidates.find((close) => close.exerciseId === chosen.choice);
  if (candidate) return `${candidate.name} · ${percent(candidate.score)} alike`;
  if (chosen.other?.id === chosen.choice) return `${chosen.other.name} · From your library`;
  return 'Choose';
}

/**
 * The "Exercise names" card: what each exercise name of the reading becomes: the library's exercise of that name, a close one, one found by
 * name, or a new exercise (with the measures its sets use and the category of its first workout).
 */
export function ExerciseChoices({
  preview,
  remembered,
}: {
  preview: ReaderPreview;
  /** The page's memory of the coach's choices: kept up to date for the next reading. */
  remembered: RememberedChoices;
}) {
  const { control } = useFormContext<ExerciseChoicesForm>();
  const chosen = useWatch({ control, name: 'exercises' });
  useEffect(() => rememberChoices(remembered, preview, chosen), [remembered, preview, chosen]);
  const created = chosen.filter((exercise) => exercise.choice === createChoice).length;
  const names = preview.exercises.length;
  const headingId = useId();

  return (
    <Card aria-labelledby={headingId} className="px-4 py-4 sm:px-6 sm:py-5">
      <h2 id={headingId} className="text-lg font-semibold text-foreground">
        Exercise names
      </h2>
      <p className="text-sm text-muted-foreground">
        {names === 1 ? '1 name' : `${names} names`}: {names - created} from your library, {created} new.
      </p>
      <div
        aria-hidden="true"
        className="mt-3 hidden border-b border-border pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:grid sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] sm:gap-4"
      >
        <span>As written</span>
        <span>Saved as</span>
      </div>
      <ul className="divide-y divide-border">
        {preview.exercises.map((match, index) => (
          <ExerciseChoiceRow key={match.key} preview={preview} match={match} index={index} />
        ))}
      </ul>
    </Card>
  );
}

function ExerciseChoiceRow({
  preview,
  match,
  index,
}: {
  preview: ReaderPreview;
  match: ExerciseMatch;
  index: number;
}) {
  const { control, register, setValue, clearErrors } = useFormContext<ExerciseChoicesForm>();
  const { errors } = useFormState({ control, name: `exercises.${index}` });
  const chosen = useWatch({ control, name: `exercises.${index}` });
  const [isFinding, setIsFinding] = useState(false);
  const id = useId();
  const nameId = `${id}-name`;
  const choiceError = reviewMessageAt(errors, `exercises.${index}.choice`);
  const category = categoryOfExercise(preview, match.key);
  const candidates = match.candidates.filter((close) => close.exerciseId !== match.match?.exerciseId);
  const other =
    chosen.other &&
    chosen.other.id !== match.match?.exerciseId &&
    !candidates.some((close) => close.exerciseId === chosen.other?.id)
      ? chosen.other
      : null;

  const choose = (choice: string, picked: ExerciseChoiceValues['other'] = chosen.other) => {
    setValue(`exercises.${index}.other`, picked);
    setValue(`exercises.${index}.choice`, choice, { shouldDirty: true });
    clearErrors(`exercises.${index}`);
  };

  return (
    <li className="py-3">
      <div
        role="group"
        aria-labelledby={nameId}
        className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] sm:items-start sm:gap-4"
      >
        <div className="min-w-0 sm:pt-2.5">
          <p id={nameId} className="font-semibold break-words text-foreground">
            {match.name}
          </p>
          <p className="text-xs text-muted-foreground">
            {linesOf(match.uses)}
            {match.measures.length > 0
              ? ` · ${match.measures.map((measure) => measureLabels[measure]).join(', ')}`
              : ''}
          </p>
        </div>

        <div className="min-w-0 space-y-2">
          <Controller
            control={control}
            name={`exercises.${index}.choice`}
            render={({ field }) => (
              <Select
                className="min-w-0"
                selectedKey={field.value}
                isInvalid={choiceError !== undefined}
                onSelectionChange={(key: Key | null) => {
                  if (key === null) return;
                  if (key === findChoice) setIsFinding(true);
                  else {
                    setIsFinding(false);
                    choose(String(key));
                  }
                }}
              >
                <Label className="sr-only">What “{match.name}” is saved as</Label>
                <AriaButton
                  ref={field.ref}
                  onBlur={field.onBlur}
                  className={`${selectButtonClass} ${choiceError ? 'border-danger' : field.value === createChoice ? 'border-border' : 'border-primary/50'} text-foreground`}
                >
                  <SelectValue className="truncate">{() => choiceText(match, chosen)}</SelectValue>
                  <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground" />
                </AriaButton>
                <Popover placement="bottom start" className={popoverClass}>
                  <ListBox className="max-h-80 outline-none">
                    {match.match ? (
                      <ListBoxItem
                        id={match.match.exerciseId}
                        textValue={match.match.name}
                        className={optionClass}
                      >
                        <span className="font-medium">{match.match.name}</span>
                        <span className="text-xs font-normal text-success">In your library</span>
                      </ListBoxItem>
                    ) : null}
                    {candidates.map((close) => (
                      <ListBoxItem
                        key={close.exerciseId}
                        id={close.exerciseId}
                        textValue={close.name}
                        className={optionClass}
                      >
                        <span className="font-medium">{close.name}</span>
                        <span className="text-xs font-normal text-muted-foreground">
                          {percent(close.score)} alike
                        </span>
                      </ListBoxItem>
                    ))}
                    {other ? (
                      <ListBoxItem id={other.id} textValue={other.name} className={optionClass}>
                        <span className="font-medium">{other.name}</span>
                        <span className="text-xs font-normal text-muted-foreground">From your library</span>
                      </ListBoxItem>
                    ) : null}
                    <ListBoxItem id={createChoice} textValue="Create as new exercise" className={optionClass}>
                      <span className="flex items-center gap-2 font-semibold text-primary-ink">
                        <PlusIcon className="size-4" />
                        Create as new exercise
                      </span>
                    </ListBoxItem>
                    <ListBoxItem
                      id={findChoice}
                      textValue="Find another in your library"
                      className={optionClass}
                    >
                      <span className="flex items-center gap-2">
                        <SearchIcon className="size-4 text-muted-foreground" />
                        Find another in your library…
                      </span>
                    </ListBoxItem>
                  </ListBox>
                </Popover>
              </Select>
            )}
          />
          {choiceError ? <p className="text-sm text-danger">{choiceError}</p> : null}

          {isFinding ? (
            <div className="space-y-2 rounded-lg border border-border bg-muted/40 p-2">
              <ExercisePicker
                label={`Find the exercise for “${match.name}”`}
                autoFocus
                onPick={(exercise) => {
                  setIsFinding(false);
                  choose(exercise.id, { id: exercise.id, name: exercise.name });
                }}
                onCreate={({ name }) => {
                  setIsFinding(false);
                  setValue(`exercises.${index}.newName`, name);
                  choose(createChoice);
                }}
              />
              <Button variant="ghost" className="min-h-9" onClick={() => setIsFinding(false)}>
                Cancel
              </Button>
            </div>
          ) : null}

          {chosen.choice === createChoice ? (
            <div>
              <TextField
                label="New exercise name"
                maxLength={200}
                error={reviewMessageAt(errors, `exercises.${index}.newName`)}
                {...register(`exercises.${index}.newName`)}
              />
              <p className="-mt-0.5 flex items-center gap-1.5 text-xs text-muted-foreground">
                <CategoryDot category={category} className="size-2" />
                {workoutCategoryLabels[category]}
                {match.measures.length > 0
                  ? ` · measured by ${match.measures.map((measure) => measureLabels[measure]).join(', ')}`
                  : ''}
              </p>
            </div>
          ) : null}
        </div>
      </div>
    </li>
  );
}
