import type { WeightUnit } from '@contract';
import { measureLabels, parsePrescription } from '@contract';
import { useId, useState } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { CloseIcon } from '@/components/ui/icons';
import type { WorkoutFormValues } from '../../workout-form';
import { messageAt, setFormOf } from '../../workout-form';
import { CategoryDot } from '@/components/ui/category-badge';
import { WandIcon } from '../library-icons';
import { SetRows } from './set-rows';
import { DragHandle } from '@/components/widgets/sortable-list';

interface BlockExerciseProps {
  blockIndex: number;
  slotIndex: number;
  /** A1, A2 in a superset; A alone. */
  label: string;
  weightUnit: WeightUnit;
  onRemove: () => void;
  /** Whether the block has other exercises to reorder it among. */
  isSortable: boolean;
}

/** One exercise of a block: its prescription shorthand, its sets and its note. */
export function BlockExercise({
  blockIndex,
  slotIndex,
  label,
  weightUnit,
  onRemove,
  isSortable,
}: BlockExerciseProps) {
  const path = `blocks.${blockIndex}.exercises.${slotIndex}` as const;
  const { control, register, setValue, getValues } = useFormContext<WorkoutFormValues>();
  const { errors } = useFormState({ control, name: path });
  const exercise = useWatch({ control, name: `${path}.exercise` });
  const notes = useWatch({ control, name: `${path}.notes` });
  const [shorthand, setShorthand] = useState('');
  const [shorthandProblem, setShorthandProblem] = useState<string | null>(null);
  const [showNotes, setShowNotes] = useState(notes !== '');
  const shorthandId = useId();
  const notesId = useId();
  const slotLabel = `${label} ${exercise.name}`;
  const exerciseError = messageAt(errors, `${path}.exercise`);

  const fillFromShorthand = () => {
    const parsed = parsePrescription(shorthand, { measures: exercise.measures, weightUnit });
    if (!parsed.ok) {
      setShorthandProblem(parsed.message);
      return;
    }
    // A rest already typed stays when the shorthand gives none (issue 23): set by set, the last one's for the rest.
    const typed = getValues(`${path}.sets`);
    setValue(
      `${path}.sets`,
      parsed.sets.map((set, index) => {
        const form = setFormOf(set, weightUnit);
        return form.rest === '' ? { ...form, rest: (typed[index] ?? typed.at(-1))?.rest ?? '' } : form;
      }),
      { shouldDirty: true },
    );
    setShorthand('');
    setShorthandProblem(null);
  };

  return (
    <div className="space-y-3">
      <div className="flex items-start gap-2">
        {isSortable ? <DragHandle /> : null}
        <span className="mt-1 inline-flex h-7 min-w-9 items-center justify-center rounded-md bg-foreground px-1.5 text-xs font-bold text-surface">
          {label}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 font-semibold text-foreground">
            <CategoryDot category={exercise.category} />
            <span className="truncate">{exercise.name}</span>
            {exercise.unilateral ? (
              <span className="text-xs font-normal text-muted-foreground">each side</span>
            ) : null}
          </p>
          <p className="text-xs text-muted-foreground">
            {exercise.measures.map((measure) => measureLabels[measure]).join(' · ')}
          </p>
          {exerciseError ? <p className="mt-1 text-sm text-danger">{exerciseError}</p> : null}
          {exercise.archived && !exerciseError ? (
            <p className="mt-1 text-sm text-warning-foreground">
              Archived: kept in this workout, but not offered for new ones.
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${slotLabel}`}
          title="Remove exercise"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-danger/10 hover:text-danger focus-visible:outline-2 focus-visible:outline-ring"
        >
          <CloseIcon className="size-4" />
        </button>
      </div>

      <div>
        <label htmlFor={shorthandId} className="sr-only">
          Quick fill the sets of {slotLabel}
        </label>
        <div className="flex gap-2">
          <input
            id={shorthandId}
            value={shorthand}
            onChange={(event) => {
              setShorthand(event.target.value);
              setShorthandProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                fillFromShorthand();
              }
            }}
            autoComplete="off"
            spellCheck={false}
            placeholder="4 x 6 @ 75%"
            aria-invalid={shorthandProblem ? true : undefined}
            aria-describedby={shorthandProblem ? `${shorthandId}-problem` : undefined}
            className="block h-10 min-w-0 flex-1 rounded-md border border-dashed border-border-strong bg-surface px-3 text-base text-foreground placeholder:text-muted-foreground focus:border-solid focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
          />
          <button
            type="button"
            onClick={fillFromShorthand}
            disabled={shorthand.trim() === ''}
            className="inline-flex h-10 items-center gap-1.5 rounded-md border border-border bg-surface px-3 text-sm font-semibold text-foreground shadow-xs hover:bg-muted disabled:opacity-50"
          >
            <WandIcon className="size-4" />
            Fill sets
          </button>
        </div>
        {shorthandProblem ? (
          <p id={`${shorthandId}-problem`} className="mt-1 text-sm text-danger" role="alert">
            {shorthandProblem}
          </p>
        ) : null}
      </div>

      <SetRows
        path={`${path}.sets`}
        slotLabel={slotLabel}
        measures={exercise.measures}
        weightUnit={weightUnit}
      />

      {showNotes ? (
        <div>
          <label htmlFor={notesId} className="mb-1 block text-xs font-semibold text-muted-foreground">
            Note for {exercise.name}
          </label>
          <textarea
            id={notesId}
            rows={2}
            placeholder="Tempo, cues, what to feel"
            className="block w-full rounded-md border border-border bg-surface px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
            {...register(`${path}.notes`)}
          />
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setShowNotes(true)}
          className="text-sm font-medium text-muted-foreground underline-offset-2 hover:text-foreground hover:underline"
        >
          Add a note
        </button>
      )}
    </div>
  );
}
