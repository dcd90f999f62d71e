import type { QuestionnaireAssignment, QuestionnaireItem } from '@contract/questionnaires';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LayersIcon, PlusIcon, UserIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { requestFailureMessage, requestFailureSummary } from '@/lib/api/request-failure';
import { useFormats } from '@/lib/format/use-formats';
import { todayIn } from '@/lib/schedule/calendar-range';
import { useNotificationActions } from '@/stores/notifications-store';
import { questionnaireQueries } from '../api/questionnaire-queries';
import { useStopAssignment } from '../api/stop-assignment';
import { repeatWords } from '../assignment-words';
import { AssignDialog } from './assign-dialog';

const whomOf = (assignment: QuestionnaireAssignment) =>
  assignment.group
    ? assignment.group.name
    : assignment.athlete
      ? `${assignment.athlete.firstName} ${assignment.athlete.lastName}`
      : 'Nobody';

/** Who is asked a questionnaire and when; assign it again or stop an assignment. */
export function AssignmentsPanel({ questionnaire }: { questionnaire: QuestionnaireItem }) {
  const assignments = useQuery(questionnaireQueries.assignments(questionnaire.id));
  const stop = useStopAssignment(questionnaire.id);
  const { setNewNotification } = useNotificationActions();
  const formats = useFormats();
  const today = todayIn(formats.place.timeZone);
  const [assigning, setAssigning] = useState(false);
  const [stopping, setStopping] = useState<QuestionnaireAssignment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const archived = questionnaire.archivedAt !== null;

  const confirmStop = () => {
    if (!stopping) return;
    setProblem(null);
    stop.mutate(stopping.id, {
      onSuccess: () =>
        setNewNotification({
          title: 'Assignment stopped',
          message: `${whomOf(stopping)} is no longer asked ${questionnaire.name}. The answers given stay.`,
        }),
      onError: (error) => setProblem(requestFailureSummary(error)),
      onSettled: () => setStopping(null),
    });
  };

  return (
    <Card aria-labelledby="assignments-heading">
      <header className="flex items-center justify-between gap-3 border-b border-border px-5 py-3">
        <h2 id="assignments-heading" className="text-lg font-semibold text-foreground">
          Assignments
        </h2>
        {archived ? null : (
          <Button onClick={() => setAssigning(true)}>
            <PlusIcon className="size-4" />
            Assign
          </Button>
        )}
      </header>
      {problem ? (
        <Alert className="m-4" title="The assignment was not stopped.">
          {problem}
        </Alert>
      ) : null}
      {assignments.isPending ? (
        <div role="status" className="space-y-3 p-5">
          <span className="sr-only">Loading the assignments…</span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
        </div>
      ) : assignments.isError ? (
        <div className="p-5">
          <p className="text-sm text-danger">{requestFailureMessage(assignments.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void assignments.refetch()}>
            Try again
          </Button>
        </div>
      ) : assignments.data.length === 0 ? (
        <p className="px-5 py-6 text-sm text-muted-foreground">
          {archived
            ? 'Nobody is asked an archived questionnaire.'
            : 'Not assigned yet. Assign it to a group or an athlete, and they are asked on their phones.'}
        </p>
      ) : (
        <ul aria-label="Assignments" className="divide-y divide-border">
          {assignments.data.map((assignment) => {
            const whom = whomOf(assignment);
            const WhomIcon = assignment.group ? LayersIcon : UserIcon;
            return (
              <li key={assignment.id} className="flex items-center gap-3 px-5 py-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
                  <WhomIcon className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-semibold text-foreground">{whom}</p>
                  <p className="text-sm text-muted-foreground">{repeatWords(assignment, today)}</p>
                </div>
                <Button
                  variant="danger-ghost"
                  aria-label={`Stop asking ${whom}`}
                  onClick={() => setStopping(assignment)}
                >
                  Stop
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <AssignDialog
        isOpen={assigning}
        questionnaireId={questionnaire.id}
        questionnaireName={questionnaire.name}
        today={today}
        onClose={() => setAssigning(false)}
      />
      <ConfirmDialog
        isOpen={stopping !== null}
        title={`Stop asking ${stopping ? whomOf(stopping) : ''}?`}
        confirmLabel="Stop"
        isPending={stop.isPending}
        onCancel={() => setStopping(null)}
        onConfirm={confirmStop}
      >
        They are no longer asked {questionnaire.name} from today. The answers already given stay.
      </ConfirmDialog>
    </Card>
  );
}
