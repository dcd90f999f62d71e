import type { ExerciseRef, WeightUnit, WorkoutCategory } from '@contract';
import { useId, useState } from 'react';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import type { WorkoutFormValues } from '../../workout-form';
import { emptySetForm, messageAt } from '../../workout-form';
import { CopyIcon } from '../library-icons';
import { RowActionsMenu } from '@/components/widgets/row-actions-menu';
import { BlockExercise } from './block-exercise';
import { ExercisePicker } from './exercise-picker';
import { DragHandle, SortableItem, SortableList } from '@/components/widgets/sortable-list';

interface BlockCardProps {
  index: number;
  /** A, B, C… */
  letter: string;
  blockCount: number;
  weightUnit: WeightUnit;
  onMove: (to: number) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  onCreateExercise: (
    start: { name: string; category: WorkoutCategory | '' },
    add: (exercise: ExerciseRef) => void,
  ) => void;
}

const smallInputClass =
  'block h-10 w-16 rounded-md border bg-surface px-2 text-base text-foreground tabular-nums shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';

/** A block of the workout: one exercise, or a superset or circuit (A1, A2, …) done for some rounds. */
export function BlockCard({
  index,
  letter,
  blockCount,
  weightUnit,
  onMove,
  onDuplicate,
  onRemove,
  onCreateExercise,
}: BlockCardProps) {
  const path = `blocks.${index}` as const;
  const { control, register } = useFormContext<WorkoutFormValues>();
  const { errors } = useFormState({ control, name: path });
  const exercises = useFieldArray({ control, name: `${path}.exercises` });
  const [isAdding, setIsAdding] = useState(false);
  const roundsId = useId();
  const restId = useId();
  const labelId = useId();
  const headingId = useId();
  const roundsProblem = messageAt(errors, `${path}.rounds`);
  const restProblem = messageAt(errors, `${path}.rest`);
  const exercisesProblem = messageAt(errors, `${path}.exercises`);

  const add = (exercise: ExerciseRef) => {
    exercises.append({ exercise, notes: '', sets: [emptySetForm(weightUnit)] });
    setIsAdding(false);
  };
  const slotLabel = (slot: number) => (exercises.fields.length > 1 ? `${letter}${slot + 1}` : letter);

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border bg-surface shadow-xs">
      <header className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2.5 sm:px-4">
        {blockCount > 1 ? <DragHandle /> : null}
        <h2 id={headingId} className="text-sm font-bold tracking-wide text-foreground uppercase">
          Block {letter}
        </h2>
        <label htmlFor={labelId} className="sr-only">
          Name of block {letter}
        </label>
        <input
          id={labelId}
          placeholder={exercises.fields.length > 1 ? 'Superset' : 'Name (optional)'}
          maxLength={60}
          autoComplete="off"
          className="h-9 min-w-0 flex-1 rounded-md border border-transparent bg-transparent px-2 text-base text-foreground placeholder:text-muted-foreground hover:border-border focus:border-border focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
          {...register(`${path}.label`)}
        />
        <div className="flex items-center gap-1.5">
          <label htmlFor={roundsId} className="text-xs font-semibold text-muted-foreground">
            Rounds
          </label>
          <input
            id={roundsId}
            inputMode="numeric"
            aria-invalid={roundsProblem ? true : undefined}
            className={`${smallInputClass} w-12 ${roundsProblem ? 'border-danger' : 'border-border'}`}
            {...register(`${path}.rounds`)}
          />
          <label htmlFor={restId} className="ml-1 text-xs font-semibold text-muted-foreground">
            Rest
          </label>
          <input
            id={restId}
            placeholder="2:00"
            aria-invalid={restProblem ? true : undefined}
            className={`${smallInputClass} ${restProblem ? 'border-danger' : 'border-border'}`}
            {...register(`${path}.rest`)}
          />
        </div>
        <RowActionsMenu
          label={`Actions for block ${letter}`}
          actions={[
            ...(index > 0 ? [{ id: 'up', label: 'Move up', icon: ArrowUpIcon }] : []),
            ...(index < blockCount - 1 ? [{ id: 'down', label: 'Move down', icon: ArrowDownIcon }] : []),
            { id: 'duplicate', label: 'Duplicate block', icon: CopyIcon },
            { id: 'remove', label: 'Remove block', icon: TrashIcon, danger: true },
          ]}
          onAction={(id) => {
            if (id === 'up') onMove(index - 1);
            else if (id === 'down') onMove(index + 1);
            else if (id === 'duplicate') onDuplicate();
            else onRemove();
          }}
        />
      </header>
      {roundsProblem || restProblem ? (
        <p className="px-4 pt-2 text-sm text-danger">
          {[roundsProblem, restProblem].filter(Boolean).join(' · ')}
        </p>
      ) : null}

      <SortableList
        ids={exercises.fields.map((field) => field.id)}
        labelOf={(id) => slotLabel(exercises.fields.findIndex((field) => field.id === id))}
        onMove={exercises.move}
      >
        <ol className="divide-y divide-border">
          {exercises.fields.map((field, slot) => (
            <SortableItem
              key={field.id}
              id={field.id}
              handleLabel={`Move ${slotLabel(slot)} ${field.exercise.name}`}
              className="bg-surface px-3 py-4 sm:px-4"
            >
              <BlockExercise
                blockIndex={index}
                slotIndex={slot}
                label={slotLabel(slot)}
                weightUnit={weightUnit}
                isSortable={exercises.fields.length > 1}
                onRemove={() => exercises.remove(slot)}
              />
            </SortableItem>
          ))}
        </ol>
      </SortableList>

      {exercisesProblem ? <p className="px-4 pb-2 text-sm text-danger">{exercisesProblem}</p> : null}

      <div className="border-t border-border px-3 py-3 sm:px-4">
        {isAdding ? (
          <div className="space-y-2">
            <ExercisePicker
              label={`Add an exercise to block ${letter}`}
              autoFocus
              onPick={add}
              onCreate={(start) => onCreateExercise(start, add)}
            />
            <button
              type="button"
              onClick={() => setIsAdding(false)}
              className="text-sm font-medium text-muted-foreground hover:text-foreground"
            >
              Cancel
            </button>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => setIsAdding(true)}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-primary-ink hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-ring"
          >
            <PlusIcon className="size-4" />
            {exercises.fields.length === 0
              ? `Add an exercise to block ${letter}`
              : `Superset: add to block ${letter}`}
          </button>
        )}
      </div>
    </section>
  );
}
