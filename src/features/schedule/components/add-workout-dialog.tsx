import type { WorkoutSummary } from '@contract';
import { createScheduleItemRequestSchema } from '@contract';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { PopoverHost } from '@/components/widgets/popover-host';
import { showFieldErrors } from '@/lib/api/request-failure';
import { useNotificationActions } from '@/stores/notifications-store';
import { useCreateScheduleItem } from '../api/schedule-mutations';
import { dayHeading } from '@/lib/schedule/calendar-range';
import type { Subject } from '@/components/widgets/subject-picker';
import { SubjectPicker } from '@/components/widgets/subject-picker';
import { WorkoutPicker } from './workout-picker';
import { useFormats } from '@/lib/format/use-formats';

interface AddValues {
  workout: WorkoutSummary | null;
  date: string;
  time: string;
  subject: Subject;
}

const fieldClass =
  'block min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';

/** The form's fields for the request's names: `workoutId` is the workout picker, `athleteId` the "for" picker. */
const fieldOf: Record<string, keyof AddValues> = {
  workoutId: 'workout',
  date: 'date',
  timeOfDay: 'time',
  athleteId: 'subject',
  groupId: 'subject',
};

interface AddWorkoutDialogProps {
  /** The day it opens on, or null while closed. */
  date: string | null;
  /** Whose calendar is open: the workout is for them unless changed. */
  subject: Subject;
  onClose: () => void;
}

/** Puts a library workout on a day for an athlete or a group (the tour's ADD_WORKOUT_TO_SCHEDULE). */
export function AddWorkoutDialog({ date, subject, onClose }: AddWorkoutDialogProps) {
  return (
    <SheetDialog isOpen={date !== null} title="Add a workout" onClose={onClose}>
      <PopoverHost>{date ? <AddForm date={date} subject={subject} onClose={onClose} /> : null}</PopoverHost>
    </SheetDialog>
  );
}

function AddForm({ date, subject, onClose }: { date: string; subject: Subject; onClose: () => void }) {
  const formats = useFormats();
  const create = useCreateScheduleItem();
  const { setNewNotification } = useNotificationActions();
  const [failure, setFailure] = useState<string | null>(null);
  const dateId = useId();
  const timeId = useId();
  const { control, register, handleSubmit, setError, formState } = useForm<AddValues>({
    defaultValues: { workout: null, date, time: '', subject },
  });
  const errors = formState.errors;

  const submit = handleSubmit((values) => {
    setFailure(null);
    const request = {
      workoutId: values.workout?.id ?? '',
      date: values.date,
      timeOfDay: values.time === '' ? null : values.time,
      ...(values.subject.kind === 'athlete' ? { athleteId: values.subject.id } : {}),
      ...(values.subject.kind === 'group' ? { groupId: values.subject.id } : {}),
    };
    // The contract's check first, on the fields it is about.
    const checked = createScheduleItemRequestSchema.safeParse(request);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = fieldOf[String(issue.path[0])] ?? 'workout';
        setError(field, {
          type: 'contract',
          message: field === 'workout' ? 'Choose a workout from the library' : issue.message,
        });
      }
      return;
    }
    create.mutate(checked.data, {
      onSuccess: ({ data }) => {
        const who =
          data.group?.name ?? (data.athlete ? `${data.athlete.firstName} ${data.athlete.lastName}` : '');
        setNewNotification({
          title: 'Scheduled',
          message: `${data.name} is on ${dayHeading(data.date, formats.place)} for ${who}.`,
        });
        onClose();
      },
      onError: (error) => {
        setFailure(
          showFieldErrors(error, {
            setError,
            fieldOf: (path) => fieldOf[path.split('.')[0] ?? ''] ?? 'workout',
          }),
        );
      },
    });
  });

  return (
    <form
      noValidate
      data-tour="add-workout-form"
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
    >
      <Controller
        control={control}
        name="workout"
        render={({ field }) => (
          <WorkoutPicker
            label="Workout"
            value={field.value}
            onChange={field.onChange}
            error={errors.workout?.message}
            autoFocus
          />
        )}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={dateId} className="mb-1.5 block text-sm font-medium text-foreground">
            Date
          </label>
          <input
            id={dateId}
            type="date"
            aria-invalid={errors.date ? true : undefined}
            className={`${fieldClass} ${errors.date ? 'border-danger' : 'border-border'}`}
            {...register('date')}
          />
          {errors.date ? <p className="mt-1 text-sm text-danger">{errors.date.message}</p> : null}
        </div>
        <div>
          <label htmlFor={timeId} className="mb-1.5 block text-sm font-medium text-foreground">
            Time <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <input id={timeId} type="time" className={`${fieldClass} border-border`} {...register('time')} />
        </div>
      </div>
      <Controller
        control={control}
        name="subject"
        render={({ field }) => (
          <div>
            <p className="mb-1.5 block text-sm font-medium text-foreground" id={`${dateId}-for`}>
              For
            </p>
            <SubjectPicker
              label="For which athlete or group"
              value={field.value}
              onChange={field.onChange}
              allowOrganization={false}
            />
            {errors.subject ? <p className="mt-1 text-sm text-danger">{errors.subject.message}</p> : null}
          </div>
        )}
      />
      {failure ? (
        <Alert title="Not scheduled.">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isPending={create.isPending} pendingLabel="Scheduling…">
          Add to the schedule
        </Button>
      </div>
    </form>
  );
}
