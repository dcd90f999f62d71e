import type { Program, ProgramPreview, ProgressionRule, WeightUnit } from '@contract';
import { describeSets } from '@contract';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CloseIcon, PlusIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';

/** The progression as the form holds it: the contract's shape, every change null when not given. */
export interface ProgressionDraft {
  rules: ProgressionRule[];
  deloads: { week: number; volumePercent: number }[];
}

export const draftOf = (program: Program): ProgressionDraft => ({
  rules: program.progression?.rules.map((rule) => ({ ...rule })) ?? [],
  deloads: program.progression?.deloads.map((deload) => ({ ...deload })) ?? [],
});

const emptyRule = (exerciseId: string | null, weightUnit: WeightUnit): ProgressionRule => ({
  exerciseId,
  percentOneRm: null,
  load: null,
  loadUnit: weightUnit,
  sets: null,
  reps: null,
});

/** A number field's value: empty is null (no change). */
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

const selectClass =
  'block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';

interface ProgressionEditorProps {
  draft: ProgressionDraft;
  exercises: Program['exercises'];
  weightUnit: WeightUnit;
  errors: Record<string, string>;
  onChange: (draft: ProgressionDraft) => void;
}

/**
 * How the program's weeks change from week 1, as coaches write it: per week +2.5 %1RM, +5 lb, +1 set or +1 rep,
 * for every exercise or one of them, and deload weeks at a share of the volume.
 */
export function ProgressionEditor({
  draft,
  exercises,
  weightUnit,
  errors,
  onChange,
}: ProgressionEditorProps) {
  const headingId = useId();
  const setRule = (index: number, change: Partial<ProgressionRule>) =>
    onChange({
      ...draft,
      rules: draft.rules.map((rule, position) => (position === index ? { ...rule, ...change } : rule)),
    });
  const setDeload = (index: number, change: Partial<ProgressionDraft['deloads'][number]>) =>
    onChange({
      ...draft,
      deloads: draft.deloads.map((deload, position) =>
        position === index ? { ...deload, ...change } : deload,
      ),
    });
  const ruleFor = (rule: ProgressionRule) =>
    rule.exerciseId === null
      ? 'every exercise'
      : (exercises.find((exercise) => exercise.id === rule.exerciseId)?.name ?? 'an exercise');
  const freeExercise = exercises.find(
    (exercise) => !draft.rules.some((rule) => rule.exerciseId === exercise.id),
  );
  const hasProgramRule = draft.rules.some((rule) => rule.exerciseId === null);

  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <section aria-labelledby={headingId} className="space-y-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-foreground">
            Progression, week by week
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Week 1 is the program as written. Each later week adds these changes again; a deload week keeps
            the week before&apos;s numbers with fewer sets. Applying the program writes each week&apos;s
            numbers into the athletes&apos; workouts.
          </p>
        </div>

        {draft.rules.length === 0 && draft.deloads.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-3 py-4 text-sm text-muted-foreground">
            Every week repeats week 1. Add a rule such as +2.5 % of 1RM a week, or a deload week.
          </p>
        ) : null}

        <ul className="space-y-3">
          {draft.rules.map((rule, index) => {
            const field = (name: string) => errors[`progression.rules.${index}.${name}`];
            return (
              <li
                key={index}
                aria-label={`Rule for ${ruleFor(rule)}`}
                className="relative rounded-xl border border-border bg-muted/30 px-3 pt-3"
              >
                <div className="grid grid-cols-2 gap-x-3 sm:grid-cols-[minmax(0,1.4fr)_repeat(4,minmax(0,1fr))_auto] sm:items-start">
                  <div className="col-span-2 pr-12 sm:col-span-1 sm:pr-0">
                    <label className="mb-1.5 block text-sm font-medium text-foreground">
                      For
                      <select
                        className={`${selectClass} mt-1.5 font-normal`}
                        value={rule.exerciseId ?? ''}
                        aria-invalid={field('exerciseId') ? true : undefined}
                        onChange={(event) => setRule(index, { exerciseId: event.target.value || null })}
                      >
                        <option value="">Every exercise</option>
                        {exercises.map((exercise) => (
                          <option key={exercise.id} value={exercise.id}>
                            {exercise.name}
                          </option>
                        ))}
                      </select>
                    </label>
                    <p className="mt-1 mb-2 min-h-5 text-sm text-danger">{field('exerciseId') ?? ''}</p>
                  </div>
                  <TextField
                    label="%1RM a week"
                    type="number"
                    inputMode="decimal"
                    step={0.5}
                    placeholder="+2.5"
                    value={rule.percentOneRm ?? ''}
                    error={field('percentOneRm')}
                    onChange={(event) => setRule(index, { percentOneRm: numberOrNull(event.target.value) })}
                  />
                  <div>
                    <TextField
                      label={`Load a week (${rule.loadUnit ?? weightUnit})`}
                      type="number"
                      inputMode="decimal"
                      step={0.5}
                      placeholder={weightUnit === 'kg' ? '+2.5' : '+5'}
                      value={rule.load ?? ''}
                      error={field('load') ?? field('loadUnit')}
                      onChange={(event) =>
                        setRule(index, {
                          load: numberOrNull(event.target.value),
                          loadUnit: rule.loadUnit ?? weightUnit,
                        })
                      }
                    />
                  </div>
                  <TextField
                    label="Sets a week"
                    type="number"
                    inputMode="numeric"
                    step={1}
                    placeholder="+1"
                    value={rule.sets ?? ''}
                    error={field('sets')}
                    onChange={(event) => setRule(index, { sets: numberOrNull(event.target.value) })}
                  />
                  <TextField
                    label="Reps a week"
                    type="number"
                    inputMode="numeric"
                    step={1}
                    placeholder="+1"
                    value={rule.reps ?? ''}
                    error={field('reps')}
                    onChange={(event) => setRule(index, { reps: numberOrNull(event.target.value) })}
                  />
                  <button
                    type="button"
                    onClick={() => onChange({ ...draft, rules: draft.rules.filter((_, at) => at !== index) })}
                    aria-label={`Remove the rule for ${ruleFor(rule)}`}
                    className="absolute top-9 right-2 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-ring sm:static sm:mt-7 sm:self-start"
                  >
                    <CloseIcon className="size-4" />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>

        {draft.deloads.length > 0 ? (
          <ul className="space-y-2">
            {draft.deloads.map((deload, index) => {
              const field = (name: string) => errors[`progression.deloads.${index}.${name}`];
              return (
                <li
                  key={index}
                  aria-label={`Deload week ${deload.week}`}
                  className="grid grid-cols-[1fr_1fr_auto] gap-x-3 rounded-xl border border-border bg-muted/30 px-3 pt-3 sm:max-w-lg"
                >
                  <TextField
                    label="Deload week"
                    type="number"
                    inputMode="numeric"
                    min={2}
                    value={deload.week}
                    error={field('week')}
                    onChange={(event) => setDeload(index, { week: Number(event.target.value) })}
                  />
                  <TextField
                    label="Volume (%)"
                    type="number"
                    inputMode="numeric"
                    value={deload.volumePercent}
                    error={field('volumePercent')}
                    onChange={(event) => setDeload(index, { volumePercent: Number(event.target.value) })}
                  />
                  <button
                    type="button"
                    onClick={() =>
                      onChange({ ...draft, deloads: draft.deloads.filter((_, at) => at !== index) })
                    }
                    aria-label={`Remove deload week ${deload.week}`}
                    className="mt-7 inline-flex size-11 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <CloseIcon className="size-4" />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}

        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={hasProgramRule && !freeExercise}
            onClick={() =>
              onChange({
                ...draft,
                rules: [
                  ...draft.rules,
                  emptyRule(hasProgramRule ? (freeExercise?.id ?? null) : null, weightUnit),
                ],
              })
            }
          >
            <PlusIcon className="size-4" />
            {hasProgramRule ? 'Add a rule for one exercise' : 'Add a weekly rule'}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              const last = Math.max(3, ...draft.deloads.map((deload) => deload.week));
              onChange({ ...draft, deloads: [...draft.deloads, { week: last + 1, volumePercent: 60 }] });
            }}
          >
            <PlusIcon className="size-4" />
            Add a deload week
          </Button>
        </div>
      </section>
    </Card>
  );
}

/** The preview's numbers: a row per exercise of each workout, a column per week, deloads marked. */
export function WeeklyNumbers({ preview }: { preview: ProgramPreview }) {
  if (preview.exercises.length === 0) return null;
  const byWorkout = new Map<string, ProgramPreview['exercises']>();
  for (const row of preview.exercises) {
    byWorkout.set(row.workout.name, [...(byWorkout.get(row.workout.name) ?? []), row]);
  }
  return (
    <section aria-label="Each week's numbers" className="space-y-2">
      <h3 className="text-sm font-semibold text-foreground">Each week&apos;s numbers</h3>
      <div className="max-h-[32rem] overflow-auto rounded-xl border border-border">
        <table className="w-full border-collapse text-left text-sm">
          <thead className="sticky top-0 z-20 bg-muted text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="sticky left-0 z-10 bg-muted px-3 py-2 font-semibold">
                Exercise
              </th>
              {preview.weeks.map((week) => (
                <th key={week.week} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                  Week {week.week}
                  {week.deloadPercent !== null ? (
                    <span className="ml-1.5 rounded bg-warning/15 px-1.5 py-0.5 font-medium text-warning-foreground">
                      Deload {week.deloadPercent} %
                    </span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          {[...byWorkout].map(([workout, rows]) => (
            <tbody key={workout} className="border-t border-border">
              <tr>
                <th
                  scope="colgroup"
                  colSpan={preview.weeks.length + 1}
                  className="bg-surface px-3 pt-2.5 pb-1 text-xs font-semibold tracking-wide text-primary uppercase"
                >
                  {/* Stays in view while the weeks scroll sideways on a phone. */}
                  <span className="sticky left-3">{workout}</span>
                </th>
              </tr>
              {rows.map((row) => (
                <tr key={`${row.workout.id}/${row.exercise.id}`} className="border-t border-border/60">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 w-32 min-w-32 bg-surface px-3 py-2 align-top font-medium text-foreground sm:w-44"
                  >
                    {row.exercise.name}
                  </th>
                  {preview.weeks.map((week) => {
                    const numbers = row.weeks.find((item) => item.week === week.week);
                    return (
                      <td
                        key={week.week}
                        className="min-w-28 px-3 py-2 align-top text-foreground tabular-nums sm:min-w-36"
                      >
                        {numbers ? (
                          describeSets(numbers.sets)
                        ) : (
                          <span className="text-muted-foreground">—</span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
