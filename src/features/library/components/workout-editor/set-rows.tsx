import type { Measure, WeightUnit } from '@contract';
import { distanceUnits, measureLabels } from '@contract/training-vocabulary';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { CloseIcon, PlusIcon } from '@/components/ui/icons';
import type { SetFormValues, WorkoutFormValues } from '../../workout-form';
import { emptySetForm, errorAt, measureInput, messageAt } from '../../workout-form';
import { CopyDownIcon } from '../library-icons';
import { RowActionsMenu } from '@/components/widgets/row-actions-menu';
import { DragHandle, SortableItem, SortableList } from '@/components/widgets/sortable-list';

type SetPath = `blocks.${number}.exercises.${number}.sets`;

interface SetRowsProps {
  path: SetPath;
  /** "A1 Trap-bar deadlift", for the inputs' names. */
  slotLabel: string;
  measures: readonly Measure[];
  weightUnit: WeightUnit;
}

const columnLabel = (measure: Measure, weightUnit: WeightUnit): string =>
  measure === 'load'
    ? `Load (${weightUnit})`
    : measure === 'velocity'
      ? 'Velo (mph)'
      : measureLabels[measure];

const placeholders: Partial<Record<Measure, string>> = {
  reps: '8-12',
  percentOneRm: '75',
  rpe: '8',
  time: '0:30',
  pitchCount: '25',
};

const inputClass =
  'block h-10 w-full min-w-0 rounded-md border bg-surface px-1.5 text-base text-foreground tabular-nums shadow-xs placeholder:text-muted-foreground/60 focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';

/** The columns of a set row: one per measure the exercise takes, then rest. */
function gridTemplate(measures: readonly Measure[]): string {
  // Narrow enough for four measures and rest on a 390 px phone, and no wider than a number needs on a desktop.
  const widths = measures.map((measure) =>
    measure === 'distance' ? 'minmax(5.5rem,9rem)' : 'minmax(2.5rem,6.5rem)',
  );
  return `2.25rem 1.5rem ${widths.join(' ')} minmax(2.5rem,6.5rem) auto`;
}

/** The prescribed sets of one exercise in a block: typed row by row, reordered by drag, copied down. */
export function SetRows({ path, slotLabel, measures, weightUnit }: SetRowsProps) {
  const { control, register, getValues, setValue } = useFormContext<WorkoutFormValues>();
  const { errors } = useFormState({ control, name: path });
  const { fields, append, remove, move } = useFieldArray({ control, name: path });
  const template = gridTemplate(measures);
  const setsProblem = messageAt(errors, path);

  const copyDown = (index: number) => {
    const source = getValues(`${path}.${index}`);
    for (let below = index + 1; below < fields.length; below += 1) {
      setValue(`${path}.${below}`, { ...source }, { shouldDirty: true });
    }
  };

  return (
    <div className="space-y-2">
      {fields.length > 0 ? (
        <div className="-mx-1 overflow-x-auto px-1">
          <div className="min-w-fit">
            <div
              className="grid items-end gap-1 pb-1 text-xs font-semibold text-muted-foreground"
              style={{ gridTemplateColumns: template }}
              aria-hidden="true"
            >
              <span />
              <span className="text-center">Set</span>
              {measures.map((measure) => (
                <span key={measure} className="truncate">
                  {columnLabel(measure, weightUnit)}
                </span>
              ))}
              <span>Rest</span>
              <span />
            </div>
            <SortableList
              ids={fields.map((field) => field.id)}
              labelOf={(id) => `set ${fields.findIndex((field) => field.id === id) + 1} of ${slotLabel}`}
              onMove={move}
            >
              <ol className="space-y-1.5">
                {fields.map((field, index) => {
                  const setPath = `${path}.${index}` as const;
                  const setErrors = errorAt(errors, setPath);
                  const fieldError = (key: string) =>
                    (setErrors?.[key] as { message?: string } | undefined)?.message;
                  // The set's own problem (no target) first, then each box's, in the order of the row.
                  const messages = [
                    typeof setErrors?.message === 'string' ? setErrors.message : undefined,
                    ...[...measures.map((measure) => measureInput[measure]), 'rest'].map(fieldError),
                  ].filter((message): message is string => Boolean(message));
                  const errorId = `${field.id}-errors`;
                  const described = messages.length > 0 ? errorId : undefined;
                  const name = `Set ${index + 1} of ${slotLabel}`;
                  return (
                    <SortableItem
                      key={field.id}
                      id={field.id}
                      handleLabel={`Move set ${index + 1}`}
                      className="rounded-lg bg-surface"
                    >
                      <div className="grid items-center gap-1" style={{ gridTemplateColumns: template }}>
                        <DragHandle />
                        <span className="text-center text-sm font-semibold text-muted-foreground tabular-nums">
                          {index + 1}
                        </span>
                        {measures.map((measure) => {
                          const input = measureInput[measure];
                          const invalid = Boolean(fieldError(input));
                          if (measure === 'distance') {
                            return (
                              <div key={measure} className="flex gap-1">
                                <input
                                  aria-label={`${name}: Distance`}
                                  inputMode="decimal"
                                  autoComplete="off"
                                  aria-invalid={invalid || undefined}
                                  aria-describedby={described}
                                  className={`${inputClass} ${invalid ? 'border-danger' : 'border-border'}`}
                                  {...register(`${setPath}.distance`)}
                                />
                                <select
                                  aria-label={`${name}: distance unit`}
                                  className="h-10 rounded-md border border-border bg-surface px-1 text-sm"
                                  {...register(`${setPath}.distanceUnit`)}
                                >
                                  {distanceUnits.map((unit) => (
                                    <option key={unit} value={unit}>
                                      {unit}
                                    </option>
                                  ))}
                                </select>
                              </div>
                            );
                          }
                          const loadUnit = measure === 'load' ? getValues(`${setPath}.loadUnit`) : weightUnit;
                          return (
                            <input
                              key={measure}
                              aria-label={`${name}: ${measureLabels[measure]}${measure === 'load' ? ` in ${loadUnit}` : ''}`}
                              inputMode={measure === 'reps' || measure === 'time' ? 'text' : 'decimal'}
                              autoComplete="off"
                              // A hint of the format on the first row only: on every row it reads like a value.
                              placeholder={index === 0 ? placeholders[measure] : undefined}
                              aria-invalid={invalid || undefined}
                              aria-describedby={described}
                              className={`${inputClass} ${invalid ? 'border-danger' : 'border-border'}`}
                              {...register(
                                `${setPath}.${input}` as `${typeof setPath}.${keyof SetFormValues}`,
                              )}
                            />
                          );
                        })}
                        <input
                          aria-label={`${name}: rest`}
                          autoComplete="off"
                          placeholder={index === 0 ? 'm:ss' : undefined}
                          aria-invalid={Boolean(fieldError('rest')) || undefined}
                          aria-describedby={described}
                          className={`${inputClass} ${fieldError('rest') ? 'border-danger' : 'border-border'}`}
                          {...register(`${setPath}.rest`)}
                        />
                        <span className="flex justify-end">
                          {index < fields.length - 1 ? (
                            <button
                              type="button"
                              onClick={() => copyDown(index)}
                              aria-label={`Copy set ${index + 1} to the sets below`}
                              title="Copy to the sets below"
                              className="hidden size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring sm:inline-flex"
                            >
                              <CopyDownIcon className="size-4" />
                            </button>
                          ) : null}
                          <button
                            type="button"
                            onClick={() => remove(index)}
                            aria-label={`Remove set ${index + 1}`}
                            title="Remove set"
                            className="hidden size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-danger/10 hover:text-danger focus-visible:outline-2 focus-visible:outline-ring sm:inline-flex"
                          >
                            <CloseIcon className="size-4" />
                          </button>
                          {/* A phone has room for one button: the same two actions in a menu. */}
                          <span className="sm:hidden">
                            <RowActionsMenu
                              label={`Actions for set ${index + 1}`}
                              actions={[
                                ...(index < fields.length - 1
                                  ? [{ id: 'copy', label: 'Copy to the sets below', icon: CopyDownIcon }]
                                  : []),
                                { id: 'remove', label: 'Remove set', icon: CloseIcon, danger: true },
                              ]}
                              onAction={(id) => (id === 'copy' ? copyDown(index) : remove(index))}
                            />
                          </span>
                        </span>
                      </div>
                      {messages.length > 0 ? (
                        <p id={errorId} className="mt-1 pl-16 text-sm text-danger">
                          {messages.join(' · ')}
                        </p>
                      ) : null}
                    </SortableItem>
                  );
                })}
              </ol>
            </SortableList>
          </div>
        </div>
      ) : null}
      {setsProblem ? <p className="text-sm text-danger">{setsProblem}</p> : null}
      <button
        type="button"
        onClick={() => {
          const last = fields.length > 0 ? getValues(`${path}.${fields.length - 1}`) : null;
          // A new set starts as a copy of the last one: sets of an exercise are usually alike.
          append(last ? { ...last } : emptySetForm(weightUnit), { shouldFocus: true });
        }}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-primary-ink hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-ring"
      >
        <PlusIcon className="size-4" />
        Add set
      </button>
    </div>
  );
}
