import type { ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';

interface DialogFrameProps {
  isOpen: boolean;
  /** Escape, the backdrop (unless `dismissOnBackdrop` is false) or the browser closed it. */
  onDismiss: () => void;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  /** Id of the element that describes it, if any. */
  describedBy?: string;
  /** Where and how it shows: bottom sheet, centred modal, right-hand drawer. */
  className: string;
  dismissOnBackdrop?: boolean;
  /** Rendered only while open, so a closed dialog holds no stale content. */
  children: ReactNode;
}

/**
 * The platform `<dialog>` every modal surface of the app is built on (generic modal, right-hand drawer, install
 * sheet, confirmations): shown modally from state, so focus stays inside, Escape closes and focus goes back.
 */
export function DialogFrame({
  isOpen,
  onDismiss,
  labelledBy,
  describedBy,
  className,
  dismissOnBackdrop = true,
  children,
}: DialogFrameProps) {
  const { dialogRef, onClose, onBackdropClick } = useModalDialog(isOpen, onDismiss);
  return (
    <dialog
      ref={dialogRef}
      // Shown with showModal(); said explicitly for engines that open it without (jsdom, older WebKit).
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      onClick={dismissOnBackdrop ? onBackdropClick : undefined}
      className={className}
    >
      {isOpen ? children : null}
    </dialog>
  );
}
