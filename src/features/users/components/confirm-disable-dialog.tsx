import type { UserListItem } from '@contract';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useModalDialog } from '@/components/ui/use-modal-dialog';

interface ConfirmDisableDialogProps {
  /** Who would be disabled; null keeps the dialog closed. */
  user: UserListItem | null;
  onConfirm: (user: UserListItem) => void;
  onCancel: () => void;
}

/** Disabling signs someone out everywhere at once, so it is asked for twice. */
export function ConfirmDisableDialog({ user, onConfirm, onCancel }: ConfirmDisableDialogProps) {
  const { dialogRef, onClose, onBackdropClick } = useModalDialog(user !== null, onCancel);
  const titleId = useId();
  const descriptionId = useId();
  const name = user ? `${user.firstName} ${user.lastName}` : '';

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={onClose}
      onClick={onBackdropClick}
      className="m-0 mt-auto w-full max-w-none rounded-t-2xl border border-border bg-surface p-0 text-foreground shadow-2xl open:animate-pop-in sm:m-auto sm:w-[calc(100%-2rem)] sm:max-w-md sm:rounded-2xl"
    >
      {user ? (
        <div className="px-5 pt-6 pb-[calc(1.25rem+env(safe-area-inset-bottom))] sm:px-6 sm:pb-6">
          <h2 id={titleId} className="text-lg font-semibold tracking-tight">
            Disable {name}?
          </h2>
          <p id={descriptionId} className="mt-2 text-sm text-muted-foreground">
            {name} is signed out on every device at once and cannot sign in again until you enable the
            account. Their history is kept.
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <button
              type="button"
              onClick={() => onConfirm(user)}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-danger px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-danger/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              Disable {user.firstName}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
