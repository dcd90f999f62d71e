import type { SyntheticEvent } from 'react';
import { useEffect, useRef } from 'react';

/**
 * Drives a platform `<dialog>` from state (a store's `isOpen`): `showModal()` makes everything else inert, so
 * focus stays inside and Escape closes it; the browser's own close (Escape) is reported through `onDismiss`
 * so the state follows; and focus goes back to whatever opened it.
 */
export function useModalDialog(isOpen: boolean, onDismiss: () => void) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const isOpenRef = useRef(isOpen);
  const onDismissRef = useRef(onDismiss);

  useEffect(() => {
    onDismissRef.current = onDismiss;
  });

  useEffect(() => {
    isOpenRef.current = isOpen;
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen) {
      if (dialog.open) return;
      const active = document.activeElement;
      openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
      // Older engines (and jsdom) lack showModal; the dialog still opens, without the inert backdrop.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // React's autoFocus runs while the dialog is still closed; `data-autofocus` picks the first focus instead.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      return;
    }
    if (dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }, [isOpen]);

  /** The dialog closed itself (Escape, a `method="dialog"` form): tell the state, once. */
  const onClose = () => {
    if (isOpenRef.current) {
      isOpenRef.current = false;
      onDismissRef.current();
    }
  };

  /** A click on the dialog element itself, not its content, is a click on the dimmed backdrop. */
  const onBackdropClick = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onDismissRef.current();
  };

  return { dialogRef, onClose, onBackdropClick };
}
