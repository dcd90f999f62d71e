import type { AssignmentRepeat, CreateAssignmentRequest } from '@contract/questionnaires';
import { createAssignmentRequestSchema, questionnaireLimits } from '@contract/questionnaires';
import { format, parseISO } from 'date-fns';
import { useId, useState } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { TextField } from '@/components/ui/text-field';
import type { Subject } from '@/components/widgets/subject-picker';
import { SubjectPicker } from '@/components/widgets/subject-picker';
import { showFieldErrors } from '@/lib/api/request-failure';
import { useNotificationActions } from '@/stores/notifications-store';
import { useCreateAssignment } from '../api/create-assignment';
import { weekdayShortNames } from '../assignment-words';

interface AssignFormValues {
  subject: Subject;
  repeat: AssignmentRepeat;
  dates: string[];
  startsOn: string;
  endsOn: string;
  weekdays: number[];
  timeOfDay: string;
}
type AssignField = 'subject' | 'repeat' | 'dates' | 'startsOn' | 'endsOn' | 'weekdays' | 'timeOfDay';

const repeatChoices: { repeat: AssignmentRepeat; label: string; hint: string }[] = [
  { repeat: 'daily', label: 'Every day', hint: 'From the first day on' },
  { repeat: 'training_days', label: 'Every training day', hint: 'Days with a scheduled workout' },
  { repeat: 'weekly', label: 'Weekly', hint: 'On the days you choose' },
  { repeat: 'once', label: 'On dates', hint: 'Only the dates you pick' },
];

function requestOf(questionnaireId: string, values: AssignFormValues): CreateAssignmentRequest {
  const once = values.repeat === 'once';
  return {
    questionnaireId,
    ...(values.subject.kind === 'athlete' ? { athleteId: values.subject.id } : {}),
    ...(values.subject.kind === 'group' ? { groupId: values.subject.id } : {}),
    repeat: values.repeat,
    dates: once ? [...values.dates].sort() : [],
    startsOn: once ? null : values.startsOn || null,
    endsOn: once ? null : values.endsOn || null,
    weekdays: values.repeat === 'weekly' ? [...values.weekdays].sort((a, b) => a - b) : [],
    timeOfDay: values.timeOfDay,
  };
}

/** Where a contract path shows in the dialog: whom on the picker, a date of the list on the list. */
function fieldOf(path: string): AssignField | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'athleteId' || head === 'groupId') return 'subject';
  if (['repeat', 'dates', 'startsOn', 'endsOn', 'weekdays', 'timeOfDay'].includes(head))
    return head as AssignField;
  return null;
}

const resolverFor =
  (questionnaireId: string): Resolver<AssignFormValues> =>
  (values) => {
    const parsed = createAssignmentRequestSchema.safeParse(requestOf(questionnaireId, values));
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.')) ?? 'subject';
      errors[field] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<AssignFormValues> };
  };

const inputClass =
  'block min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';

interface AssignDialogProps {
  isOpen: boolean;
  questionnaireId: string;
  questionnaireName: string;
  today: string;
  onClose: () => void;
}

/** Assign a questionnaire: to an athlete or a group, every day, on training days, on weekdays or on dates. */
export function AssignDialog(props: AssignDialogProps) {
  return (
    <SheetDialog isOpen={props.isOpen} title={`Assign ${props.questionnaireName}`} onClose={props.onClose}>
      <AssignForm {...props} />
    </SheetDialog>
  );
}

function AssignForm({ questionnaireId, questionnaireName, today, onClose }: AssignDialogProps) {
  const form = useForm<AssignFormValues>({
    defaultValues: {
      subject: { kind: 'organization' },
      repeat: 'daily',
      dates: [],
      startsOn: today,
      endsOn: '',
      weekdays: [],
      timeOfDay: '07:00',
    },
    resolver: resolverFor(questionnaireId),
  });
  const { control, register, handleSubmit, formState, setError, setValue } = form;
  const errors = formState.errors;
  const repeat = useWatch({ control, name: 'repeat' });
  const dates = useWatch({ control, name: 'dates' });
  const [dateToAdd, setDateToAdd] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateAssignment();
  const { setNewNotification } = useNotificationActions();
  const id = useId();

  const addDate = () => {
    if (!dateToAdd || dates.includes(dateToAdd)) return;
    setValue('dates', [...dates, dateToAdd].sort(), {
      shouldDirty: true,
      shouldValidate: formState.isSubmitted,
    });
  };
  const onValid = (values: AssignFormValues) => {
    setProblem(null);
    create.mutate(requestOf(questionnaireId, values), {
      onSuccess: () => {
        setNewNotification({
          title: 'Questionnaire assigned',
          message: `${values.subject.kind === 'organization' ? 'They' : values.subject.name} will be asked ${questionnaireName}.`,
        });
        onClose();
      },
      onError: (error) => setProblem(showFieldErrors(error, { setError, fieldOf })),
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} aria-label="Assign">
      <div className="mb-4">
        <span aria-hidden="true" className="mb-1.5 block text-sm font-medium text-foreground">
          For
        </span>
        <Controller
          control={control}
          name="subject"
          render={({ field }) => (
            <SubjectPicker
              label="For"
              value={field.value}
              onChange={field.onChange}
              allowOrganization={false}
            />
          )}
        />
        <p className="mt-1 min-h-5 text-sm text-danger">{errors.subject?.message ?? ''}</p>
      </div>

      <fieldset className="mb-4">
        <legend className="mb-1.5 text-sm font-medium text-foreground">Repeat</legend>
        <div className="grid grid-cols-2 gap-2">
          {repeatChoices.map((choice) => (
            <label
              key={choice.repeat}
              className="flex cursor-pointer items-start gap-2 rounded-xl border border-border p-3 has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                value={choice.repeat}
                className="mt-0.5 size-4 accent-primary"
                {...register('repeat')}
              />
              <span>
                <span className="block text-sm font-semibold text-foreground">{choice.label}</span>
                <span className="block text-xs text-muted-foreground">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {repeat === 'once' ? (
        <div className="mb-2">
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <label htmlFor={`${id}-date`} className="mb-1.5 block text-sm font-medium text-foreground">
                Date to add
              </label>
              <input
                id={`${id}-date`}
                type="date"
                value={dateToAdd}
                onChange={(event) => setDateToAdd(event.target.value)}
                className={`${inputClass} border-border`}
              />
            </div>
            <Button
              variant="secondary"
              onClick={addDate}
              disabled={dates.length >= questionnaireLimits.datesMax}
            >
              Add date
            </Button>
          </div>
          <ul aria-label="Dates" className="mt-3 flex min-h-9 flex-wrap gap-2">
            {dates.map((date) => (
              <li
                key={date}
                className="inline-flex items-center gap-1 rounded-full bg-primary-soft py-1 pr-1 pl-3 text-sm font-medium text-primary-ink"
              >
                {format(parseISO(date), 'EEE d MMM')}
                <button
                  type="button"
                  aria-label={`Remove ${format(parseISO(date), 'd MMM')}`}
                  onClick={() =>
                    setValue(
                      'dates',
                      dates.filter((other) => other !== date),
                      { shouldDirty: true },
                    )
                  }
                  className="inline-flex size-7 items-center justify-center rounded-full hover:bg-primary/15 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <CloseIcon className="size-3.5" />
                </button>
              </li>
            ))}
            {dates.length === 0 ? (
              <li className="text-sm text-muted-foreground">No date chosen yet.</li>
            ) : null}
          </ul>
          <p className="mt-1 min-h-5 text-sm text-danger">{errors.dates?.message ?? ''}</p>
        </div>
      ) : null}

      {repeat === 'weekly' ? (
        <fieldset className="mb-2">
          <legend className="mb-1.5 text-sm font-medium text-foreground">On</legend>
          <Controller
            control={control}
            name="weekdays"
            render={({ field }) => (
              <div className="grid grid-cols-7 gap-1">
                {weekdayShortNames.map((name, weekday) => (
                  <label
                    key={name}
                    className="inline-flex min-h-11 min-w-0 cursor-pointer items-center justify-center rounded-lg border border-border px-1 text-sm font-semibold text-foreground has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
                  >
                    <input
                      type="checkbox"
                      className="sr-only"
                      checked={field.value.includes(weekday)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, weekday]
                            : field.value.filter((other) => other !== weekday),
                        )
                      }
                    />
                    {name}
                  </label>
                ))}
              </div>
            )}
          />
          <p className="mt-1 min-h-5 text-sm text-danger">{errors.weekdays?.message ?? ''}</p>
        </fieldset>
      ) : null}

      {repeat !== 'once' ? (
        <div className="grid grid-cols-2 gap-x-3">
          <TextField
            label="First day"
            type="date"
            error={errors.startsOn?.message}
            {...register('startsOn')}
          />
          <TextField
            label="Last day (optional)"
            type="date"
            error={errors.endsOn?.message}
            {...register('endsOn')}
          />
        </div>
      ) : null}
      <TextField
        label="Time of day"
        type="time"
        className="max-w-48"
        error={errors.timeOfDay?.message}
        {...register('timeOfDay')}
      />

      {problem ? (
        <Alert className="mb-3" title="The questionnaire was not assigned.">
          <p>{problem}</p>
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isPending={create.isPending} pendingLabel="Assigning…">
          Assign
        </Button>
      </div>
    </form>
  );
}
