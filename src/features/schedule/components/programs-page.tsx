import type { ProgramSummary } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { NotAllowedPage } from '@/components/layouts/not-allowed-page';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ChevronDownIcon, ClipboardIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { RowActionsMenu } from '@/components/widgets/row-actions-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { authQueries } from '@/lib/auth/auth-queries';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import { useDeleteProgram, useDuplicateProgram } from '../api/schedule-mutations';
import { programQueries } from '../api/schedule-queries';
import { plansSchedules } from '../schedule-search';

export const newProgramLinkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

const length = (program: ProgramSummary) => {
  const weeks = Math.ceil(program.dayCount / 7);
  return `${program.workoutCount === 1 ? '1 workout' : `${program.workoutCount} workouts`} over ${
    weeks === 1 ? '1 week' : `${weeks} weeks`
  }`;
};

export function BackToSchedule() {
  return (
    <Link
      to="/app/schedule"
      className="inline-flex min-h-10 items-center gap-1 rounded-lg text-sm font-semibold text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ChevronDownIcon className="size-4 rotate-90" />
      Schedule
    </Link>
  );
}

/** `/app/schedule/programs`: the spec's schedule templates, to apply to anyone from any date. */
export function ProgramsPage() {
  useScreenTitle('Programs');
  const { data: me } = useSuspenseQuery(authQueries.me());
  if (!plansSchedules(me.user.role)) {
    return (
      <NotAllowedPage
        title="Programs"
        icon={ClipboardIcon}
        reason="Your coaches apply programs; your schedule shows what they hold for you."
      />
    );
  }
  return <ProgramList />;
}

function ProgramList() {
  const programs = useQuery(programQueries.list());
  const navigate = useNavigate();
  const duplicate = useDuplicateProgram();
  const remove = useDeleteProgram();
  const { setNewNotification } = useNotificationActions();
  const [deleting, setDeleting] = useState<ProgramSummary | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (error: unknown) => setFailure(requestFailureMessage(error));

  return (
    <div className="space-y-5">
      <BackToSchedule />
      <PageHeader
        title="Programs"
        description="Workouts on days 1, 2, 3… that you apply to an athlete or a group from a start date."
        actions={
          <Link to="/app/schedule/programs/new" className={newProgramLinkClass}>
            <PlusIcon className="size-4" />
            New program
          </Link>
        }
      />
      {failure ? <Alert title="Not changed.">{failure}</Alert> : null}
      {programs.isPending ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Loading programs">
          {[0, 1].map((index) => (
            <li key={index}>
              <Card className="h-32 space-y-3 p-5">
                <Skeleton className="h-5 w-48" />
                <Skeleton className="h-4 w-64" />
              </Card>
            </li>
          ))}
        </ul>
      ) : programs.isError ? (
        <Alert title="The programs could not be loaded.">
          <Button variant="secondary" className="mt-2" onClick={() => void programs.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : programs.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={ClipboardIcon}
            title="No programs yet"
            action={
              <Link to="/app/schedule/programs/new" className={newProgramLinkClass}>
                <PlusIcon className="size-4" />
                Build a program
              </Link>
            }
          >
            A program is a block of training you use again: four weeks of off-season strength, a
            return-to-throw plan. Build one, or save a range of a calendar as one.
          </EmptyState>
        </Card>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {programs.data.map((program) => (
            <li key={program.id}>
              <Card className="flex h-full items-start gap-3 p-5">
                <div className="min-w-0 flex-1">
                  <Link
                    to="/app/schedule/programs/$programId"
                    params={{ programId: program.id }}
                    className="text-base font-semibold text-foreground underline-offset-2 hover:text-primary-ink hover:underline"
                  >
                    {program.name}
                  </Link>
                  <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">
                    {program.description ?? 'No description'}
                  </p>
                  <p className="mt-3 text-sm font-medium text-foreground">{length(program)}</p>
                  <p className="text-xs text-muted-foreground">
                    {program.applicationCount === 0
                      ? 'Not applied yet'
                      : program.applicationCount === 1
                        ? 'Applied once'
                        : `Applied ${program.applicationCount} times`}
                  </p>
                </div>
                <RowActionsMenu
                  label={`Actions for ${program.name}`}
                  actions={[
                    { id: 'open', label: 'Open and apply', icon: ClipboardIcon },
                    { id: 'duplicate', label: 'Duplicate', icon: PlusIcon },
                    { id: 'delete', label: 'Delete', icon: TrashIcon, danger: true },
                  ]}
                  onAction={(id) => {
                    setFailure(null);
                    if (id === 'open')
                      void navigate({
                        to: '/app/schedule/programs/$programId',
                        params: { programId: program.id },
                      });
                    else if (id === 'duplicate')
                      duplicate.mutate(program.id, {
                        onSuccess: ({ message }) =>
                          setNewNotification({ title: 'Program duplicated', message }),
                        onError,
                      });
                    else setDeleting(program);
                  }}
                />
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this program'}?`}
        confirmLabel="Delete program"
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => setNewNotification({ title: 'Program deleted', message }),
            onError,
            onSettled: () => setDeleting(null),
          })
        }
      >
        The program leaves the list. What it already put on calendars stays there.
      </ConfirmDialog>
    </div>
  );
}
