import type { Program, ProgramPreview, WorkoutSummary } from '@contract';
import { saveProgramRequestSchema, scheduleLimits } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useId, useState, type ComponentProps } from 'react';
import { NotAllowedPage } from '@/components/layouts/not-allowed-page';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CategoryDot } from '@/components/ui/category-badge';
import { ClipboardIcon, CloseIcon, PlusIcon } from '@/components/ui/icons';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { PopoverHost } from '@/components/widgets/popover-host';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { requestFailureMessage, requestFailureSummary, showFieldErrors } from '@/lib/api/request-failure';
import { authQueries } from '@/lib/auth/auth-queries';
import { settingsQueries } from '@/lib/settings/settings-queries';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import type { ScheduleTemplate } from '@/stores/schedule-editor-store';
import { useScheduleEditorActions, useScheduleTemplate } from '@/stores/schedule-editor-store';
import {
  useApplyProgram,
  usePreviewApplication,
  useRemoveApplication,
  useSaveProgram,
} from '../api/schedule-mutations';
import { programQueries } from '../api/schedule-queries';
import { shortDay } from '@/lib/schedule/calendar-range';
import { plansSchedules } from '../schedule-search';
import { BackToSchedule } from './programs-page';
import type { Subject } from '@/components/widgets/subject-picker';
import { SubjectPicker } from '@/components/widgets/subject-picker';
import { draftOf, ProgressionEditor, WeeklyNumbers, type ProgressionDraft } from './program-progression';
import { WorkoutPicker } from './workout-picker';
import { useFormats } from '@/lib/format/use-formats';

const route = getRouteApi('/app/schedule/programs/$programId');

/** A program as the editor holds it: spec 3's schedule template (a name, and workouts at day offsets from 0). */
type TemplateWorkout = ScheduleTemplate['workouts'][number] & { category?: WorkoutSummary['category'] };

const templateOf = (program: Program): ScheduleTemplate & { description: string } => ({
  name: program.name,
  description: program.description ?? '',
  workouts: program.workouts.map((item) => ({
    workoutId: item.workout.id,
    name: item.workout.name,
    dayOffset: item.day - 1,
    category: item.workout.category,
  })),
});

function useStaffOnly(title: string) {
  useScreenTitle(title);
  const { data: me } = useSuspenseQuery(authQueries.me());
  return plansSchedules(me.user.role);
}

const notAllowed = (title: string) => (
  <NotAllowedPage
    title={title}
    icon={ClipboardIcon}
    reason="Your coaches apply programs; your schedule shows what they hold for you."
  />
);

/** `/app/schedule/programs/new`: built in spec 3's scheduleEditor template, so leaving and coming back keeps it. */
export function NewProgramPage() {
  const allowed = useStaffOnly('New program');
  const template = useScheduleTemplate();
  const { templateRenamed, templateWorkoutAdded, templateWorkoutRemoved, templateCleared } =
    useScheduleEditorActions();
  const [description, setDescription] = useState('');
  const save = useSaveProgram();
  const navigate = useNavigate();
  const { setNewNotification } = useNotificationActions();
  if (!allowed) return notAllowed('New program');
  return (
    <div className="space-y-5">
      <BackToSchedule />
      <PageHeader
        title="New program"
        description="Put workouts on the days of the program: day 1 is the day it starts."
      />
      <ProgramEditor
        template={template}
        description={description}
        onRename={templateRenamed}
        onDescribe={setDescription}
        onAdd={templateWorkoutAdded}
        onRemove={templateWorkoutRemoved}
        submitLabel="Create program"
        isPending={save.isPending}
        onSave={(program, onError) =>
          save.mutate(
            { program },
            {
              onSuccess: ({ data, message }) => {
                templateCleared();
                setNewNotification({ title: 'Program created', message });
                void navigate({ to: '/app/schedule/programs/$programId', params: { programId: data.id } });
              },
              onError,
            },
          )
        }
      />
    </div>
  );
}

/** `/app/schedule/programs/$programId`: change it, apply it with a preview, and see (or remove) where it was applied. */
export function ProgramPage() {
  const { programId } = route.useParams();
  const allowed = useStaffOnly('Program');
  const program = useQuery({ ...programQueries.detail(programId), enabled: allowed });
  if (!allowed) return notAllowed('Program');
  if (program.data) return <ProgramView key={program.data.updatedAt} program={program.data} />;
  if (program.isPending) {
    return (
      <div className="space-y-4" role="status">
        <span className="sr-only">Loading the program…</span>
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <BackToSchedule />
      <Alert title="This program could not be loaded.">{requestFailureMessage(program.error)}</Alert>
    </div>
  );
}

function ProgramView({ program }: { program: Program }) {
  useScreenTitle(program.name);
  const initial = templateOf(program);
  const [template, setTemplate] = useState<ScheduleTemplate>(initial);
  const [description, setDescription] = useState(initial.description);
  const [progression, setProgression] = useState<ProgressionDraft>(() => draftOf(program));
  const settings = useQuery(settingsQueries.full());
  const save = useSaveProgram();
  const { setNewNotification } = useNotificationActions();
  return (
    <div className="space-y-5">
      <BackToSchedule />
      <PageHeader
        title={program.name}
        description={program.description ?? 'A program to apply from any date.'}
      />
      <ApplyPanel program={program} />
      <ApplicationList programId={program.id} />
      <h2 className="pt-2 text-lg font-semibold text-foreground">Workouts of the program</h2>
      <ProgramEditor
        template={template}
        description={description}
        onRename={(name) => setTemplate((current) => ({ ...current, name }))}
        onDescribe={setDescription}
        onAdd={(workout) =>
          setTemplate((current) => ({ ...current, workouts: [...current.workouts, workout] }))
        }
        onRemove={(index) =>
          setTemplate((current) => ({
            ...current,
            workouts: current.workouts.filter((_, position) => position !== index),
          }))
        }
        progression={{
          draft: progression,
          exercises: program.exercises,
          weightUnit: settings.data?.weightUnit ?? 'lb',
          onChange: setProgression,
        }}
        submitLabel="Save program"
        isPending={save.isPending}
        onSave={(request, onError) =>
          save.mutate(
            { programId: program.id, program: request },
            { onSuccess: ({ message }) => setNewNotification({ title: 'Program saved', message }), onError },
          )
        }
      />
    </div>
  );
}

interface ProgramEditorProps {
  template: ScheduleTemplate;
  description: string;
  onRename: (name: string) => void;
  onDescribe: (description: string) => void;
  onAdd: (workout: TemplateWorkout) => void;
  onRemove: (index: number) => void;
  /** A saved program's progression (a new one gets it once its workouts, and so its exercises, are saved). */
  progression?: Omit<ComponentProps<typeof ProgressionEditor>, 'errors'>;
  submitLabel: string;
  isPending: boolean;
  onSave: (
    program: ReturnType<typeof saveProgramRequestSchema.parse>,
    onError: (error: unknown) => void,
  ) => void;
}

/** A field's error key: a progression's own input (progression.rules.0.load), otherwise the top field. */
const fieldOf = (path: string) => (path.startsWith('progression.') ? path : (path.split('.')[0] ?? 'name'));

/** The program's weeks, seven days each; a day holds any number of workouts. Checked with the contract's schema. */
function ProgramEditor(props: ProgramEditorProps) {
  const { template } = props;
  const lastDay = Math.max(0, ...template.workouts.map((workout) => workout.dayOffset + 1));
  const [weeks, setWeeks] = useState(Math.max(1, Math.ceil(lastDay / 7)));
  const [addingOn, setAddingOn] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const descriptionId = useId();
  const shownWeeks = Math.max(weeks, Math.ceil(lastDay / 7));

  const submit = () => {
    const request = {
      name: template.name,
      description: props.description,
      workouts: template.workouts.map((workout) => ({
        day: workout.dayOffset + 1,
        workoutId: workout.workoutId,
      })),
      ...(props.progression ? { progression: props.progression.draft } : {}),
    };
    const checked = saveProgramRequestSchema.safeParse(request);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [fieldOf(issue.path.join('.')), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    props.onSave(checked.data, (error) => {
      const errors: Record<string, string> = {};
      const form = showFieldErrors(error, {
        setError: (field, { message }) => (errors[field] ??= message),
        fieldOf,
      });
      setErrors(form === null ? errors : { ...errors, form });
    });
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Card className="space-y-1 p-5 sm:p-6">
        <TextField
          label="Program name"
          value={template.name}
          onChange={(event) => props.onRename(event.target.value)}
          error={errors.name}
          maxLength={120}
          placeholder="Off-Season Strength — 4 weeks"
        />
        <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-medium text-foreground">
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </label>
        <textarea
          id={descriptionId}
          rows={2}
          value={props.description}
          maxLength={scheduleLimits.programDescriptionMaxLength}
          onChange={(event) => props.onDescribe(event.target.value)}
          className="block w-full rounded-lg border border-border bg-surface px-3 py-2 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm"
        />
      </Card>

      <section aria-label="Days of the program" className="space-y-3">
        {Array.from({ length: shownWeeks }, (_, week) => (
          <div key={week} className="rounded-2xl border border-border bg-surface p-3 shadow-xs">
            <h3 className="mb-2 text-sm font-semibold text-foreground">Week {week + 1}</h3>
            <ol className="grid gap-2 sm:grid-cols-7">
              {Array.from({ length: 7 }, (_, weekday) => {
                const offset = week * 7 + weekday;
                const dayWorkouts = template.workouts
                  .map((workout, index) => ({ workout, index }))
                  .filter(({ workout }) => workout.dayOffset === offset);
                return (
                  <li key={offset} className="min-h-20 rounded-lg border border-dashed border-border p-2">
                    <div className="flex items-center justify-between">
                      <span className="text-xs font-semibold text-muted-foreground">Day {offset + 1}</span>
                      <button
                        type="button"
                        onClick={() => setAddingOn(offset)}
                        aria-label={`Add a workout on day ${offset + 1}`}
                        className="inline-flex size-7 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        <PlusIcon className="size-4" />
                      </button>
                    </div>
                    <ul className="mt-1 space-y-1">
                      {dayWorkouts.map(({ workout, index }) => (
                        <li
                          key={`${workout.workoutId}-${index}`}
                          className="flex items-center gap-1 rounded-md bg-muted/70 px-1.5 py-1 text-xs"
                        >
                          {(workout as TemplateWorkout).category ? (
                            <CategoryDot
                              category={(workout as TemplateWorkout).category!}
                              className="size-2"
                            />
                          ) : null}
                          <span className="min-w-0 flex-1 truncate font-medium">{workout.name}</span>
                          <button
                            type="button"
                            onClick={() => props.onRemove(index)}
                            aria-label={`Remove ${workout.name} from day ${offset + 1}`}
                            className="inline-flex size-6 items-center justify-center rounded text-muted-foreground hover:text-danger"
                          >
                            <CloseIcon className="size-3.5" />
                          </button>
                        </li>
                      ))}
                    </ul>
                  </li>
                );
              })}
            </ol>
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() => setWeeks(shownWeeks + 1)}
          disabled={shownWeeks * 7 >= scheduleLimits.programDayMax}
        >
          <PlusIcon className="size-4" />
          Add a week
        </Button>
        {errors.workouts ? <p className="text-sm text-danger">{errors.workouts}</p> : null}
      </section>

      {props.progression ? <ProgressionEditor {...props.progression} errors={errors} /> : null}

      {errors.form ? <Alert title="Not saved.">{errors.form}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" isPending={props.isPending} pendingLabel="Saving…">
          {props.submitLabel}
        </Button>
      </div>

      <SheetDialog
        isOpen={addingOn !== null}
        title={`Add a workout on day ${(addingOn ?? 0) + 1}`}
        onClose={() => setAddingOn(null)}
      >
        <PopoverHost>
          {addingOn !== null ? (
            <WorkoutPicker
              label="Workout"
              value={null}
              autoFocus
              onChange={(workout) => {
                if (!workout) return;
                props.onAdd({
                  workoutId: workout.id,
                  name: workout.name,
                  dayOffset: addingOn,
                  category: workout.category,
                });
                setAddingOn(null);
              }}
            />
          ) : null}
        </PopoverHost>
      </SheetDialog>
    </form>
  );
}

/** Apply the program to an athlete or a group from a date: first the preview of every date, then the real thing. */
function ApplyPanel({ program }: { program: Program }) {
  const formats = useFormats();
  const [target, setTarget] = useState<Subject>({ kind: 'organization' });
  const [startDate, setStartDate] = useState('');
  const [preview, setPreview] = useState<ProgramPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const previewApplication = usePreviewApplication();
  const apply = useApplyProgram();
  const { setNewNotification } = useNotificationActions();
  const startId = useId();
  const request = {
    startDate,
    ...(target.kind === 'athlete' ? { athleteId: target.id } : {}),
    ...(target.kind === 'group' ? { groupId: target.id } : {}),
  };
  const onError = (error: unknown) => {
    setPreview(null);
    setFailure(requestFailureSummary(error));
  };
  const existingOn = (date: string) => preview?.existing.filter((item) => item.date === date) ?? [];

  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-foreground">Apply the program</h2>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setFailure(null);
          previewApplication.mutate(
            { programId: program.id, request },
            { onSuccess: ({ data }) => setPreview(data), onError },
          );
        }}
      >
        <div>
          <p className="mb-1.5 text-sm font-medium text-foreground">For</p>
          <SubjectPicker
            label="Apply for which athlete or group"
            value={target}
            onChange={(next) => {
              setTarget(next);
              setPreview(null);
            }}
            allowOrganization={false}
          />
        </div>
        <div>
          <label htmlFor={startId} className="mb-1.5 block text-sm font-medium text-foreground">
            Starting on
          </label>
          <input
            id={startId}
            type="date"
            required
            value={startDate}
            onChange={(event) => {
              setStartDate(event.target.value);
              setPreview(null);
            }}
            className="block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base shadow-xs sm:text-sm"
          />
        </div>
        <Button type="submit" variant="secondary" isPending={previewApplication.isPending}>
          Preview
        </Button>
      </form>
      {failure ? <Alert title="Not applied.">{failure}</Alert> : null}
      {preview ? (
        <section aria-label="Preview" className="space-y-3">
          <p className="text-sm text-foreground">
            From {shortDay(preview.items[0]?.date ?? startDate, formats.place)} to{' '}
            {shortDay(preview.endDate, formats.place)}: {preview.items.length} workouts, {preview.entryCount}{' '}
            entries on calendars.
          </p>
          <ul className="max-h-80 divide-y divide-border overflow-y-auto rounded-xl border border-border">
            {preview.items.map((item, index) => {
              const clash = existingOn(item.date);
              return (
                <li
                  key={`${item.date}-${index}`}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
                >
                  <span className="w-28 shrink-0 text-muted-foreground tabular-nums">
                    {shortDay(item.date, formats.place)}
                  </span>
                  <span className="flex min-w-0 flex-1 items-center gap-2 font-medium">
                    <CategoryDot category={item.workout.category} />
                    {item.workout.name}
                  </span>
                  {clash.length > 0 ? (
                    <span className="text-xs font-medium text-warning-foreground">
                      Already that day: {clash.map((other) => other.name).join(', ')}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <WeeklyNumbers preview={preview} />
          <div className="flex justify-end">
            <Button
              isPending={apply.isPending}
              onClick={() =>
                apply.mutate(
                  { programId: program.id, request },
                  {
                    onSuccess: ({ message }) => {
                      setPreview(null);
                      setNewNotification({ title: 'Program applied', message });
                    },
                    onError,
                  },
                )
              }
            >
              Apply {preview.items.length} workouts
            </Button>
          </div>
        </section>
      ) : null}
    </Card>
  );
}

/** Where the program was applied; one application can be taken off the calendars again in one go. */
function ApplicationList({ programId }: { programId: string }) {
  const formats = useFormats();
  const applications = useQuery(programQueries.applications(programId));
  const remove = useRemoveApplication();
  const { setNewNotification } = useNotificationActions();
  if (!applications.data || applications.data.length === 0) return null;
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-2 text-lg font-semibold text-foreground">Applied to</h2>
      <ul className="divide-y divide-border">
        {applications.data.map((application) => {
          const who =
            application.group?.name ??
            (application.athlete
              ? `${application.athlete.firstName} ${application.athlete.lastName}`
              : 'Someone no longer here');
          return (
            <li key={application.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <span className="text-sm">
                <span className="font-semibold text-foreground">{who}</span>{' '}
                <span className="text-muted-foreground">
                  {shortDay(application.startDate, formats.place)} –{' '}
                  {shortDay(application.endDate, formats.place)} · {application.itemCount} on the calendar
                </span>
              </span>
              <Button
                variant="danger-ghost"
                isPending={remove.isPending && remove.variables === application.id}
                onClick={() =>
                  remove.mutate(application.id, {
                    onSuccess: ({ message }) => setNewNotification({ title: 'Application removed', message }),
                  })
                }
              >
                Remove from {who}
              </Button>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
