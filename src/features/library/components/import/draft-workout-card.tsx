import { describeSets } from '@contract/prescription';
import type { DraftWorkout } from '@contract/workout-reader';
import { useId } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { categoryColor, CategoryBadge } from '@/components/ui/category-badge';
import { TextField } from '@/components/ui/text-field';
import type { ReviewFormValues } from './review-form';
import { reviewMessageAt } from './review-form';

interface DraftWorkoutCardProps {
  workout: DraftWorkout;
  index: number;
  /** Saved as a program: each workout takes its day. */
  asProgram: boolean;
}

/**
 * One workout as read: its name (editable), its program day when it is saved as a program, and its blocks with
 * each exercise's sets in the editor's words.
 */
export function DraftWorkoutCard({ workout, index, asProgram }: DraftWorkoutCardProps) {
  const { control, register } = useFormContext<ReviewFormValues>();
  const { errors } = useFormState({ control, name: `workouts.${index}` });
  const headingId = useId();
  const contentProblem = reviewMessageAt(errors, `workouts.${index}.content`);
  const exerciseCount = workout.blocks.reduce((sum, block) => sum + block.exercises.length, 0);

  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl border border-border border-l-4 bg-surface shadow-xs [contain-intrinsic-size:auto_22rem] [content-visibility:auto]"
      style={{ borderLeftColor: categoryColor(workout.category) }}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 pt-3.5 sm:px-5">
        <h3 id={headingId} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Workout {index + 1}
        </h3>
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          {workout.week !== null ? <span>Week {workout.week}</span> : null}
          {!asProgram && workout.day !== null ? <span>Day {workout.day}</span> : null}
          <span>{exerciseCount === 1 ? '1 exercise' : `${exerciseCount} exercises`}</span>
          <CategoryBadge category={workout.category} />
        </div>
      </div>

      <div className={`grid gap-x-3 px-4 pt-2 sm:px-5 ${asProgram ? 'grid-cols-[minmax(0,1fr)_6rem]' : ''}`}>
        <TextField
          label="Workout name"
          maxLength={200}
          error={reviewMessageAt(errors, `workouts.${index}.name`)}
          {...register(`workouts.${index}.name`)}
        />
        {asProgram ? (
          <TextField
            label="Day"
            inputMode="numeric"
            autoComplete="off"
            error={reviewMessageAt(errors, `workouts.${index}.day`)}
            {...register(`workouts.${index}.day`)}
          />
        ) : null}
      </div>

      {contentProblem ? (
        <p role="alert" className="mx-4 mb-3 rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger sm:mx-5">
          {contentProblem}
        </p>
      ) : null}
      {workout.notes ? (
        <p className="px-4 pb-3 text-sm whitespace-pre-line text-muted-foreground sm:px-5">{workout.notes}</p>
      ) : null}

      <ol
        className="divide-y divide-border border-t border-border"
        aria-label={`Blocks of workout ${index + 1}`}
      >
        {workout.blocks.map((block, blockIndex) => (
          <li key={blockIndex} className="flex gap-3 px-4 py-3 sm:px-5">
            <span
              aria-hidden={block.label ? undefined : true}
              className="flex size-7 shrink-0 items-center justify-center rounded-md bg-muted text-xs font-bold text-foreground"
            >
              {block.label ?? '·'}
            </span>
            <ul className="min-w-0 flex-1 space-y-1.5">
              {block.exercises.map((exercise, exerciseIndex) => (
                <li key={`${exercise.line}-${exerciseIndex}`} className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <span className="font-medium text-foreground">
                      {block.label && block.exercises.length > 1 ? (
                        <span className="mr-1 text-muted-foreground">
                          {block.label}
                          {exerciseIndex + 1}
                        </span>
                      ) : null}
                      {exercise.name}
                    </span>
                    <span className="text-muted-foreground tabular-nums">{describeSets(exercise.sets)}</span>
                  </p>
                  {exercise.notes ? (
                    <p className="text-xs text-muted-foreground italic">{exercise.notes}</p>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
