import type { Measure, WeightUnit } from '@contract';
import type { LastTimeOfExercise } from '@contract/last-time';
import { defaultBarWeight, isBarbellExercise, platesPerSide } from '@contract/strength';
import { useQuery } from '@tanstack/react-query';
import { memo, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { BookIcon, CheckIcon, PencilIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import type { Formats } from '@/lib/format/use-formats';
import { useFormats } from '@/lib/format/use-formats';
import { markSetDone, saveExercise, saveSet, saveSets } from '@/lib/tracking-sync/log-actions';
import { trackingQueries } from '@/lib/tracking-sync/tracking-queries';
import type { ExercisePlan, PerformedValues, SetRow } from '@/lib/tracking-plan/planned-sets';
import { setFieldsOf, setsAsPrescribed } from '@/lib/tracking-plan/planned-sets';
import { unlockRestBeep } from '../rest-beep';
import { ExerciseInfoDialog } from './exercise-info-dialog';
import { SwapExerciseDialog } from './swap-exercise-dialog';

interface Field {
  key: keyof PerformedValues;
  label: string;
  unit?: (row: SetRow) => string | null;
  step: string;
  min: number;
  max: number;
}

const fieldsByMeasure: Partial<Record<Measure, Field>> = {
  reps: { key: 'reps', label: 'Reps', step: '1', min: 0, max: 1000 },
  load: { key: 'load', label: 'Load', unit: (row) => row.values.loadUnit, step: 'any', min: 0, max: 2000 },
  rpe: { key: 'rpe', label: 'RPE', step: '0.5', min: 1, max: 10 },
  time: { key: 'timeSeconds', label: 'Time', unit: () => 's', step: '1', min: 0, max: 86_400 },
  distance: {
    key: 'distance',
    label: 'Distance',
    unit: (row) => row.values.distanceUnit ?? 'm',
    step: 'any',
    min: 0,
    max: 100_000,
  },
  velocity: { key: 'velocityMph', label: 'Velocity', unit: () => 'mph', step: '0.1', min: 0, max: 130 },
};

/** The inputs an exercise's sets show: the measures it takes (a %1RM is logged as a load). */
function fieldsOf(measures: readonly Measure[]): Field[] {
  const wanted = new Set<Measure>(measures);
  if (wanted.has('percentOneRm')) wanted.add('load');
  return (['reps', 'load', 'rpe', 'time', 'distance', 'velocity'] as const)
    .filter((measure) => wanted.has(measure))
    .flatMap((measure) => (fieldsByMeasure[measure] ? [fieldsByMeasure[measure]] : []));
}

/** The exercise at the athlete's last completed workout; nothing when that is this very log. */
function lastTime(
  lastTimeOfExercise: LastTimeOfExercise | undefined,
  logId: string,
  formats: Formats,
): string | null {
  const last = lastTimeOfExercise?.last;
  if (!last || !lastTimeOfExercise || last.logId === logId) return null;
  const { unit } = lastTimeOfExercise;
  const day = formats.day(last.date, 'shortDay');
  const parts = [
    last.topSet ? `${formats.load(last.topSet.load, unit)} × ${last.topSet.reps}` : null,
    last.estimatedOneRm ? `e1RM ${formats.load(Math.round(last.estimatedOneRm), unit)}` : null,
    last.bestVelocityMph ? `${last.bestVelocityMph} mph` : null,
    `${last.doneSets} ${last.doneSets === 1 ? 'set' : 'sets'}`,
  ].filter(Boolean);
  return `Last time (${day}): ${parts.join(' · ')}`;
}

/**
 * The plates to load for the next set not done of a barbell exercise, in the set's unit: on the organisation's bar
 * when the set is in the organisation's unit, else on that unit's standard bar.
 */
function nextPlates(plan: ExercisePlan, weightUnit: WeightUnit, barWeight: number): string | null {
  if (!isBarbellExercise({ name: plan.exerciseName, category: plan.category, measures: plan.measures }))
    return null;
  const index = plan.rows.findIndex((row) => !row.done);
  const row = plan.rows[index];
  if (!row || row.values.load === null) return null;
  const unit = row.values.loadUnit ?? weightUnit;
  const bar = unit === weightUnit ? barWeight : defaultBarWeight[unit];
  const plates = platesPerSide(row.values.load, unit, bar);
  if (!plates) return null;
  const perSide = plates.plates.length > 0 ? `${plates.plates.join(' + ')} a side` : 'the empty bar';
  const leftover = plates.leftover > 0 ? ` (${plates.leftover} ${unit} short)` : '';
  return `Set ${index + 1}, ${row.values.load} ${unit}: ${perSide} on a ${bar} ${unit} bar${leftover}`;
}

/**
 * One exercise of the workout being tracked: its sets, "last time", notes, swap, add a set. Memoised: a tap
 * re-renders the exercise it changed, not the whole workout (issue 15: on screen within one frame).
 */
export const ExerciseCard = memo(function ExerciseCard({
  logId,
  beginLog,
  athleteId,
  plan,
  weightUnit,
  barWeight,
  isLocked,
}: {
  logId: string;
  /**
   * Before the workout is started (its preview): starts it and answers the new log's id, so the first change of a
   * set is also the start (ADR 045). Stable across renders, as the card is memoised.
   */
  beginLog?: () => string;
  athleteId: string;
  plan: ExercisePlan;
  weightUnit: WeightUnit;
  /** The organisation's bar, in its unit. */
  barWeight: number;
  isLocked: boolean;
}) {
  const lastTimeOfExercise = useQuery(trackingQueries.lastTime(athleteId, plan.exerciseId));
  const [isSwapping, setIsSwapping] = useState(false);
  const [isReading, setIsReading] = useState(false);
  const [isWritingNotes, setIsWritingNotes] = useState(false);
  const fields = fieldsOf(plan.measures);
  const headingId = useId();
  const notesId = useId();
  const formats = useFormats();
  const last = lastTime(lastTimeOfExercise.data, logId, formats);
  const plates = isLocked ? null : nextPlates(plan, weightUnit, barWeight);
  const logOfChange = beginLog ?? (() => logId);

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-surface p-3 shadow-xs sm:p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-foreground">
            <span className="mr-1.5 text-muted-foreground">{plan.label}</span>
            {plan.exerciseName}
          </h3>
          <p className="text-sm text-muted-foreground">
            {plan.prescription}
            {plan.swappedFrom ? ` · instead of ${plan.swappedFrom}` : ''}
          </p>
          {last ? <p className="mt-0.5 text-sm font-medium text-foreground">{last}</p> : null}
          {plan.coachNotes ? <p className="mt-1 text-sm text-muted-foreground">{plan.coachNotes}</p> : null}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            className="min-h-9 px-2.5"
            aria-label={`How to do ${plan.exerciseName}`}
            onClick={() => setIsReading(true)}
          >
            <BookIcon className="size-4" />
            How to
          </Button>
          {!isLocked ? (
            <Button variant="ghost" className="min-h-9 px-2.5" onClick={() => setIsSwapping(true)}>
              Swap
            </Button>
          ) : null}
        </div>
      </div>

      <ol className="mt-3 space-y-1.5">
        {plan.rows.map((row, index) => (
          <SetRowView
            key={row.key}
            logOfChange={logOfChange}
            plan={plan}
            row={row}
            position={index + 1}
            fields={fields}
            weightUnit={weightUnit}
            isLocked={isLocked}
          />
        ))}
      </ol>
      {plates ? (
        <p className="mt-2 text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">Plates </span>
          {plates}
        </p>
      ) : null}
      {plan.rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No sets: add one if it was done.</p>
      ) : null}

      {!isLocked ? (
        <div className="mt-1 flex flex-wrap gap-1">
          {/* Kept when all is done (disabled): the cards below do not move up under the finger. */}
          <Button
            variant="ghost"
            className="min-h-9 px-2.5"
            aria-label={`Log ${plan.exerciseName} as prescribed`}
            disabled={plan.rows.every((row) => row.done)}
            onClick={() => saveSets(logOfChange(), setsAsPrescribed([plan]))}
          >
            <CheckIcon className="size-4" />
            Log as prescribed
          </Button>
          <Button
            variant="ghost"
            className="min-h-9 px-2.5"
            aria-label={`Add a set to ${plan.exerciseName}`}
            onClick={() => {
              const previous = plan.rows.at(-1);
              saveSet(logOfChange(), null, {
                blockExerciseId: plan.blockExerciseId,
                exerciseId: plan.exerciseId,
                setNumber: plan.nextSetNumber,
                ...(previous?.values ?? {
                  reps: null,
                  load: null,
                  loadUnit: null,
                  rpe: null,
                  timeSeconds: null,
                  distance: null,
                  distanceUnit: null,
                  velocityMph: null,
                }),
                done: false,
              });
            }}
          >
            <PlusIcon className="size-4" />
            Add a set
          </Button>
          {plan.notes === null && !isWritingNotes ? (
            <Button
              variant="ghost"
              className="min-h-9 px-2.5"
              aria-label={`Notes on ${plan.exerciseName}`}
              onClick={() => setIsWritingNotes(true)}
            >
              <PencilIcon className="size-4" />
              Notes
            </Button>
          ) : null}
        </div>
      ) : null}

      {plan.notes !== null || isWritingNotes ? (
        <div className="mt-2">
          <label htmlFor={notesId} className="text-xs font-semibold text-muted-foreground">
            Notes on {plan.exerciseName}
          </label>
          <NotesField
            id={notesId}
            value={plan.notes ?? ''}
            disabled={isLocked}
            onCommit={(notes) =>
              saveExercise(logOfChange(), plan.blockExerciseId, {
                exerciseId: plan.exerciseId,
                exerciseName: plan.exerciseName,
                notes: notes.trim() === '' ? null : notes.trim(),
              })
            }
          />
        </div>
      ) : null}

      {isReading ? <ExerciseInfoDialog plan={plan} onClose={() => setIsReading(false)} /> : null}
      {isSwapping ? (
        <SwapExerciseDialog
          plan={plan}
          onClose={() => setIsSwapping(false)}
          onSwap={(exercise) => {
            const target = logOfChange();
            saveExercise(target, plan.blockExerciseId, {
              exerciseId: exercise.id,
              exerciseName: exercise.name,
              notes: plan.notes,
            });
            // Sets not yet done are now of the exercise done instead.
            for (const row of plan.rows) {
              if (row.setId && !row.done) {
                saveSet(target, row.setId, { ...setFieldsOf(plan, row, {}), exerciseId: exercise.id });
              }
            }
            setIsSwapping(false);
          }}
        />
      ) : null}
    </section>
  );
});

function SetRowView({
  logOfChange,
  plan,
  row,
  position,
  fields,
  weightUnit,
  isLocked,
}: {
  /** The log a change goes to (starting it first on the preview). */
  logOfChange: () => string;
  plan: ExercisePlan;
  row: SetRow;
  position: number;
  fields: Field[];
  weightUnit: WeightUnit;
  isLocked: boolean;
}) {
  const name = `Set ${position} of ${plan.exerciseName}`;
  const change = (changes: Partial<PerformedValues>) =>
    saveSet(logOfChange(), row.setId, setFieldsOf(plan, row, changes));
  return (
    <li
      aria-label={name}
      // One line on a phone: the fields share what the number and the buttons leave.
      style={{
        gridTemplateColumns: `1.25rem repeat(${fields.length}, minmax(2.75rem, 6rem)) minmax(max-content, 1fr)`,
      }}
      className={`grid items-end gap-1.5 rounded-xl border px-2 py-1.5 ${row.done ? 'border-success/40 bg-success/5' : 'border-border'}`}
    >
      <span className="self-end pb-3 text-sm font-semibold text-foreground">{position}</span>
      {fields.map((field) => (
        <NumberField
          key={field.key}
          label={field.label}
          accessibleName={`${field.label}, set ${position} of ${plan.exerciseName}`}
          showLabel={position === 1}
          unit={field.unit?.(row) ?? null}
          value={row.values[field.key] as number | null}
          step={field.step}
          min={field.min}
          max={field.max}
          disabled={isLocked}
          onCommit={(value) => {
            const changes: Partial<PerformedValues> = { [field.key]: value };
            if (field.key === 'load')
              changes.loadUnit = value === null ? null : (row.values.loadUnit ?? weightUnit);
            if (field.key === 'distance') {
              changes.distanceUnit = value === null ? null : (row.values.distanceUnit ?? 'm');
            }
            change(changes);
          }}
        />
      ))}
      <div className="flex items-center justify-end gap-0.5">
        {!isLocked ? (
          <button
            type="button"
            aria-label={`Remove set ${position} of ${plan.exerciseName}`}
            onClick={() => saveSet(logOfChange(), row.setId, setFieldsOf(plan, row, {}), true)}
            className="inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-danger focus-visible:outline-2 focus-visible:outline-ring"
          >
            <TrashIcon className="size-4" />
          </button>
        ) : null}
        <button
          type="button"
          aria-pressed={row.done}
          aria-label={`${name} done`}
          disabled={isLocked}
          onClick={() => {
            unlockRestBeep();
            markSetDone(
              logOfChange(),
              row.setId,
              setFieldsOf(plan, row, { done: !row.done }),
              row.restSeconds,
            );
          }}
          className={`inline-flex size-12 items-center justify-center rounded-xl border-2 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-70 ${row.done ? 'border-success bg-success text-white' : 'border-border-strong bg-surface text-muted-foreground hover:border-success'}`}
        >
          <CheckIcon className="size-6" />
        </button>
      </div>
    </li>
  );
}

/** A number typed freely and saved when the person leaves the field (or presses Enter), not per keystroke. */
function NumberField({
  label,
  accessibleName,
  unit,
  value,
  step,
  min,
  max,
  disabled,
  showLabel,
  onCommit,
}: {
  label: string;
  accessibleName: string;
  /** The first set's fields carry the column's label; the others line up under it. */
  showLabel: boolean;
  unit: string | null;
  value: number | null;
  step: string;
  min: number;
  max: number;
  disabled: boolean;
  onCommit: (value: number | null) => void;
}) {
  const id = useId();
  const shown = value === null ? '' : String(value);
  // What is being typed; null when not typing, so another device's later change shows as it arrives.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? shown;
  const commit = () => {
    setDraft(null);
    const trimmed = text.trim();
    const next = trimmed === '' ? null : Number(trimmed);
    if (next !== null && (!Number.isFinite(next) || next < min || next > max)) return;
    if (next !== value) onCommit(next);
  };
  return (
    <div className="min-w-0">
      <label
        htmlFor={id}
        className={showLabel ? 'block text-xs font-medium text-muted-foreground' : 'sr-only'}
      >
        {label}
        {unit ? ` (${unit})` : ''}
      </label>
      <input
        id={id}
        aria-label={accessibleName}
        type="number"
        inputMode="decimal"
        step={step}
        min={min}
        max={max}
        value={text}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
        className="block min-h-11 w-full [appearance:textfield] rounded-lg border border-border bg-surface px-1.5 text-base [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none text-foreground tabular-nums shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring disabled:bg-muted sm:text-sm"
      />
    </div>
  );
}

function NotesField({
  id,
  value,
  disabled,
  onCommit,
}: {
  id: string;
  value: string;
  disabled: boolean;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value;
  return (
    <textarea
      id={id}
      rows={1}
      value={text}
      disabled={disabled}
      maxLength={4000}
      placeholder="How it felt, what changed"
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        setDraft(null);
        if (text !== value) onCommit(text);
      }}
      className="mt-1 block min-h-11 w-full rounded-lg border border-border bg-surface px-3 py-2 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring disabled:bg-muted sm:text-sm"
    />
  );
}
