import type { WorkoutLog } from '@contract';
import { Fragment, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { TextField } from '@/components/ui/text-field';
import { showFieldErrors } from '@/lib/api/request-failure';
import { useNotificationActions } from '@/stores/notifications-store';
import { useCorrectWorkoutLog } from '../api/correct-workout-log';
import type { CorrectionFormValues, correctionRequestOf } from '../correction-form';
import { correctionFormOf, correctionResolver, formFieldOf } from '../correction-form';

interface CorrectionDialogProps {
  log: WorkoutLog;
  isOpen: boolean;
  onClose: () => void;
}

/** Staff correct a completed log: session and sets; the history keeps what it was before. */
export function CorrectionDialog({ log, isOpen, onClose }: CorrectionDialogProps) {
  return (
    <SheetDialog isOpen={isOpen} title="Correct this workout" onClose={onClose} size="lg">
      {isOpen ? <CorrectionForm log={log} onClose={onClose} /> : null}
    </SheetDialog>
  );
}

const smallField =
  'block min-h-10 w-full min-w-0 rounded-lg border bg-surface px-2 text-base text-foreground tabular-nums shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';

function CorrectionForm({ log, onClose }: { log: WorkoutLog; onClose: () => void }) {
  const correct = useCorrectWorkoutLog(log.id);
  const { setNewNotification } = useNotificationActions();
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useMemo(() => correctionResolver(log), [log]);
  const { register, handleSubmit, setError, getValues, formState } = useForm<
    CorrectionFormValues,
    unknown,
    ReturnType<typeof correctionRequestOf>
  >({ defaultValues: correctionFormOf(log), resolver });
  const errors = formState.errors;
  const notesId = useId();
  const sets = log.sets.filter((set) => !set.removed);

  const submit = handleSubmit((request) => {
    setFailure(null);
    correct.mutate(request, {
      onSuccess: () => {
        setNewNotification({
          title: 'Corrected',
          message: 'The correction is saved; the history keeps the old values.',
        });
        onClose();
      },
      onError: (error) => {
        setFailure(
          showFieldErrors(error, {
            setError,
            fieldOf: (path) => formFieldOf(path.split('.'), request, getValues()) as 'root',
          }),
        );
      },
    });
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Change what was logged wrong. The workout keeps a record of who changed what, and the values before.
      </p>
      <fieldset className="grid grid-cols-2 gap-x-3">
        <legend className="mb-2 text-sm font-semibold text-foreground">Session</legend>
        <TextField
          label="Duration (minutes)"
          inputMode="numeric"
          error={errors.durationMinutes?.message}
          {...register('durationMinutes')}
        />
        <TextField
          label="Session RPE (1-10)"
          inputMode="decimal"
          error={errors.sessionRpe?.message}
          {...register('sessionRpe')}
        />
        <div className="col-span-2">
          <label htmlFor={notesId} className="mb-1.5 block text-sm font-medium text-foreground">
            Notes
          </label>
          <textarea
            id={notesId}
            rows={2}
            className={`${smallField} border-border py-2`}
            aria-invalid={errors.notes ? true : undefined}
            {...register('notes')}
          />
          {errors.notes ? <p className="mt-1 text-sm text-danger">{errors.notes.message}</p> : null}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-foreground">Sets</legend>
        <div className="max-h-[45dvh] overflow-y-auto rounded-xl border border-border">
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-muted text-xs font-semibold text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 text-left">
                  Set
                </th>
                <th scope="col" className="w-16 px-1 py-2 text-left">
                  Reps
                </th>
                <th scope="col" className="w-20 px-1 py-2 text-left">
                  Load
                </th>
                <th scope="col" className="w-16 px-1 py-2 text-left">
                  RPE
                </th>
                <th scope="col" className="w-12 px-2 py-2 text-center">
                  Done
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {sets.map((set, index) => {
                const name = `${set.exerciseName}, set ${set.setNumber}`;
                const rowErrors = errors.sets?.[index];
                const problem =
                  rowErrors?.reps?.message ?? rowErrors?.load?.message ?? rowErrors?.rpe?.message;
                // A heading row where the exercise changes: on a phone the set column has room for "Set 2" only.
                const startsExercise = sets[index - 1]?.blockExerciseId !== set.blockExerciseId;
                return (
                  <Fragment key={set.id}>
                    {startsExercise ? (
                      <tr className="bg-muted/50">
                        <th
                          scope="colgroup"
                          colSpan={5}
                          className="px-3 py-1.5 text-left font-semibold text-foreground"
                        >
                          {set.exerciseName}
                        </th>
                      </tr>
                    ) : null}
                    <tr>
                      <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                        <span className="text-foreground">Set {set.setNumber}</span>
                        {problem ? (
                          <span className="block text-xs whitespace-normal text-danger">{problem}</span>
                        ) : null}
                      </th>
                      <td className="px-1 py-1.5">
                        <input
                          aria-label={`Reps, ${name}`}
                          inputMode="numeric"
                          aria-invalid={rowErrors?.reps ? true : undefined}
                          className={`${smallField} ${rowErrors?.reps ? 'border-danger' : 'border-border'}`}
                          {...register(`sets.${index}.reps`)}
                        />
                      </td>
                      <td className="px-1 py-1.5">
                        <input
                          aria-label={`Load (${set.loadUnit ?? log.volumeUnit}), ${name}`}
                          inputMode="decimal"
                          aria-invalid={rowErrors?.load ? true : undefined}
                          className={`${smallField} ${rowErrors?.load ? 'border-danger' : 'border-border'}`}
                          {...register(`sets.${index}.load`)}
                        />
                      </td>
                      <td className="px-1 py-1.5">
                        <input
                          aria-label={`RPE, ${name}`}
                          inputMode="decimal"
                          aria-invalid={rowErrors?.rpe ? true : undefined}
                          className={`${smallField} ${rowErrors?.rpe ? 'border-danger' : 'border-border'}`}
                          {...register(`sets.${index}.rpe`)}
                        />
                      </td>
                      <td className="px-2 py-1.5 text-center">
                        <input
                          type="checkbox"
                          aria-label={`Done, ${name}`}
                          className="size-5 accent-(--color-primary)"
                          {...register(`sets.${index}.done`)}
                        />
                      </td>
                    </tr>
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>

      <TextField
        label="Why (optional)"
        placeholder="Counted wrong on set 2"
        error={errors.reason?.message}
        {...register('reason')}
      />

      {errors.root?.message ? (
        <Alert tone="warning" title="Nothing to save yet.">
          {errors.root.message}
        </Alert>
      ) : null}
      {failure ? <Alert title="The correction was not saved.">{failure}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isPending={correct.isPending} pendingLabel="Saving…">
          Save the correction
        </Button>
      </div>
    </form>
  );
}
