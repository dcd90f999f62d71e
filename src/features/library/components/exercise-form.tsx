import type { CreateExerciseRequest, ExerciseDetail, Measure, WorkoutCategory } from '@contract';
import {
  createExerciseRequestSchema,
  libraryLimits,
  measureLabels,
  measureNames,
  workoutCategoryLabels,
  workoutCategoryNames,
} from '@contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icons';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showFieldErrors, typedKeptOnDevice } from '@/lib/api/request-failure';
import { clearFormDraft, loadFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';
import { VideoPreview } from '@/components/widgets/video-preview';

export interface ExerciseFormValues {
  name: string;
  category: WorkoutCategory | '';
  measures: Measure[];
  unilateral: boolean;
  instructions: string;
  videoUrl: string;
}

export const emptyExerciseForm: ExerciseFormValues = {
  name: '',
  category: '',
  measures: [],
  unilateral: false,
  instructions: '',
  videoUrl: '',
};

/** The measures a new exercise of a category usually takes, ticked when the category is chosen first. */
const usualMeasures: Record<WorkoutCategory, Measure[]> = {
  'warm-up': ['reps', 'time'],
  mobility: ['reps', 'time'],
  lift: ['reps', 'load', 'percentOneRm', 'rpe'],
  throw: ['pitchCount', 'distance', 'velocity'],
  command: ['pitchCount'],
  sprint: ['distance', 'time'],
  plyo: ['reps'],
  'med-ball': ['reps', 'load'],
  fielding: ['reps', 'time'],
  hitting: ['reps', 'velocity'],
  'practice plan': ['time'],
};

export const exerciseFormOf = (exercise: ExerciseDetail): ExerciseFormValues => ({
  name: exercise.name,
  category: exercise.category,
  measures: exercise.measures,
  unilateral: exercise.unilateral,
  instructions: exercise.instructions ?? '',
  videoUrl: exercise.videoUrl ?? '',
});

const toRequest = (values: ExerciseFormValues) => ({
  ...values,
  category: values.category === '' ? undefined : values.category,
  instructions: values.instructions,
  videoUrl: values.videoUrl,
});

const contractResolver = zodResolver(createExerciseRequestSchema);

/** The contract's schema checks the form; an unchosen category says so in the form's words. */
const exerciseResolver: Resolver<ExerciseFormValues> = async (values, context, options) => {
  const result = await contractResolver(toRequest(values) as never, context, options as never);
  if (Object.keys(result.errors).length === 0) return { values, errors: {} };
  const errors = { ...result.errors } as Record<string, { type: string; message: string }>;
  if (values.category === '') errors.category = { type: 'required', message: 'Choose a category' };
  return { values: {}, errors: errors as never };
};

const readDraft = (saved: unknown): ExerciseFormValues | null => {
  if (typeof saved !== 'object' || saved === null) return null;
  const draft = { ...emptyExerciseForm, ...(saved as Partial<ExerciseFormValues>) };
  const ok =
    typeof draft.name === 'string' &&
    typeof draft.instructions === 'string' &&
    typeof draft.videoUrl === 'string' &&
    typeof draft.unilateral === 'boolean' &&
    Array.isArray(draft.measures) &&
    draft.measures.every((measure) => (measureNames as readonly string[]).includes(measure)) &&
    (draft.category === '' || (workoutCategoryNames as readonly string[]).includes(draft.category));
  return ok ? draft : null;
};

interface ExerciseFormProps {
  /** Kept as a draft under this key while typing (spec 3's form drafts). */
  draftKey: string;
  initial: ExerciseFormValues;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (request: CreateExerciseRequest, onError: (error: unknown) => void) => void;
  onCancel: () => void;
  /** A name given by the caller (typed into the picker) wins over an older draft. */
  preferInitialName?: boolean;
}

/** The caller clears the draft once the exercise is saved. */
export const clearExerciseDraft = (draftKey: string) => clearFormDraft(draftKey);

const fieldLabelClass = 'mb-1.5 block text-sm font-medium text-foreground';

/** An exercise's fields, on its own page or inside the workout editor; what was typed survives a failed save. */
export function ExerciseForm({
  draftKey,
  initial,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: ExerciseFormProps) {
  const [draft] = useState(() => loadFormDraft(draftKey, readDraft));
  const form = useForm<ExerciseFormValues>({
    defaultValues: draft ?? initial,
    resolver: exerciseResolver,
  });
  const { register, control, handleSubmit, setError, setValue, getValues, formState } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const categoryId = useId();
  const instructionsId = useId();
  const measuresErrorId = useId();

  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => saveFormDraft(draftKey, { ...values }),
      }),
    [form, draftKey],
  );

  const onServerError = (error: unknown) => {
    setFailure(
      showFieldErrors(error, {
        setError,
        fieldOf: (field) => (field in emptyExerciseForm ? (field as keyof ExerciseFormValues) : null),
        shouldFocus: true,
        keptMeanwhile: typedKeptOnDevice,
      }),
    );
  };

  const errors = formState.errors;
  const videoUrl = useWatch({ control, name: 'videoUrl' });
  const name = useWatch({ control, name: 'name' });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void handleSubmit((values) => {
          setFailure(null);
          onSubmit(createExerciseRequestSchema.parse(toRequest(values)), onServerError);
        })(event);
      }}
      className="space-y-1"
    >
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={libraryLimits.nameMaxLength}
        error={errors.name?.message}
        {...register('name')}
      />

      <div>
        <label htmlFor={categoryId} className={fieldLabelClass}>
          Category
        </label>
        <div className="relative">
          <select
            id={categoryId}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? `${categoryId}-error` : undefined}
            className={`block min-h-11 w-full appearance-none rounded-lg border bg-surface pr-9 pl-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${errors.category ? 'border-danger' : 'border-border'}`}
            {...register('category', {
              onChange: (event: { target: { value: string } }) => {
                const chosen = event.target.value as WorkoutCategory | '';
                // A fresh exercise gets the category's usual measures; ticked ones are the coach's and stay.
                if (chosen && getValues('measures').length === 0) {
                  setValue('measures', usualMeasures[chosen], { shouldDirty: true });
                }
              },
            })}
          >
            <option value="">Choose a category</option>
            {workoutCategoryNames.map((name) => (
              <option key={name} value={name}>
                {workoutCategoryLabels[name]}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
        </div>
        <p id={`${categoryId}-error`} className="mt-1 mb-2 min-h-5 text-sm text-danger">
          {errors.category?.message ?? ''}
        </p>
      </div>

      <Controller
        control={control}
        name="measures"
        render={({ field }) => (
          <fieldset aria-describedby={errors.measures ? measuresErrorId : undefined}>
            <legend className={fieldLabelClass}>Measured by</legend>
            <div className="flex flex-wrap gap-2">
              {measureNames.map((measure) => {
                const checked = field.value.includes(measure);
                return (
                  <label
                    key={measure}
                    className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring ${
                      checked
                        ? 'border-primary bg-primary-soft text-primary-ink'
                        : 'border-border bg-surface text-foreground hover:bg-muted'
                    }`}
                  >
                    <input
                      type="checkbox"
                      className="size-4 accent-[var(--color-primary)]"
                      checked={checked}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? measureNames.filter((name) => name === measure || field.value.includes(name))
                            : field.value.filter((name) => name !== measure),
                        )
                      }
                      onBlur={field.onBlur}
                    />
                    {measureLabels[measure]}
                  </label>
                );
              })}
            </div>
            <p id={measuresErrorId} className="mt-1 mb-2 min-h-5 text-sm text-danger">
              {errors.measures?.message ?? ''}
            </p>
          </fieldset>
        )}
      />

      <Controller
        control={control}
        name="unilateral"
        render={({ field }) => (
          <Switch
            label="One side at a time"
            description="Sets are done for each side (split squat, single-arm row)."
            checked={field.value}
            onCheckedChange={field.onChange}
          />
        )}
      />

      <div>
        <label htmlFor={instructionsId} className={fieldLabelClass}>
          Instructions <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <textarea
          id={instructionsId}
          rows={4}
          maxLength={libraryLimits.instructionsMaxLength}
          aria-invalid={errors.instructions ? true : undefined}
          className="block w-full rounded-lg border border-border bg-surface px-3 py-2 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
          placeholder="Set-up, the cues you give, what to feel"
          {...register('instructions')}
        />
        <p className="mt-1 mb-2 min-h-5 text-sm text-danger">{errors.instructions?.message ?? ''}</p>
      </div>

      <TextField
        label="Video link (optional)"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://youtu.be/…"
        error={errors.videoUrl?.message}
        {...register('videoUrl')}
      />
      {!errors.videoUrl ? <VideoPreview link={videoUrl} title={name} /> : null}

      {failure ? (
        <Alert title="The exercise was not saved." className="mt-3">
          <p>{failure}</p>
        </Alert>
      ) : null}

      <div className="flex flex-col-reverse gap-2 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isPending={isPending} pendingLabel="Saving…">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
