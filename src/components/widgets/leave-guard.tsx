import { useBlocker } from '@tanstack/react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

interface LeaveGuardProps {
  /** True while leaving would lose work; read at the moment of leaving (from refs: a save clears them before it navigates away). */
  isUnsaved: () => boolean;
  /** What would be lost. */
  children: string;
}

/** Asks before leaving a form whose work is not saved: a link, Back, or closing the tab. */
export function LeaveGuard({ isUnsaved, children }: LeaveGuardProps) {
  const blocker = useBlocker({ shouldBlockFn: isUnsaved, enableBeforeUnload: isUnsaved, withResolver: true });
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
