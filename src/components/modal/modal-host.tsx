import type { ComponentType } from 'react';
import { useEffect, useId } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { LazyBody } from '@/components/ui/lazy-body';
import { DialogFrame } from '@/components/ui/dialog-frame';
import type { ModalBodyType, ModalSize } from '@/stores/modal-store';
import {
  useModalActions,
  useModalBodyType,
  useModalExtraObject,
  useModalHidesCloseButton,
  useModalIsOpen,
  useModalSize,
  useModalTitle,
} from '@/stores/modal-store';

export interface ModalBodyProps {
  extraObject: unknown;
  /** Closes the modal (and resets its fields). */
  closeModal: () => void;
}

/** Which component each body type shows; lazy components keep bodies out of the first screen's code. */
export type ModalBodyRegistry = Record<ModalBodyType, ComponentType<ModalBodyProps>>;

const sizeClasses: Record<ModalSize, string> = {
  sm: 'sm:max-w-sm',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
};

/**
 * The generic modal of spec 3, mounted once by the app layout and driven by the modal store: a platform
 * `<dialog>` (focus kept inside, Escape closes, focus returns to the opener), titled by its heading. On a
 * phone it rises from the bottom edge, where a thumb reaches its buttons.
 */
export function ModalHost({ bodies }: { bodies: ModalBodyRegistry }) {
  const isOpen = useModalIsOpen();
  const title = useModalTitle();
  const bodyType = useModalBodyType();
  const size = useModalSize();
  const extraObject = useModalExtraObject();
  const hideCloseButton = useModalHidesCloseButton();
  const { closeModal } = useModalActions();
  const titleId = useId();

  // Leaving the signed-in screens (sign-out) must not leave a modal open for the next session.
  useEffect(() => closeModal, [closeModal]);

  const Body = bodyType ? bodies[bodyType] : null;

  return (
    <DialogFrame
      isOpen={isOpen}
      onDismiss={closeModal}
      labelledBy={titleId}
      dismissOnBackdrop={!hideCloseButton}
      className={`m-0 mt-auto max-h-[90dvh] w-full max-w-none overflow-hidden rounded-t-2xl border border-border bg-surface p-0 text-foreground shadow-2xl open:animate-pop-in sm:m-auto sm:w-[calc(100%-2rem)] sm:rounded-2xl ${sizeClasses[size]}`}
    >
      <div className="flex max-h-[90dvh] flex-col">
        <div className="flex items-start justify-between gap-3 px-5 pt-5 pb-2 sm:px-6">
          <h2 id={titleId} className="pt-2 text-lg font-semibold tracking-tight text-foreground">
            {title}
          </h2>
          {hideCloseButton ? null : (
            <IconButton label="Close" onClick={closeModal} className="-mr-2">
              <CloseIcon />
            </IconButton>
          )}
        </div>
        <div className="overflow-y-auto px-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))] sm:px-6 sm:pb-6">
          {Body ? (
            <LazyBody>
              <Body extraObject={extraObject} closeModal={closeModal} />
            </LazyBody>
          ) : null}
        </div>
      </div>
    </DialogFrame>
  );
}
