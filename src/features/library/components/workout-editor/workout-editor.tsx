import type { ExerciseRef, WeightUnit, Workout, WorkoutCategory } from '@contract';
import {
  libraryLimits,
  saveWorkoutRequestSchema,
  workoutCategoryLabels,
  workoutCategoryNames,
} from '@contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LeaveGuard } from '@/components/widgets/leave-guard';
import { ChevronDownIcon, DumbbellIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { requestFailureMessage, showFieldErrors } from '@/lib/api/request-failure';
import {
  clearDeviceFormDraft,
  loadDeviceFormDraft,
  saveDeviceFormDraft,
} from '@/lib/form-drafts/device-form-draft';
import { useNotificationActions } from '@/stores/notifications-store';
import { useTourStepCompletedWhen } from '@/stores/onboarding-tour-store';
import { workoutQueries } from '../../api/library-queries';
import { useCreateWorkout, useUpdateWorkout } from '../../api/workout-mutations';
import type { WorkoutDraft, WorkoutFormValues } from '../../workout-form';
import {
  emptySetForm,
  formFieldOf,
  messageAt,
  readWorkoutDraft,
  toSaveWorkoutRequest,
  workoutFormResolver,
} from '../../workout-form';
import { CategoryDot } from '@/components/ui/category-badge';
import { BlockCard } from './block-card';
import { ExercisePicker } from './exercise-picker';
import { NewExerciseDialog } from './new-exercise-dialog';
import { SortableItem, SortableList } from '@/components/widgets/sortable-list';
import { RestoredDraftNotice } from '@/components/widgets/restored-draft-notice';

const blockLetter = (index: number): string =>
  index < 26
    ? String.fromCharCode(65 + index)
    : `${String.fromCharCode(65 + Math.floor(index / 26) - 1)}${String.fromCharCode(65 + (index % 26))}`;

/** How many places a failed check marked, for the summary above the save button. */
function countErrors(errors: unknown): number {
  if (typeof errors !== 'object' || errors === null) return 0;
  const node = errors as Record<string, unknown>;
  const own = typeof node.message === 'string' ? 1 : 0;
  return (
    own +
    Object.entries(node)
      .filter(([key]) => !['message', 'type', 'ref', 'types'].includes(key))
      .reduce((sum, [, child]) => sum + countErrors(child), 0)
  );
}

interface WorkoutEditorProps {
  /** The saved workout being changed; absent for a new one. */
  workout?: Workout;
  initial: WorkoutFormValues;
  /** Where this editor keeps its draft on the device (per user and workout). */
  draftKey: string;
  weightUnit: WeightUnit;
}

type SaveProblem = { kind: 'conflict'; message: string } | { kind: 'failure'; message: string } | null;

/**
 * The workout editor: details, then blocks of exercises with their prescribed sets. Every change is kept on the
 * device at once, so a reload, a lost connection or a failed save loses nothing; leaving with changes asks first.
 */
export function WorkoutEditor({ workout, initial, draftKey, weightUnit }: WorkoutEditorProps) {
  const [restored, setRestored] = useState(() => loadDeviceFormDraft(draftKey, readWorkoutDraft));
  const baseVersion = restored?.values.baseVersion ?? workout?.version ?? null;
  const form = useForm<WorkoutFormValues>({
    defaultValues: restored?.values.values ?? initial,
    resolver: workoutFormResolver,
  });
  const { control, register, handleSubmit, formState, reset, setError } = form;
  const blocks = useFieldArray({ control, name: 'blocks' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { setNewNotification } = useNotificationActions();
  const [problem, setProblem] = useState<SaveProblem>(null);
  const [checkFailed, setCheckFailed] = useState(0);
  const [creating, setCreating] = useState<{
    start: { name: string; category: WorkoutCategory | '' };
    add: (exercise: ExerciseRef) => void;
  } | null>(null);
  const [isSaved, setIsSaved] = useState(false);
  /** Read by the draft subscription and the leave guard, which run outside render. */
  const savedRef = useRef(false);
  const categoryId = useId();
  const notesId = useId();

  const hasUnsaved = !isSaved && (formState.isDirty || restored !== null);
  const unsavedRef = useRef(hasUnsaved);
  useEffect(() => {
    unsavedRef.current = hasUnsaved;
  }, [hasUnsaved]);

  const onSaved = (saved: Workout, message: string) => {
    // Before the answer reaches the cache: the leave guard and the draft must not outlive a save.
    savedRef.current = true;
    unsavedRef.current = false;
    setIsSaved(true);
    clearDeviceFormDraft(draftKey);
    setNewNotification({ title: workout ? 'Workout saved' : 'Workout created', message });
    void navigate({ to: '/app/library', search: { q: saved.name } });
  };
  const create = useCreateWorkout(onSaved);
  const update = useUpdateWorkout(onSaved);
  const saving = create.isPending || update.isPending;

  // Every change goes to the device at once: a reload or a crash a moment later still has it.
  useEffect(() => {
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        if (savedRef.current) return;
        // The saved workout itself is no draft (a discard resets the form to it, which lands here too).
        if (
          baseVersion === (workout?.version ?? null) &&
          JSON.stringify(values) === JSON.stringify(initial)
        ) {
          clearDeviceFormDraft(draftKey);
          return;
        }
        const draft: WorkoutDraft = { values, baseVersion };
        saveDeviceFormDraft(draftKey, draft);
      },
    });
  }, [form, draftKey, baseVersion, workout?.version, initial]);

  const name = useWatch({ control, name: 'name' });
  const category = useWatch({ control, name: 'category' });
  useTourStepCompletedWhen('FILL_WORKOUT_FORM', name.trim() !== '' && blocks.fields.length > 0);

  const discardChanges = () => {
    clearDeviceFormDraft(draftKey);
    setRestored(null);
    setProblem(null);
    reset(initial);
  };

  /** After a 409: the newer version is read, and the editor starts again from it (it is keyed by version). */
  const loadSavedVersion = () => {
    clearDeviceFormDraft(draftKey);
    savedRef.current = true;
    unsavedRef.current = false;
    if (workout) void queryClient.invalidateQueries({ queryKey: workoutQueries.detail(workout.id).queryKey });
  };

  const onServerError = (error: unknown) => {
    if (isApiRequestError(error) && error.status === 409) {
      setProblem({ kind: 'conflict', message: error.message });
    } else if (isApiRequestError(error) && Object.keys(error.fields).length > 0) {
      setProblem(null);
      // Every path is a field of the editor's form (formFieldOf falls back to the nearest one).
      showFieldErrors(error, { setError, fieldOf: (path) => formFieldOf(path) as never });
      setCheckFailed(Object.keys(error.fields).length);
    } else {
      setProblem({
        kind: 'failure',
        message: requestFailureMessage(
          error,
          'Your workout is kept on this device; save again when you are back online.',
        ),
      });
    }
  };

  const onValid = (values: WorkoutFormValues) => {
    setProblem(null);
    setCheckFailed(0);
    const request = saveWorkoutRequestSchema.parse(toSaveWorkoutRequest(values, baseVersion ?? undefined));
    if (workout) {
      update.mutate({ workoutId: workout.id, workout: request }, { onError: onServerError });
    } else {
      create.mutate(request, { onError: onServerError });
    }
  };
  const onInvalid = (errors: FieldErrors<WorkoutFormValues>) => setCheckFailed(countErrors(errors));

  const addBlock = (exercise: ExerciseRef) =>
    blocks.append(
      {
        label: '',
        rounds: '1',
        rest: '',
        exercises: [{ exercise, notes: '', sets: [emptySetForm(weightUnit)] }],
      },
      { shouldFocus: false },
    );

  const errors = formState.errors;
  const rootProblem = messageAt(errors, 'blocks') ?? errors.root?.message;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        className="space-y-5"
      >
        {restored ? (
          <RestoredDraftNotice
            savedAt={restored.savedAt}
            startingPoint={workout ? 'the saved workout' : 'an empty form'}
            onDiscard={discardChanges}
          />
        ) : null}
        {workout?.archived ? (
          <Alert tone="warning" role="status" title="This workout is archived.">
            <p>It is hidden from the library’s list; restore it there to schedule it again.</p>
          </Alert>
        ) : null}

        <Card className="p-5 sm:p-6">
          <div className="grid gap-x-4 sm:grid-cols-[1fr_14rem]">
            <TextField
              label="Workout name"
              autoComplete="off"
              maxLength={libraryLimits.nameMaxLength}
              placeholder="Lower Body Strength A"
              error={errors.name?.message}
              {...register('name')}
            />
            <div>
              <label
                htmlFor={categoryId}
                className="mb-1.5 flex items-center gap-2 text-sm font-medium text-foreground"
              >
                Category
                {category ? <CategoryDot category={category} /> : null}
              </label>
              <div className="relative">
                <select
                  id={categoryId}
                  aria-invalid={errors.category ? true : undefined}
                  aria-describedby={errors.category ? `${categoryId}-error` : undefined}
                  className={`block min-h-11 w-full appearance-none rounded-lg border bg-surface pr-9 pl-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${errors.category ? 'border-danger' : 'border-border'}`}
                  {...register('category')}
                >
                  <option value="">Choose a category</option>
                  {workoutCategoryNames.map((option) => (
                    <option key={option} value={option}>
                      {workoutCategoryLabels[option]}
                    </option>
                  ))}
                </select>
                <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
              </div>
              <p id={`${categoryId}-error`} className="mt-1 mb-2 min-h-5 text-sm text-danger">
                {errors.category ? 'Choose a category' : ''}
              </p>
            </div>
          </div>
          <label htmlFor={notesId} className="mb-1.5 block text-sm font-medium text-foreground">
            Notes <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <textarea
            id={notesId}
            rows={2}
            maxLength={libraryLimits.notesMaxLength}
            placeholder="The goal of the day, equipment, what the athlete should know first"
            className="block w-full rounded-lg border border-border bg-surface px-3 py-2 text-base text-foreground shadow-xs placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
            {...register('notes')}
          />
        </Card>

        <SortableList
          ids={blocks.fields.map((field) => field.id)}
          labelOf={(id) => `block ${blockLetter(blocks.fields.findIndex((field) => field.id === id))}`}
          onMove={blocks.move}
        >
          <ol className="space-y-4" aria-label="Blocks">
            {blocks.fields.map((field, index) => (
              <SortableItem
                key={field.id}
                id={field.id}
                handleLabel={`Move block ${blockLetter(index)}`}
                className="rounded-2xl"
              >
                <BlockCard
                  index={index}
                  letter={blockLetter(index)}
                  blockCount={blocks.fields.length}
                  weightUnit={weightUnit}
                  onMove={(to) => blocks.move(index, to)}
                  onDuplicate={() => {
                    const copy = form.getValues(`blocks.${index}`);
                    blocks.insert(index + 1, {
                      ...copy,
                      blockId: undefined,
                      exercises: copy.exercises.map((slot) => ({ ...slot, slotId: undefined })),
                    });
                  }}
                  onRemove={() => blocks.remove(index)}
                  onCreateExercise={(start, add) => setCreating({ start, add })}
                />
              </SortableItem>
            ))}
          </ol>
        </SortableList>

        <section
          aria-labelledby={`${categoryId}-add`}
          data-tour="add-block"
          className="rounded-2xl border-2 border-dashed border-border p-4 sm:p-5"
        >
          <h2 id={`${categoryId}-add`} className="mb-1 text-base font-semibold text-foreground">
            {blocks.fields.length === 0
              ? 'Add the first block'
              : `Add block ${blockLetter(blocks.fields.length)}`}
          </h2>
          <p className="mb-3 text-sm text-muted-foreground">
            Pick an exercise to start a block. Add more to a block to make a superset or circuit.
          </p>
          <ExercisePicker
            label={blocks.fields.length === 0 ? 'Add the first exercise' : 'Add a block with an exercise'}
            onPick={addBlock}
            onCreate={(start) => setCreating({ start, add: addBlock })}
          />
          {blocks.fields.length === 0 ? (
            <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
              <DumbbellIcon className="size-4" />
              No blocks yet: a practice plan may be notes only.
            </p>
          ) : null}
        </section>

        {rootProblem ? <Alert title="The workout cannot be saved like this.">{rootProblem}</Alert> : null}

        <div
          role="group"
          aria-label="Save"
          className="sticky bottom-0 z-20 -mx-4 border-t border-border bg-surface/95 px-4 py-3 pb-[calc(0.75rem+env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.04)] backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
        >
          {/* A failed save is said beside Save, in view, not at the end of a long page. */}
          {problem ? (
            <Alert
              className="mb-3 max-h-[40vh] overflow-y-auto"
              title={
                problem.kind === 'conflict'
                  ? 'Someone saved this workout after you opened it.'
                  : 'The workout was not saved.'
              }
            >
              {/* A conflict's own words below say what the server's would, beside Save where space is short. */}
              {problem.kind === 'conflict' ? null : <p>{problem.message}</p>}
              {problem.kind === 'conflict' ? (
                <>
                  <p className="mt-1">
                    Your changes are still here. Load the saved version to see theirs (yours are then
                    dropped).
                  </p>
                  <Button variant="secondary" className="mt-3" onClick={loadSavedVersion}>
                    Load the saved version
                  </Button>
                </>
              ) : null}
            </Alert>
          ) : null}
          <div className="flex items-center justify-end gap-3">
            <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
              {checkFailed > 0 ? (
                <span className="font-medium text-danger">
                  {checkFailed === 1 ? '1 field needs' : `${checkFailed} fields need`} attention.
                </span>
              ) : hasUnsaved ? (
                'Changes kept on this device'
              ) : (
                'No changes'
              )}
            </p>
            <Button
              variant="secondary"
              onClick={() => void navigate({ to: '/app/library' })}
              disabled={saving}
              className="hidden sm:inline-flex"
            >
              Cancel
            </Button>
            <Button type="submit" isPending={saving} pendingLabel="Saving…" data-tour="save-workout">
              {workout ? 'Save workout' : 'Create workout'}
            </Button>
          </div>
        </div>
      </form>

      <NewExerciseDialog
        start={creating?.start ?? null}
        onClose={() => setCreating(null)}
        onCreated={(exercise) => {
          creating?.add(exercise);
          setCreating(null);
        }}
      />
      <LeaveGuard isUnsaved={() => unsavedRef.current}>
        Your changes are not saved to the library yet. They stay on this device, and come back when you open
        this workout again.
      </LeaveGuard>
    </FormProvider>
  );
}
