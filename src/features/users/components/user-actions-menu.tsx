import type { SettableUserStatus, UserListItem } from '@contract';
import { Popover } from '@/components/ui/popover';
import { CheckIcon, CloseIcon, MoreVerticalIcon, SignOutIcon } from '@/components/ui/icons';
import type { Icon } from '@/components/ui/icons';

interface UserActionsMenuProps {
  user: UserListItem;
  actions: readonly SettableUserStatus[];
  onAction: (user: UserListItem, status: SettableUserStatus) => void;
  disabled?: boolean;
}

function actionOf(
  user: UserListItem,
  status: SettableUserStatus,
): { label: string; icon: Icon; danger: boolean } {
  if (status === 'disabled') return { label: 'Disable', icon: SignOutIcon, danger: true };
  if (status === 'rejected') return { label: 'Reject', icon: CloseIcon, danger: true };
  return { label: user.status === 'disabled' ? 'Enable' : 'Approve', icon: CheckIcon, danger: false };
}

const itemClass =
  'flex min-h-11 w-full items-center gap-2.5 rounded-lg px-3 text-left text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring';

/** The row's menu of status changes; only what the signed-in user may do is offered. */
export function UserActionsMenu({ user, actions, onAction, disabled = false }: UserActionsMenuProps) {
  const name = `${user.firstName} ${user.lastName}`;
  if (actions.length === 0) return null;
  return (
    <Popover
      trigger={<MoreVerticalIcon className="size-5" />}
      triggerLabel={`Actions for ${name}`}
      triggerClassName={`inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-expanded:bg-muted aria-expanded:text-foreground ${disabled ? 'pointer-events-none opacity-50' : ''}`}
      panelLabel={`Actions for ${name}`}
      panelClassName="w-48"
    >
      {(close) => (
        <ul className="space-y-0.5">
          {actions.map((status) => {
            const { label, icon: ActionIcon, danger } = actionOf(user, status);
            return (
              <li key={status}>
                <button
                  type="button"
                  className={`${itemClass} ${danger ? 'text-danger' : 'text-foreground'}`}
                  onClick={() => {
                    close();
                    onAction(user, status);
                  }}
                >
                  <ActionIcon className="size-4" />
                  {label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Popover>
  );
}
