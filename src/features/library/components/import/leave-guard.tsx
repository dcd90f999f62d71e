import { useBlocker } from '@tanstack/react-router';
import type { RefObject } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface LeaveGuardProps {
  /** True while leaving would lose the review (a ref: a save sets it just before it navigates away). */
  unsavedRef: RefObject<boolean>;
  children: string;
}

/**
 * Asks before the coach leaves a review that is not saved (a link, Back, closing the tab): the choices made on a
 * long program are work, and nothing of them is kept anywhere until the save.
 */
export function LeaveGuard({ unsavedRef, children }: LeaveGuardProps) {
  const blocker = useBlocker({
    shouldBlockFn: () => unsavedRef.current,
    enableBeforeUnload: () => unsavedRef.current,
    withResolver: true,
  });
  return (
    <ConfirmDialog
      isOpen={blocker.status === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      {children}
    </ConfirmDialog>
  );
}
