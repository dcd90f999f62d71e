import type { GroupSummary } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { UsersIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { authQueries } from '@/lib/auth/auth-queries';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import { useCreateGroup } from '../api/group-mutations';
import { groupQueries } from '@/lib/groups/group-queries';
import { canManageUsers } from '../users-search';
import { GroupForm } from './group-form';
import { NotAllowedPage } from '@/components/layouts/not-allowed-page';

/** The groups screen (product.md "groups"): staff make athlete groups and open one to manage its members. */
export function GroupsPage() {
  useScreenTitle('Groups');
  const { data: me } = useSuspenseQuery(authQueries.me());
  if (!canManageUsers(me.user.role)) return <GroupsNotAllowed />;
  return <GroupList organizationName={me.organization.name} />;
}

export function GroupsNotAllowed() {
  return (
    <NotAllowedPage
      title="Groups"
      reason="Your coach puts you in groups; your schedule shows what each group trains."
    />
  );
}

const athleteCount = (count: number) => (count === 1 ? '1 athlete' : `${count} athletes`);

function GroupList({ organizationName }: { organizationName: string }) {
  const groups = useQuery(groupQueries.list());
  const [isCreating, setIsCreating] = useState(false);

  const newGroupButton = (
    <Button onClick={() => setIsCreating(true)} disabled={isCreating}>
      New group
    </Button>
  );

  return (
    <div className="space-y-5">
      <PageHeader
        title="Groups"
        description={`Teams and position groups at ${organizationName}. An athlete can be in several.`}
        actions={groups.data && groups.data.length > 0 ? newGroupButton : null}
      />

      {isCreating ? <NewGroupCard onClose={() => setIsCreating(false)} /> : null}

      {groups.isPending ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading groups">
          {[0, 1, 2].map((index) => (
            <li key={index}>
              <Card className="h-32 p-5">
                <Skeleton className="h-5 w-32" />
                <Skeleton className="mt-3 h-4 w-48" />
                <Skeleton className="mt-6 h-4 w-20" />
              </Card>
            </li>
          ))}
        </ul>
      ) : groups.isError ? (
        <Alert title="The groups could not be loaded.">
          <p>Check your connection and try again.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void groups.refetch()}
            isPending={groups.isRefetching}
            pendingLabel="Trying again…"
          >
            Try again
          </Button>
        </Alert>
      ) : groups.data.length === 0 ? (
        isCreating ? null : (
          <Card>
            <EmptyState icon={UsersIcon} title="No groups yet" action={newGroupButton}>
              Make a group for a team or a position, then schedule its training once for everyone in it.
            </EmptyState>
          </Card>
        )
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {groups.data.map((group) => (
            <li key={group.id}>
              <GroupCard group={group} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function GroupCard({ group }: { group: GroupSummary }) {
  return (
    <Link
      to="/app/groups/$groupId"
      params={{ groupId: group.id }}
      className="group flex h-full min-h-32 flex-col rounded-2xl border border-border bg-surface p-5 shadow-xs transition-colors hover:border-primary/50 hover:bg-muted/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="flex items-start justify-between gap-3">
        <span className="text-base font-semibold text-foreground group-hover:text-primary-ink">
          {group.name}
        </span>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
          <UsersIcon className="size-4" />
        </span>
      </span>
      <span className="mt-1 line-clamp-2 text-sm text-muted-foreground">
        {group.description ?? 'No description'}
      </span>
      <span className="mt-auto pt-4 text-sm font-medium text-foreground">
        {athleteCount(group.memberCount)}
      </span>
    </Link>
  );
}

function NewGroupCard({ onClose }: { onClose: () => void }) {
  const createGroup = useCreateGroup();
  const navigate = useNavigate();
  const { setNewNotification } = useNotificationActions();
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 text-lg font-semibold tracking-tight text-foreground">New group</h2>
      <GroupForm
        draftKey="group-new"
        initial={{ name: '', description: '' }}
        submitLabel="Create group"
        pendingLabel="Creating…"
        isPending={createGroup.isPending}
        error={createGroup.error}
        onCancel={onClose}
        onSubmit={(values, done) =>
          createGroup.mutate(values, {
            onSuccess: ({ group, message }) => {
              done();
              setNewNotification({ title: 'Group created', message });
              void navigate({ to: '/app/groups/$groupId', params: { groupId: group.id } });
            },
          })
        }
      />
    </Card>
  );
}
