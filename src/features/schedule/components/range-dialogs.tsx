import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { PopoverHost } from '@/components/widgets/popover-host';
import { TextField } from '@/components/ui/text-field';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { requestFailureSummary } from '@/lib/api/request-failure';
import { useNotificationActions } from '@/stores/notifications-store';
import {
  useAnnounceBatch,
  useCopySchedule,
  useDeleteScheduleRange,
  useProgramFromSchedule,
} from '../api/schedule-mutations';
import { shortDay } from '@/lib/schedule/calendar-range';
import type { Subject } from '@/components/widgets/subject-picker';
import { SubjectPicker } from '@/components/widgets/subject-picker';
import { useFormats } from '@/lib/format/use-formats';

export type RangeTask = 'copy' | 'delete' | 'program';

interface RangeDialogProps {
  task: RangeTask | null;
  subject: Subject;
  from: string;
  to: string;
  /** Where a copy lands by default (the next week, day or month). */
  nextStart: string;
  onClose: () => void;
}

const fieldClass =
  'block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';

const idsOf = (subject: Subject) =>
  subject.kind === 'athlete'
    ? { athleteId: subject.id }
    : subject.kind === 'group'
      ? { groupId: subject.id }
      : {};

const titles: Record<RangeTask, string> = {
  copy: 'Copy to another week',
  delete: 'Remove from the schedule',
  program: 'Save as a program',
};

/** Copy a range to another start date, remove a range, or keep a range as a program: each for one athlete or group. */
export function RangeDialog({ task, ...props }: RangeDialogProps) {
  return (
    <SheetDialog isOpen={task !== null} title={task ? titles[task] : ''} onClose={props.onClose}>
      <PopoverHost>
        {task === 'copy' ? <CopyForm {...props} /> : null}
        {task === 'delete' ? <DeleteForm {...props} /> : null}
        {task === 'program' ? <ProgramForm {...props} /> : null}
      </PopoverHost>
    </SheetDialog>
  );
}

function RangeFields({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string;
  to: string;
  onFrom: (date: string) => void;
  onTo: (date: string) => void;
}) {
  const fromId = useId();
  const toId = useId();
  return (
    <div className="grid grid-cols-2 gap-3">
      <div>
        <label htmlFor={fromId} className="mb-1.5 block text-sm font-medium text-foreground">
          From
        </label>
        <input
          id={fromId}
          type="date"
          required
          value={from}
          onChange={(event) => onFrom(event.target.value)}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={toId} className="mb-1.5 block text-sm font-medium text-foreground">
          To
        </label>
        <input
          id={toId}
          type="date"
          required
          value={to}
          onChange={(event) => onTo(event.target.value)}
          className={fieldClass}
        />
      </div>
    </div>
  );
}

function Footer({
  onClose,
  label,
  pending,
  danger = false,
}: {
  onClose: () => void;
  label: string;
  pending: boolean;
  danger?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} isPending={pending}>
        {label}
      </Button>
    </div>
  );
}

function CopyForm({
  subject,
  from: viewFrom,
  to: viewTo,
  nextStart,
  onClose,
}: Omit<RangeDialogProps, 'task'>) {
  const copy = useCopySchedule();
  const announce = useAnnounceBatch();
  const [from, setFrom] = useState(viewFrom);
  const [to, setTo] = useState(viewTo);
  const [toDate, setToDate] = useState(nextStart);
  const [target, setTarget] = useState<Subject>(subject);
  const [failure, setFailure] = useState<string | null>(null);
  const toDateId = useId();
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        const targetIds = idsOf(target);
        copy.mutate(
          {
            from,
            to,
            toDate,
            ...idsOf(subject),
            ...('athleteId' in targetIds ? { toAthleteId: targetIds.athleteId } : {}),
            ...('groupId' in targetIds ? { toGroupId: targetIds.groupId } : {}),
          },
          {
            onSuccess: (answer) => {
              announce('Copied', answer);
              onClose();
            },
            onError: (error) => setFailure(requestFailureSummary(error)),
          },
        );
      }}
    >
      <p className="text-sm text-muted-foreground">
        The workouts of these days are copied day by day from the new start date, as workouts still to do (a
        week that went well is the plan to repeat).
      </p>
      <RangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
      <div>
        <label htmlFor={toDateId} className="mb-1.5 block text-sm font-medium text-foreground">
          Starting on
        </label>
        <input
          id={toDateId}
          type="date"
          required
          value={toDate}
          onChange={(event) => setToDate(event.target.value)}
          className={fieldClass}
        />
      </div>
      <div>
        <p className="mb-1.5 text-sm font-medium text-foreground">For</p>
        <SubjectPicker
          label="Copy for which athlete or group"
          value={target}
          onChange={setTarget}
          allowOrganization={false}
        />
      </div>
      {failure ? <Alert title="Not copied.">{failure}</Alert> : null}
      <Footer onClose={onClose} label="Copy" pending={copy.isPending} />
    </form>
  );
}

function DeleteForm({ subject, from: viewFrom, to: viewTo, onClose }: Omit<RangeDialogProps, 'task'>) {
  const formats = useFormats();
  const remove = useDeleteScheduleRange();
  const announce = useAnnounceBatch();
  const [from, setFrom] = useState(viewFrom);
  const [to, setTo] = useState(viewTo);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        remove.mutate(
          { from, to, ...idsOf(subject) },
          {
            onSuccess: (answer) => {
              announce('Removed', answer);
              onClose();
            },
            onError: (error) => setFailure(requestFailureSummary(error)),
          },
        );
      }}
    >
      <p className="text-sm text-muted-foreground">
        Every workout of {subject.kind === 'organization' ? '' : subject.name} from{' '}
        {shortDay(from, formats.place)} to {shortDay(to, formats.place)} that is not started leaves the
        schedule. Done and started ones stay. You can undo it from the message that follows.
      </p>
      <RangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
      {failure ? <Alert title="Nothing removed.">{failure}</Alert> : null}
      <Footer onClose={onClose} label="Remove" pending={remove.isPending} danger />
    </form>
  );
}

function ProgramForm({ subject, from: viewFrom, to: viewTo, onClose }: Omit<RangeDialogProps, 'task'>) {
  const save = useProgramFromSchedule();
  const navigate = useNavigate();
  const { setNewNotification } = useNotificationActions();
  const [name, setName] = useState('');
  const [from, setFrom] = useState(viewFrom);
  const [to, setTo] = useState(viewTo);
  const [failure, setFailure] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        setNameError(undefined);
        save.mutate(
          { name, from, to, ...idsOf(subject) },
          {
            onSuccess: ({ data, message }) => {
              setNewNotification({ title: 'Program saved', message });
              onClose();
              void navigate({ to: '/app/schedule/programs/$programId', params: { programId: data.id } });
            },
            onError: (error) => {
              if (isApiRequestError(error) && error.fields.name) setNameError(error.fields.name);
              else setFailure(requestFailureSummary(error));
            },
          },
        );
      }}
    >
      <p className="text-sm text-muted-foreground">
        The workouts of these days become a program: the first day is day 1. Apply it later to anyone, from
        any date.
      </p>
      <TextField
        label="Program name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameError}
        maxLength={120}
      />
      <RangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
      {failure ? <Alert title="Not saved.">{failure}</Alert> : null}
      <Footer onClose={onClose} label="Save program" pending={save.isPending} />
    </form>
  );
}
