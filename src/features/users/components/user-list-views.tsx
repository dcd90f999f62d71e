import type { SettableUserStatus, UserListItem } from '@contract';
import { Link } from '@tanstack/react-router';
import { Avatar } from '@/components/ui/avatar';
import { roleLabels } from '@/lib/auth/role-labels';
import { UserActionsMenu } from './user-actions-menu';
import { UserStatusBadge } from './user-status-badge';

export interface UserListViewProps {
  users: readonly UserListItem[];
  viewerId: string;
  actionsFor: (user: UserListItem) => SettableUserStatus[];
  onAction: (user: UserListItem, status: SettableUserStatus) => void;
  /** The user whose change is on its way, whose menu waits meanwhile. */
  busyUserId: string | null;
}

const nameLinkClass =
  'rounded-sm text-foreground underline-offset-2 hover:text-primary-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The name opens the person's page. */
function PersonLink({ user }: { user: UserListItem }) {
  return (
    <Link to="/app/users/$userId" params={{ userId: user.id }} className={nameLinkClass}>
      {user.firstName} {user.lastName}
    </Link>
  );
}

function YouTag() {
  return (
    <span className="ml-2 inline-flex rounded-md bg-primary-soft px-1.5 py-0.5 align-middle text-xs font-semibold text-primary-ink">
      You
    </span>
  );
}

/** `wrap` off keeps a wide table row one line high: the column grows to fit two chips instead. */
function GroupChips({ user, limit, wrap }: { user: UserListItem; limit: number; wrap: boolean }) {
  if (user.groups.length === 0) {
    return (
      <>
        <span aria-hidden="true" className="text-muted-foreground">
          —
        </span>
        <span className="sr-only">No groups</span>
      </>
    );
  }
  const shown = user.groups.slice(0, limit);
  const hidden = user.groups.slice(limit);
  return (
    <ul className={`flex flex-wrap gap-1 ${wrap ? '' : 'xl:flex-nowrap'}`}>
      {shown.map((group) => (
        <li
          key={group.id}
          className="inline-flex max-w-40 truncate whitespace-nowrap rounded-md border border-border bg-muted/60 px-1.5 py-0.5 text-xs font-medium text-foreground"
        >
          {group.name}
        </li>
      ))}
      {hidden.length > 0 ? (
        <li
          title={hidden.map((group) => group.name).join(', ')}
          className="inline-flex rounded-md px-1 py-0.5 text-xs font-medium text-muted-foreground"
        >
          +{hidden.length} more
        </li>
      ) : null}
    </ul>
  );
}

/** Wider screens: one row per person with every column. */
export function UserTable({ users, viewerId, actionsFor, onAction, busyUserId }: UserListViewProps) {
  return (
    // No scrolling box around the table: a row's menu must not be clipped. Narrower screens drop the role column.
    <div>
      <table className="w-full text-left text-sm [&_thead_th:first-child]:rounded-tl-2xl [&_thead_th:last-child]:rounded-tr-2xl">
        <caption className="sr-only">People in the organisation</caption>
        <thead className="bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-5 py-2.5">
              Name and email
            </th>
            <th scope="col" className="hidden px-4 py-2.5 xl:table-cell">
              Role
            </th>
            <th scope="col" className="px-4 py-2.5">
              Status
            </th>
            <th scope="col" className="px-4 py-2.5">
              Groups
            </th>
            <th scope="col" className="w-14 px-3 py-2.5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => (
            <tr
              key={user.id}
              className={`transition-colors hover:bg-muted/40 ${user.status === 'pending' ? 'bg-warning/5' : ''}`}
            >
              <th scope="row" className="px-5 py-3 text-left font-normal">
                <div className="flex items-center gap-3">
                  <Avatar firstName={user.firstName} lastName={user.lastName} />
                  <div className="min-w-0">
                    <p className="font-medium whitespace-nowrap text-foreground">
                      <PersonLink user={user} />
                      {user.id === viewerId ? <YouTag /> : null}
                    </p>
                    <p className="max-w-64 truncate text-muted-foreground">
                      <span className="xl:hidden">{roleLabels[user.role]} · </span>
                      {user.email}
                    </p>
                  </div>
                </div>
              </th>
              <td className="hidden px-4 py-3 whitespace-nowrap text-foreground xl:table-cell">
                {roleLabels[user.role]}
              </td>
              <td className="px-4 py-3">
                <UserStatusBadge status={user.status} invited={user.invitationPending} />
              </td>
              <td className="px-4 py-3">
                <GroupChips user={user} limit={2} wrap={false} />
              </td>
              <td className="px-3 py-2 text-right">
                <UserActionsMenu
                  user={user}
                  actions={actionsFor(user)}
                  onAction={onAction}
                  disabled={busyUserId === user.id}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: a card per person, the status where the eye lands, the menu under the thumb. */
export function UserCards({ users, viewerId, actionsFor, onAction, busyUserId }: UserListViewProps) {
  return (
    <ul aria-label="People in the organisation" className="divide-y divide-border">
      {users.map((user) => (
        <li
          key={user.id}
          className={`flex items-start gap-3 px-4 py-3.5 first:rounded-t-2xl ${user.status === 'pending' ? 'bg-warning/5' : ''}`}
        >
          <Avatar firstName={user.firstName} lastName={user.lastName} className="mt-0.5 size-10 text-sm" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-foreground">
              <PersonLink user={user} />
              {user.id === viewerId ? <YouTag /> : null}
            </p>
            <p className="truncate text-sm text-muted-foreground">{user.email}</p>
            <div className="mt-2 flex items-center gap-2 text-xs">
              <UserStatusBadge status={user.status} invited={user.invitationPending} />
              <span className="font-semibold text-foreground">{roleLabels[user.role]}</span>
            </div>
            {user.groups.length > 0 ? (
              <div className="mt-2">
                <GroupChips user={user} limit={3} wrap />
              </div>
            ) : null}
          </div>
          <div className="-mt-1 -mr-2">
            <UserActionsMenu
              user={user}
              actions={actionsFor(user)}
              onAction={onAction}
              disabled={busyUserId === user.id}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}
