import type { ReactNode } from 'react';
import { useId } from 'react';
import { Button } from './button';
import { DialogFrame } from './dialog-frame';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  /** The label of the button that does it, e.g. "Delete Pitchers". */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  isPending?: boolean;
}

/** Asks before something that cannot be undone; Cancel has the focus, the action is red. */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  isPending = false,
}: ConfirmDialogProps) {
  const titleId = useId();
  const descriptionId = useId();

  return (
    <DialogFrame
      isOpen={isOpen}
      onDismiss={onCancel}
      labelledBy={titleId}
      describedBy={descriptionId}
      className="m-0 mt-auto w-full max-w-none rounded-t-2xl border border-border bg-surface p-0 text-foreground shadow-2xl open:animate-pop-in sm:m-auto sm:w-[calc(100%-2rem)] sm:max-w-md sm:rounded-2xl"
    >
      <div className="px-5 pt-6 pb-[calc(1.25rem+env(safe-area-inset-bottom))] sm:px-6 sm:pb-6">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        <div id={descriptionId} className="mt-2 text-sm text-muted-foreground">
          {children}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} isPending={isPending}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </DialogFrame>
  );
}
