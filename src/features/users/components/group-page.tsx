import type { GroupDetail, GroupMember } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { UsersIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { authQueries } from '@/lib/auth/auth-queries';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import type { MembershipChange } from '../api/group-mutations';
import { useDeleteGroup, useRemoveGroupMember, useUpdateGroup } from '../api/group-mutations';
import { groupQueries } from '@/lib/groups/group-queries';
import { canManageUsers } from '../users-search';
import { AddAthletes } from './add-athletes';
import { GroupForm } from './group-form';
import { GroupsNotAllowed } from './groups-page';

const route = getRouteApi('/app/groups/$groupId');

const failureText = (error: unknown) =>
  isApiRequestError(error) ? error.message : 'Check your connection and try again.';

/** One group: its name and description, and who is in it. */
export function GroupPage() {
  const { data: me } = useSuspenseQuery(authQueries.me());
  const { groupId } = route.useParams();
  const group = useQuery({ ...groupQueries.detail(groupId), enabled: canManageUsers(me.user.role) });
  useScreenTitle(group.data?.name ?? 'Group');
  if (!canManageUsers(me.user.role)) return <GroupsNotAllowed />;

  if (group.isPending) return <GroupSkeleton />;
  if (group.isError) {
    const gone = isApiRequestError(group.error) && group.error.status === 404;
    return (
      <div className="space-y-5">
        <BackToGroups />
        <Card>
          <EmptyState
            icon={UsersIcon}
            title={gone ? 'This group does not exist' : 'The group could not be loaded'}
            action={
              gone ? (
                <Link to="/app/groups" className={textLinkClass}>
                  See all groups
                </Link>
              ) : (
                <Button
                  variant="secondary"
                  onClick={() => void group.refetch()}
                  isPending={group.isRefetching}
                >
                  Try again
                </Button>
              )
            }
          >
            {gone ? 'It may have been deleted by someone else.' : 'Check your connection and try again.'}
          </EmptyState>
        </Card>
      </div>
    );
  }
  return <GroupDetails group={group.data} />;
}

function BackToGroups() {
  return (
    <Link to="/app/groups" className={`${textLinkClass} inline-flex items-center gap-1 text-sm`}>
      <span aria-hidden="true">←</span> All groups
    </Link>
  );
}

function GroupSkeleton() {
  return (
    <div className="space-y-5" aria-busy="true" aria-label="Loading the group">
      <BackToGroups />
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-4 w-72" />
      <Card className="space-y-3 p-5">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </Card>
    </div>
  );
}

function GroupDetails({ group }: { group: GroupDetail }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const updateGroup = useUpdateGroup();
  const deleteGroup = useDeleteGroup();
  const removeMember = useRemoveGroupMember();
  const navigate = useNavigate();
  const { setNewNotification } = useNotificationActions();
  const [failure, setFailure] = useState<string | null>(null);

  const remove = (member: GroupMember) => {
    setFailure(null);
    const change: MembershipChange = {
      groupId: group.id,
      userId: member.id,
      name: `${member.firstName} ${member.lastName}`,
    };
    removeMember.mutate(change, {
      onSuccess: () =>
        setNewNotification({ title: 'Saved', message: `${change.name} is no longer in ${group.name}.` }),
      onError: (error) => setFailure(`${change.name} was not removed. ${failureText(error)}`),
    });
  };

  const confirmDelete = () =>
    deleteGroup.mutate(group.id, {
      onSuccess: ({ message }) => {
        setIsConfirmingDelete(false);
        setNewNotification({ title: 'Group deleted', message });
        void navigate({ to: '/app/groups' });
      },
      onError: (error) => {
        setIsConfirmingDelete(false);
        setFailure(`${group.name} was not deleted. ${failureText(error)}`);
      },
    });

  return (
    <div className="space-y-5">
      <BackToGroups />
      {isEditing ? (
        <Card className="p-5 sm:p-6">
          <h1 className="mb-4 text-lg font-semibold tracking-tight text-foreground">Edit {group.name}</h1>
          <GroupForm
            draftKey={`group-${group.id}`}
            initial={{ name: group.name, description: group.description ?? '' }}
            submitLabel="Save"
            pendingLabel="Saving…"
            isPending={updateGroup.isPending}
            error={updateGroup.error}
            onCancel={() => {
              updateGroup.reset();
              setIsEditing(false);
            }}
            onSubmit={(values, done) =>
              updateGroup.mutate(
                { groupId: group.id, ...values },
                {
                  onSuccess: ({ message }) => {
                    done();
                    setIsEditing(false);
                    setNewNotification({ title: 'Saved', message });
                  },
                },
              )
            }
          />
        </Card>
      ) : (
        <PageHeader
          title={group.name}
          description={group.description ?? undefined}
          actions={
            <>
              <Button variant="secondary" onClick={() => setIsEditing(true)}>
                Edit
              </Button>
              <Button variant="danger-ghost" onClick={() => setIsConfirmingDelete(true)}>
                Delete group
              </Button>
            </>
          }
        />
      )}

      {failure ? (
        <Alert title="The change was not saved.">
          <p>{failure}</p>
        </Alert>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:items-start">
        <Card className="overflow-hidden">
          <div className="flex items-baseline justify-between border-b border-border px-5 py-4">
            <h2 className="text-base font-semibold text-foreground">Members</h2>
            <p className="text-sm text-muted-foreground">
              {group.members.length === 1 ? '1 athlete' : `${group.members.length} athletes`}
            </p>
          </div>
          {group.members.length === 0 ? (
            <EmptyState icon={UsersIcon} title="No one in this group yet">
              Add athletes with the search next to this list.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-border" aria-label={`Members of ${group.name}`}>
              {group.members.map((member) => {
                const name = `${member.firstName} ${member.lastName}`;
                const isRemoving = removeMember.isPending && removeMember.variables.userId === member.id;
                return (
                  <li key={member.id} className="flex items-center gap-3 px-5 py-3">
                    <Avatar firstName={member.firstName} lastName={member.lastName} />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-foreground">{name}</p>
                      <p className="truncate text-sm text-muted-foreground">
                        {member.email}
                        {member.status === 'pending' ? ' · waiting for approval' : ''}
                        {member.status === 'disabled' ? ' · disabled' : ''}
                      </p>
                    </div>
                    <Button
                      variant="ghost"
                      className="shrink-0"
                      aria-label={`Remove ${name} from ${group.name}`}
                      onClick={() => remove(member)}
                      isPending={isRemoving}
                    >
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>
        <AddAthletes group={group} onFailure={setFailure} />
      </div>

      <ConfirmDialog
        isOpen={isConfirmingDelete}
        title={`Delete ${group.name}?`}
        confirmLabel={`Delete ${group.name}`}
        onConfirm={confirmDelete}
        onCancel={() => setIsConfirmingDelete(false)}
        isPending={deleteGroup.isPending}
      >
        The group goes away for everyone. Its {group.members.length === 1 ? 'athlete stays' : 'athletes stay'}{' '}
        in the organisation with their history.
      </ConfirmDialog>
    </div>
  );
}
