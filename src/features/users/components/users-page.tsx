import type { SettableUserStatus, User, UserListItem } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PlusIcon, SearchIcon, UsersIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { authQueries } from '@/lib/auth/auth-queries';
import { useScreenTitle } from '@/stores/header-store';
import { useNotificationActions } from '@/stores/notifications-store';
import { useChangeUserStatus } from '../api/change-user-status';
import { groupQueries, userQueries } from '../api/user-queries';
import { useMediaQuery } from '@/lib/use-media-query';
import type { UsersSearch } from '../users-search';
import { hasFilters, statusActionsFor } from '../user-list-rules';
import { canManageUsers, userListParamsFrom } from '../users-search';
import { ConfirmDisableDialog } from './confirm-disable-dialog';
import { NotAllowedPage } from '@/components/layouts/not-allowed-page';
import { useTourStepCompletedWhen } from '@/stores/onboarding-tour-store';
import { UserCards, UserTable } from './user-list-views';
import type { UsersFilterValues } from './users-filters';
import { UsersFilters } from './users-filters';
import { UsersPager } from './users-pager';

const route = getRouteApi('/app/users');

/** The users screen (product.md "users"): staff find people, approve sign-ups, disable and enable accounts. */
export function UsersPage() {
  useScreenTitle('Users');
  const { data: me } = useSuspenseQuery(authQueries.me());
  // Spec 4's tour, its first step: staff opened the users screen.
  useTourStepCompletedWhen('NAVIGATE_TO_USERS_PAGE', canManageUsers(me.user.role));
  if (!canManageUsers(me.user.role)) return <NotAllowedPage title="Users" />;
  return <UsersDirectory viewer={me.user} organizationName={me.organization.name} />;
}

function describeFilters(search: UsersSearch): string {
  return search.q ? `No one matches “${search.q}”` : 'No one matches these filters';
}

function UsersDirectory({ viewer, organizationName }: { viewer: User; organizationName: string }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const params = userListParamsFrom(search);
  const users = useQuery(userQueries.list(params));
  const groups = useQuery(groupQueries.list());
  const pendingCount = useQuery({
    ...userQueries.list({ page: 0, size: 1, status: 'pending' }),
    enabled: search.status !== 'pending',
  });
  const isWide = useMediaQuery('(min-width: 768px)', true);
  const changeStatus = useChangeUserStatus();
  const { setNewNotification } = useNotificationActions();
  const [confirming, setConfirming] = useState<UserListItem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onFiltersChange = useCallback(
    (change: Partial<UsersFilterValues>) =>
      void navigate({
        search: (previous) => {
          const next = { ...previous, ...change, page: undefined };
          return { ...next, q: next.q || undefined };
        },
        // Each keystroke of a search is not a page of history of its own.
        replace: 'q' in change,
      }),
    [navigate],
  );
  const clearFilters = () => void navigate({ search: {} });

  const apply = (user: UserListItem, status: SettableUserStatus) => {
    setFailure(null);
    changeStatus.mutate(
      { userId: user.id, status },
      {
        onSuccess: ({ message }) => setNewNotification({ title: 'Saved', message }),
        onError: (error) => {
          const reason = isApiRequestError(error) ? error.message : 'Check your connection and try again.';
          setFailure(`${user.firstName} ${user.lastName} could not be changed. ${reason}`);
        },
      },
    );
  };
  const onAction = (user: UserListItem, status: SettableUserStatus) => {
    if (status === 'disabled') setConfirming(user);
    else apply(user, status);
  };

  const list = users.data;
  const waiting = pendingCount.data?.total ?? 0;
  const viewProps = {
    users: list?.data ?? [],
    viewerId: viewer.id,
    actionsFor: (user: UserListItem) => statusActionsFor(viewer, user),
    onAction,
    busyUserId: changeStatus.isPending ? (changeStatus.variables?.userId ?? null) : null,
  };

  return (
    <div className="space-y-5">
      <PageHeader
        title="Users"
        description={`Everyone at ${organizationName}: add people, approve sign-ups, and disable or enable accounts.`}
        actions={
          <Link
            to="/app/users/new"
            data-tour="add-person"
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm transition-colors hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <PlusIcon className="size-4" />
            Add person
          </Link>
        }
      />

      {waiting > 0 && search.status !== 'pending' ? (
        <div className="flex flex-col gap-3 rounded-2xl border border-warning/40 bg-warning/10 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
          <p className="text-sm text-warning-foreground">
            <span className="font-semibold">
              {waiting === 1 ? '1 sign-up is' : `${waiting} sign-ups are`} waiting for approval.
            </span>{' '}
            Approve them to let them sign in.
          </p>
          <Link
            from="/app/users"
            search={{ status: 'pending' }}
            className="inline-flex min-h-10 shrink-0 items-center justify-center rounded-lg bg-surface px-3 text-sm font-semibold text-foreground shadow-xs ring-1 ring-warning/40 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            Review sign-ups
          </Link>
        </div>
      ) : null}

      <UsersFilters
        values={{ q: search.q ?? '', role: search.role, status: search.status, group: search.group }}
        groups={groups.data ?? []}
        onChange={onFiltersChange}
      />

      {failure ? (
        <Alert title="The change was not saved.">
          <p>{failure}</p>
        </Alert>
      ) : null}

      {users.isPending ? (
        <UsersSkeleton isWide={isWide} />
      ) : users.isError && !list ? (
        <Alert title="The people of your organisation could not be loaded.">
          <p>Check your connection and try again.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void users.refetch()}
            isPending={users.isRefetching}
            pendingLabel="Trying again…"
          >
            Try again
          </Button>
        </Alert>
      ) : list && list.total === 0 ? (
        <Card>
          {hasFilters(search) ? (
            <EmptyState
              icon={SearchIcon}
              title={describeFilters(search)}
              action={
                <Button variant="secondary" onClick={clearFilters}>
                  Clear filters
                </Button>
              }
            >
              Try part of a first or last name, or an email address, or fewer filters.
            </EmptyState>
          ) : (
            <EmptyState icon={UsersIcon} title="No people yet">
              When athletes sign up or are added, they appear here.
            </EmptyState>
          )}
        </Card>
      ) : list && list.data.length === 0 ? (
        <Card>
          <EmptyState
            icon={UsersIcon}
            title={`Page ${list.page + 1} is past the end of the list`}
            action={
              <Link
                from="/app/users"
                search={(previous) => ({ ...previous, page: undefined })}
                className={textLinkClass}
              >
                Go to the first page
              </Link>
            }
          >
            {list.total === 1 ? '1 person matches.' : `${list.total} people match.`}
          </EmptyState>
        </Card>
      ) : list ? (
        // Not a Card: its clipping would cut off the menu of the last rows.
        <section
          aria-busy={users.isPlaceholderData || undefined}
          aria-label="People"
          className="rounded-2xl border border-border bg-surface shadow-xs"
        >
          <div className={`transition-opacity ${users.isPlaceholderData ? 'opacity-60' : ''}`}>
            {isWide ? <UserTable {...viewProps} /> : <UserCards {...viewProps} />}
          </div>
          <UsersPager page={list.page} size={list.size} shown={list.data.length} total={list.total} />
        </section>
      ) : null}

      <ConfirmDisableDialog
        user={confirming}
        onCancel={() => setConfirming(null)}
        onConfirm={(user) => {
          setConfirming(null);
          apply(user, 'disabled');
        }}
      />
    </div>
  );
}

function UsersSkeleton({ isWide }: { isWide: boolean }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading people…</span>
      <Card aria-hidden="true">
        {isWide ? <div className="h-9 border-b border-border bg-muted/60" /> : null}
        <div className="divide-y divide-border">
          {[0, 1, 2, 3, 4, 5].map((row) => (
            <div key={row} className="flex h-[3.75rem] items-center gap-3 px-4 sm:px-5">
              <Skeleton className="size-9 shrink-0 rounded-full" />
              <div className="flex-1 space-y-1.5">
                <Skeleton className="h-4 w-40 max-w-full" />
                {isWide ? null : <Skeleton className="h-3 w-52 max-w-full" />}
              </div>
              {isWide ? <Skeleton className="hidden h-4 w-48 md:block" /> : null}
              <Skeleton className="h-5 w-20 rounded-full" />
            </div>
          ))}
        </div>
        <div className="flex h-14 items-center border-t border-border px-4 sm:px-5">
          <Skeleton className="h-4 w-24" />
        </div>
      </Card>
    </div>
  );
}
