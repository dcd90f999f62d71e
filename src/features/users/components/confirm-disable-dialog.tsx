import type { UserListItem } from '@contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface ConfirmDisableDialogProps {
  /** Who would be disabled; null keeps the dialog closed. */
  user: UserListItem | null;
  onConfirm: (user: UserListItem) => void;
  onCancel: () => void;
}

/** Disabling signs someone out everywhere at once, so it is asked for twice. */
export function ConfirmDisableDialog({ user, onConfirm, onCancel }: ConfirmDisableDialogProps) {
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <ConfirmDialog
      isOpen={user !== null}
      title={`Disable ${name}?`}
      confirmLabel={`Disable ${user?.firstName ?? ''}`}
      onConfirm={() => user && onConfirm(user)}
      onCancel={onCancel}
    >
      {name} is signed out on every device at once and cannot sign in again until you enable the account.
      Their history is kept.
    </ConfirmDialog>
  );
}
