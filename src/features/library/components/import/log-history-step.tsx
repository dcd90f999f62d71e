import type { HistoryResult, ReaderPreview } from '@contract/workout-reader';
import { historyChoicesSchema, logExportLabels } from '@contract/workout-reader';
import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import { useId, useMemo, useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LeaveGuard } from '@/components/widgets/leave-guard';
import { CheckIcon } from '@/components/ui/icons';
import { SubjectPicker } from '@/components/widgets/subject-picker';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { nestedFieldErrors } from '@/lib/forms/field-errors';
import { useFormats } from '@/lib/format/use-formats';
import { useNotificationActions } from '@/stores/notifications-store';
import { useImportHistory } from '../../api/workout-reader';
import { ExerciseChoices } from './exercise-choices';
import type { ExerciseChoicesForm, RememberedChoices } from './review-form';
import { exerciseChoiceDefaults, exerciseChoicesOf, reviewFieldOf, reviewMessageAt } from './review-form';

interface LogHistoryValues extends ExerciseChoicesForm {
  athlete: { id: string; name: string } | null;
}

const sessionsOf = (count: number) => (count === 1 ? '1 session' : `${count} sessions`);
const setsOf = (count: number) => (count === 1 ? '1 set' : `${count} sets`);
const shownSessions = 5;
const chooseAthlete = 'Choose the athlete whose history this is';

/** Where a refusal of the history request shows: the athlete on its box, a choice on its row, the rest above. */
function historyFieldOf(path: string): string {
  if (path === 'athleteId') return 'athlete';
  return path === 'exercises' || path === 'file' ? 'root' : reviewFieldOf(path);
}

/** The server's checks of the choices and the athlete, here first, on the same fields. */
function historyResolver(preview: ReaderPreview): Resolver<LogHistoryValues> {
  return (values) => {
    const messages: Record<string, string> = {};
    if (!values.athlete) messages.athleteId = chooseAthlete;
    const parsed = historyChoicesSchema.safeParse(exerciseChoicesOf(values.exercises, preview));
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        messages[['exercises', ...issue.path.map(String)].join('.')] ??= issue.message;
    }
    if (Object.keys(messages).length === 0) return { values, errors: {} };
    return { values: {}, errors: nestedFieldErrors<LogHistoryValues>(messages, historyFieldOf) };
  };
}

interface LogHistoryStepProps {
  preview: ReaderPreview;
  /** The coach's earlier choices of exercise names on this page. */
  remembered: RememberedChoices;
  file: File;
  /** The step's heading: focused when the reading arrives. */
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * An athlete's log export (FitNotes, Strong) becomes that athlete's history: choose the athlete and what each
 * exercise name is, check what would be added (sessions, sets, the maxes it raises), then add it. The server
 * adds a file's sessions once, so a second import of it adds nothing.
 */
export function LogHistoryStep({ preview, remembered, file, headingRef }: LogHistoryStepProps) {
  const formats = useFormats();
  const resolver = useMemo(() => historyResolver(preview), [preview]);
  const form = useForm<LogHistoryValues>({
    defaultValues: { athlete: null, exercises: exerciseChoiceDefaults(preview, remembered) },
    resolver,
  });
  const { control, handleSubmit, formState, setError, clearErrors } = form;
  const values = useWatch({ control });
  const history = useImportHistory();
  const { setNewNotification } = useNotificationActions();
  const [checked, setChecked] = useState<{ request: string; result: HistoryResult } | null>(null);
  const [saved, setSaved] = useState<{ result: HistoryResult; athlete: { id: string; name: string } } | null>(
    null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  /** The confirmed request whose answer never came: sending it again reuses its key. */
  const unanswered = useRef<{ request: string; key: string } | null>(null);
  /** Until the history is added: leaving asks first. */
  const unsaved = useRef(true);
  const id = useId();
  const log = preview.log;

  // What the check was made for: a changed athlete or choice needs a new check before anything is added.
  const requestNow = JSON.stringify({
    athleteId: values.athlete?.id ?? null,
    exercises: exerciseChoicesOf((values.exercises ?? []) as LogHistoryValues['exercises'], preview),
  });
  const current = checked?.request === requestNow ? checked.result : null;

  if (!log) return null;

  const onServerError = (error: unknown) => {
    if (isApiRequestError(error) && error.status < 500 && error.status !== 409) unanswered.current = null;
    if (isApiRequestError(error) && Object.keys(error.fields).length > 0) {
      let unplaced: string | null = null;
      for (const [path, message] of Object.entries(error.fields)) {
        const field = historyFieldOf(path);
        if (field === 'root') unplaced ??= message;
        else setError(field as 'athlete', { type: 'server', message });
      }
      setFailure(unplaced ?? error.message);
      return;
    }
    setFailure(requestFailureMessage(error, 'Nothing was added: try again when you are back online.'));
  };

  const onValid = (chosen: LogHistoryValues) => {
    const athlete = chosen.athlete;
    if (!athlete) return;
    setFailure(null);
    const exercises = exerciseChoicesOf(chosen.exercises, preview);
    const request = JSON.stringify({ athleteId: athlete.id, exercises });
    const confirming = checked?.request === request && checked.result.data.sessions.added > 0;
    let confirmKey: string | null = null;
    if (confirming) {
      if (unanswered.current?.request !== request) unanswered.current = { request, key: crypto.randomUUID() };
      confirmKey = unanswered.current.key;
    }
    history.mutate(
      { file, athleteId: athlete.id, exercises, confirmKey },
      {
        onSuccess: (result) => {
          if (!result.data.saved) {
            setChecked({ request, result });
            return;
          }
          unanswered.current = null;
          unsaved.current = false;
          setSaved({ result, athlete });
          setNewNotification({ title: 'History added', message: result.message });
        },
        onError: onServerError,
      },
    );
  };

  if (saved) return <HistoryAdded saved={saved} headingRef={headingRef} />;

  const rootProblem = reviewMessageAt(formState.errors, 'root');
  const athleteError = reviewMessageAt(formState.errors, 'athlete');
  const sessions = log.sessions.slice(0, shownSessions);

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} className="space-y-5">
        <Card className="px-4 py-4 sm:px-6 sm:py-5">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-semibold text-foreground outline-none focus-visible:outline-2 focus-visible:outline-ring"
          >
            Add a workout log to an athlete’s history
          </h2>
          <p className="mt-1 text-base font-medium text-foreground">
            {logExportLabels[log.format]} export · {sessionsOf(log.sessionCount)} · {setsOf(log.setCount)}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {log.from && log.to
              ? `From ${formats.day(log.from)} to ${formats.day(log.to)}, weights in ${log.weightUnit}. `
              : ''}
            Each session becomes a completed workout of its day, and its sets count towards the athlete’s
            maxes and records. Nothing is added until you confirm.
          </p>
          {sessions.length > 0 ? (
            <section aria-labelledby={`${id}-sessions`} className="mt-4">
              <h3 id={`${id}-sessions`} className="text-sm font-semibold text-foreground">
                Latest sessions
              </h3>
              <ul className="mt-2 divide-y divide-border rounded-lg border border-border">
                {sessions.map((session, index) => (
                  <li
                    key={`${session.date}-${index}`}
                    className="grid gap-x-4 px-3 py-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)_auto]"
                  >
                    <span className="font-semibold text-foreground tabular-nums">
                      {formats.day(session.date, 'shortDate')}
                    </span>
                    <span className="min-w-0 truncate text-muted-foreground">
                      {session.name ? <span className="text-foreground">{session.name} · </span> : null}
                      {session.exercises.join(', ')}
                    </span>
                    <span className="text-muted-foreground tabular-nums">{setsOf(session.setCount)}</span>
                  </li>
                ))}
              </ul>
              {log.sessionCount > sessions.length ? (
                <p className="mt-1.5 text-sm text-muted-foreground">
                  And {sessionsOf(log.sessionCount - sessions.length)} before these.
                </p>
              ) : null}
            </section>
          ) : null}
        </Card>

        <Card aria-labelledby={`${id}-athlete`} className="px-4 py-4 sm:px-6 sm:py-5">
          <h2 id={`${id}-athlete`} className="mb-3 text-lg font-semibold text-foreground">
            Whose history
          </h2>
          <Controller
            control={control}
            name="athlete"
            render={({ field }) => (
              <SubjectPicker
                label="Athlete"
                showLabel
                athletesOnly
                allowOrganization={false}
                error={athleteError}
                className="sm:max-w-md"
                value={field.value ? { kind: 'athlete', ...field.value } : { kind: 'organization' }}
                onChange={(subject) => {
                  if (subject.kind !== 'athlete') return;
                  field.onChange({ id: subject.id, name: subject.name });
                  clearErrors('athlete');
                }}
              />
            )}
          />
        </Card>

        <ExerciseChoices preview={preview} remembered={remembered} />

        <Card aria-labelledby={`${id}-add`} className="px-4 py-4 sm:px-6 sm:py-5">
          <h2 id={`${id}-add`} className="text-lg font-semibold text-foreground">
            Add to the history
          </h2>
          {current ? (
            <CheckedHistory result={current} athleteName={values.athlete?.name ?? 'the athlete'} />
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">
              Check first what the file would add for this athlete: the sessions not imported before, and the
              maxes it raises.
            </p>
          )}
          <div className="mt-4 space-y-3">
            {failure || rootProblem ? (
              <Alert title="Nothing was added.">{failure ?? rootProblem}</Alert>
            ) : null}
            {current && current.data.sessions.added === 0 ? null : (
              <Button
                type="submit"
                variant={current ? 'primary' : 'secondary'}
                isPending={history.isPending}
                pendingLabel={current ? 'Adding…' : 'Checking…'}
                className="w-full sm:w-auto"
              >
                {current
                  ? `Add ${sessionsOf(current.data.sessions.added)} to the history`
                  : 'Check what would be added'}
              </Button>
            )}
          </div>
        </Card>
      </form>
      <LeaveGuard isUnsaved={() => unsaved.current}>
        Nothing of this file is added to the history yet: the athlete and the exercise choices are lost when
        you leave.
      </LeaveGuard>
    </FormProvider>
  );
}

function NewMaxes({ result }: { result: HistoryResult }) {
  const formats = useFormats();
  const maxes = result.data.newMaxes;
  if (maxes.length === 0) return null;
  return (
    <ul aria-label="New maxes" className="mt-3 divide-y divide-border rounded-lg border border-border">
      {maxes.map((max) => (
        <li key={max.exercise} className="flex items-baseline justify-between gap-3 px-3 py-2">
          <span className="min-w-0">
            <span className="block truncate font-medium text-foreground">{max.exercise}</span>
            <span className="block text-xs text-muted-foreground">
              Estimated 1RM · {formats.day(max.date, 'shortDate')}
            </span>
          </span>
          <span className="shrink-0 text-lg font-bold text-foreground tabular-nums">
            {formats.number(max.value)} {max.unit}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** What the check found: what would be added, what was imported before, and the maxes it raises. */
function CheckedHistory({ result, athleteName }: { result: HistoryResult; athleteName: string }) {
  const { sessions, sets, newMaxes } = result.data;
  return (
    <div className="mt-1 text-sm" aria-live="polite">
      {sessions.added === 0 ? (
        <p className="font-medium text-foreground">{result.message}</p>
      ) : (
        <p className="font-medium text-foreground">
          {sessionsOf(sessions.added)} and {setsOf(sets)} would be added to {athleteName}’s history
          {newMaxes.length > 0
            ? `, raising ${newMaxes.length === 1 ? '1 max' : `${newMaxes.length} maxes`}.`
            : '; no max is raised.'}
        </p>
      )}
      {sessions.added > 0 && sessions.alreadyImported > 0 ? (
        <p className="mt-1 text-muted-foreground">
          {sessionsOf(sessions.alreadyImported)} of this file were imported before and are left as they are.
        </p>
      ) : null}
      {sessions.added > 0 ? <NewMaxes result={result} /> : null}
    </div>
  );
}

function HistoryAdded({
  saved,
  headingRef,
}: {
  saved: { result: HistoryResult; athlete: { id: string; name: string } };
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { result, athlete } = saved;
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} className="px-4 py-4 sm:px-6 sm:py-5">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-lg font-semibold text-foreground outline-none focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-success/15 text-success"
        >
          <CheckIcon className="size-4" />
        </span>
        Added to {athlete.name}’s history
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{result.message}</p>
      <NewMaxes result={result} />
      <Link
        to="/app/users/$userId"
        params={{ userId: athlete.id }}
        search={{ tab: 'training' }}
        className="mt-4 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        Open {athlete.name}’s training
      </Link>
    </Card>
  );
}
