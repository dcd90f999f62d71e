import type { ReaderPreview } from '@contract/workout-reader';
import { useNavigate } from '@tanstack/react-router';
import type { Ref } from 'react';
import { useId, useMemo, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LeaveGuard } from '@/components/widgets/leave-guard';
import { TextField } from '@/components/ui/text-field';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { requestFailureMessage, showFieldErrors } from '@/lib/api/request-failure';
import { useNotificationActions } from '@/stores/notifications-store';
import type { CommitReaderVariables } from '../../api/workout-reader';
import { useCommitReader } from '../../api/workout-reader';
import { DraftWorkoutCard } from './draft-workout-card';
import { ExerciseChoices } from './exercise-choices';
import type { RememberedChoices, ReviewFormValues } from './review-form';
import {
  reviewFieldOf,
  reviewFormOf,
  reviewFormResolver,
  reviewMessageAt,
  toCommitReaderRequest,
} from './review-form';

const workoutsOf = (count: number) => (count === 1 ? '1 workout' : `${count} workouts`);
const exercisesOf = (count: number) => (count === 1 ? '1 exercise' : `${count} exercises`);
const linesNotRead = (count: number) => (count === 1 ? '1 line not read' : `${count} lines not read`);

/** "5 workouts · 38 exercises · 2 lines not read". */
export function reviewSummary(preview: ReaderPreview): string {
  const exercises = preview.workouts.reduce(
    (sum, workout) => sum + workout.blocks.reduce((inBlock, block) => inBlock + block.exercises.length, 0),
    0,
  );
  return [
    workoutsOf(preview.workouts.length),
    exercisesOf(exercises),
    ...(preview.problemCount > 0 ? [linesNotRead(preview.problemCount)] : []),
  ].join(' · ');
}

const countErrors = (errors: FieldErrors, count = 0): number =>
  Object.entries(errors).reduce((sum, [key, node]) => {
    if (!node || typeof node !== 'object') return sum;
    if (key !== 'ref' && 'message' in node && typeof node.message === 'string') return sum + 1;
    return countErrors(node as FieldErrors, sum);
  }, count);

/** Where a field with a box to focus comes on the page (the exercise names, the workouts, the program's name). */
function pagePlace(field: string): number | null {
  const [, area, index] = /^(exercises|workouts)\.(\d+)\.(?:newName|name|day)$/.exec(field) ?? [];
  if (area && index) return (area === 'exercises' ? 0 : 100_000) + Number(index);
  return field === 'programName' ? 1_000_000 : null;
}

/** The first field of a refusal that has a box, in the order of the page. */
const firstBoxOf = (fields: readonly string[]): string | undefined =>
  fields
    .filter((field) => pagePlace(field) !== null)
    .sort((a, b) => (pagePlace(a) ?? 0) - (pagePlace(b) ?? 0))[0];

interface ReviewStepProps {
  preview: ReaderPreview;
  /** The coach's earlier choices of exercise names on this page (a reading with other columns keeps them). */
  remembered: RememberedChoices;
  /** The step's heading: focused when a new reading arrives, so a screen reader starts there. */
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * Steps 2 and 3: what was read (nothing saved yet): the lines that could not be read, what each exercise name
 * becomes, the workouts; then how to save them. A refusal shows on its field and keeps every change.
 */
export function ReviewStep({ preview, remembered, headingRef }: ReviewStepProps) {
  const resolver = useMemo(() => reviewFormResolver(preview), [preview]);
  const form = useForm<ReviewFormValues>({ defaultValues: reviewFormOf(preview, remembered), resolver });
  const { control, register, handleSubmit, formState, setError, setFocus } = form;
  const saveAs = useWatch({ control, name: 'saveAs' });
  const asProgram = saveAs === 'program';
  const commit = useCommitReader();
  const navigate = useNavigate();
  const { setNewNotification } = useNotificationActions();
  const [failure, setFailure] = useState<string | null>(null);
  const [invalidCount, setInvalidCount] = useState(0);
  /** The body last sent whose answer never came (lost connection, 5xx): sending it again reuses its key. */
  const unanswered = useRef<{ body: string; key: string } | null>(null);
  /** Until the save: leaving asks first. */
  const unsaved = useRef(true);
  const id = useId();
  const saveHeadingId = `${id}-save`;
  const problemsId = `${id}-problems`;
  const count = preview.workouts.length;

  const keyFor = (request: CommitReaderVariables['request']): string => {
    const body = JSON.stringify(request);
    if (unanswered.current?.body !== body) unanswered.current = { body, key: crypto.randomUUID() };
    return unanswered.current.key;
  };

  const onServerError = (error: unknown) => {
    // A refusal ends that body's key: the next confirm is a write of its own. A lost answer, a 5xx or a 409 (the
    // first attempt still being applied) keeps it, so sending the same body again cannot save it twice.
    if (isApiRequestError(error) && error.status < 500 && error.status !== 409) unanswered.current = null;
    if (isApiRequestError(error) && Object.keys(error.fields).length > 0) {
      const unplaced = showFieldErrors(error, {
        setError,
        fieldOf: (path) => {
          const field = reviewFieldOf(path);
          return field === 'root' ? null : (field as 'programName');
        },
      });
      const fields = Object.keys(error.fields).map(reviewFieldOf);
      setInvalidCount(fields.filter((field) => field !== 'root').length);
      setFailure(unplaced ?? error.message);
      const first = firstBoxOf(fields);
      if (first) setFocus(first as 'programName');
      return;
    }
    setInvalidCount(0);
    setFailure(
      requestFailureMessage(error, 'Your review is still here: save again when you are back online.'),
    );
  };

  const onValid = (values: ReviewFormValues) => {
    setFailure(null);
    setInvalidCount(0);
    const request = toCommitReaderRequest(values, preview);
    commit.mutate(
      { request, idempotencyKey: keyFor(request) },
      {
        onSuccess: ({ message, data }) => {
          unanswered.current = null;
          unsaved.current = false;
          setNewNotification({ title: data.program ? 'Program saved' : 'Workouts saved', message });
          if (data.program) {
            void navigate({
              to: '/app/schedule/programs/$programId',
              params: { programId: data.program.id },
            });
          } else {
            void navigate({ to: '/app/library' });
          }
        },
        onError: onServerError,
      },
    );
  };
  const onInvalid = (errors: FieldErrors<ReviewFormValues>) => {
    setFailure(null);
    setInvalidCount(countErrors(errors));
  };

  const rootProblem = reviewMessageAt(formState.errors, 'root');

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        className="space-y-5"
      >
        <Card className="px-4 py-4 sm:px-6 sm:py-5">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-foreground outline-none focus-visible:outline-2 focus-visible:outline-ring"
          >
            Check what was read
          </h2>
          <p className="mt-1 text-base font-medium text-foreground">{reviewSummary(preview)}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Nothing is saved yet. Check the exercise names and the workouts, then save them below.
          </p>

          {preview.problemCount > 0 ? (
            <section aria-labelledby={problemsId} className="mt-4">
              <h3 id={problemsId} className="text-sm font-semibold text-foreground">
                Lines that could not be read
              </h3>
              <ul className="mt-2 max-h-72 divide-y divide-border overflow-y-auto rounded-lg border border-warning/40 bg-warning/10">
                {preview.problems.map((problem, index) => (
                  <li key={`${problem.sheet ?? ''}-${problem.line}-${index}`} className="px-3 py-2 text-sm">
                    <p className="font-semibold text-warning-foreground">
                      Line {problem.line}
                      {problem.sheet ? ` · sheet ${problem.sheet}` : ''}
                    </p>
                    <p className="font-mono text-xs break-words text-foreground">{problem.text}</p>
                    <p className="text-muted-foreground">{problem.message}</p>
                  </li>
                ))}
              </ul>
              {preview.problemCount > preview.problems.length ? (
                <p className="mt-1.5 text-sm text-muted-foreground">
                  And {preview.problemCount - preview.problems.length} more not shown.
                </p>
              ) : null}
              <p className="mt-1.5 text-sm text-muted-foreground">
                These lines are left out. To keep them, fix them in your program and read it again.
              </p>
            </section>
          ) : null}
        </Card>

        <ExerciseChoices preview={preview} remembered={remembered} />

        <section aria-labelledby={`${id}-workouts`} className="space-y-3">
          <h2 id={`${id}-workouts`} className="text-lg font-semibold text-foreground">
            Workouts
          </h2>
          <div className="grid gap-4 lg:grid-cols-2">
            {preview.workouts.map((workout, index) => (
              <DraftWorkoutCard key={index} workout={workout} index={index} asProgram={asProgram} />
            ))}
          </div>
        </section>

        <Card aria-labelledby={saveHeadingId} className="px-4 py-4 sm:px-6 sm:py-5">
          <h2 id={saveHeadingId} className="text-lg font-semibold text-foreground">
            Save
          </h2>
          <fieldset className="mt-3">
            <legend className="mb-2 text-sm font-medium text-foreground">Save as</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <SaveAsOption
                value="workouts"
                title="Workouts in the library"
                description={`${workoutsOf(count)} in your library, to schedule as you like.`}
                register={register}
              />
              {preview.hasDays ? (
                <SaveAsOption
                  value="program"
                  title="A program"
                  description="The workouts in your library, and a program with them on their days to apply from a start date."
                  register={register}
                />
              ) : null}
            </div>
          </fieldset>

          {asProgram ? (
            <TextField
              label="Program name"
              className="mt-4 sm:max-w-md"
              maxLength={200}
              autoComplete="off"
              error={reviewMessageAt(formState.errors, 'programName')}
              {...register('programName')}
            />
          ) : null}

          <div className="mt-4 space-y-3">
            {failure || rootProblem || invalidCount > 0 ? (
              <Alert title="Nothing was saved.">
                {failure ?? rootProblem ?? 'Check the highlighted fields.'}
                {invalidCount > 0
                  ? ` ${invalidCount === 1 ? '1 field needs' : `${invalidCount} fields need`} a look.`
                  : ''}
              </Alert>
            ) : null}
            <Button
              type="submit"
              isPending={commit.isPending}
              pendingLabel="Saving…"
              className="w-full sm:w-auto"
            >
              {asProgram ? 'Save program' : `Save ${workoutsOf(count)}`}
            </Button>
          </div>
        </Card>
      </form>
      <LeaveGuard isUnsaved={() => unsaved.current}>
        Nothing of this review is saved yet: the workouts and the exercise choices are lost when you leave.
      </LeaveGuard>
    </FormProvider>
  );
}

function SaveAsOption({
  value,
  title,
  description,
  register,
}: {
  value: ReviewFormValues['saveAs'];
  title: string;
  description: string;
  register: ReturnType<typeof useForm<ReviewFormValues>>['register'];
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
    >
      <input
        id={id}
        type="radio"
        value={value}
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-5 shrink-0 accent-primary"
        {...register('saveAs')}
      />
      <span>
        <span className="block text-sm font-semibold text-foreground">{title}</span>
        <span id={`${id}-description`} className="block text-sm text-muted-foreground">
          {description}
        </span>
      </span>
    </label>
  );
}
