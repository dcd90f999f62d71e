import type { ReactNode } from 'react';
import { useId } from 'react';
import { DialogFrame } from './dialog-frame';

interface SheetDialogProps {
  isOpen: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** A form with typed values is not thrown away by a tap beside it. */
  dismissOnBackdrop?: boolean;
  size?: 'md' | 'lg';
}

/** A dialog with a task in it: a sheet from the bottom on a phone, a centred card on a wide screen. */
export function SheetDialog({
  isOpen,
  title,
  onClose,
  children,
  dismissOnBackdrop = false,
  size = 'md',
}: SheetDialogProps) {
  const titleId = useId();
  return (
    <DialogFrame
      isOpen={isOpen}
      onDismiss={onClose}
      labelledBy={titleId}
      dismissOnBackdrop={dismissOnBackdrop}
      className={`m-0 mt-auto max-h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-2xl border border-border bg-surface p-0 text-foreground shadow-2xl open:animate-pop-in sm:m-auto sm:w-[calc(100%-2rem)] sm:rounded-2xl ${size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-xl'}`}
    >
      <div className="px-5 pt-6 pb-[calc(1.25rem+env(safe-area-inset-bottom))] sm:px-6 sm:pb-6">
        <h2 id={titleId} className="mb-4 text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {children}
      </div>
    </DialogFrame>
  );
}
