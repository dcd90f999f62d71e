import type { ComponentType } from 'react';
import { useEffect, useId } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { LazyBody } from '@/components/ui/lazy-body';
import { DialogFrame } from '@/components/ui/dialog-frame';
import type { RightDrawerBodyType } from '@/stores/right-drawer-store';
import {
  useRightDrawerActions,
  useRightDrawerBodyType,
  useRightDrawerExtraObject,
  useRightDrawerHeader,
  useRightDrawerIsOpen,
} from '@/stores/right-drawer-store';

export interface RightDrawerBodyProps {
  extraObject: unknown;
  closeRightDrawer: () => void;
}

export type RightDrawerBodyRegistry = Record<RightDrawerBodyType, ComponentType<RightDrawerBodyProps>>;

/**
 * The right-hand drawer of spec 3 (header, body type), mounted once by the app layout and driven by its
 * store: a modal `<dialog>` sliding in from the right, full width on a phone.
 */
export function RightDrawerHost({ bodies }: { bodies: RightDrawerBodyRegistry }) {
  const isOpen = useRightDrawerIsOpen();
  const header = useRightDrawerHeader();
  const bodyType = useRightDrawerBodyType();
  const extraObject = useRightDrawerExtraObject();
  const { closeRightDrawer } = useRightDrawerActions();
  const headerId = useId();

  useEffect(() => closeRightDrawer, [closeRightDrawer]);

  const Body = bodyType ? bodies[bodyType] : null;

  return (
    <DialogFrame
      isOpen={isOpen}
      onDismiss={closeRightDrawer}
      labelledBy={headerId}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-none border-l border-border bg-surface p-0 text-foreground shadow-2xl open:animate-slide-in-right sm:max-w-md"
    >
      <div className="flex h-full flex-col">
        <div className="flex h-16 shrink-0 items-center justify-between gap-3 border-b border-border px-4 sm:px-5">
          <h2 id={headerId} className="text-lg font-semibold tracking-tight text-foreground">
            {header}
          </h2>
          <IconButton label="Close" onClick={closeRightDrawer} className="-mr-2">
            <CloseIcon />
          </IconButton>
        </div>
        <div className="flex-1 overflow-y-auto">
          {Body ? (
            <LazyBody>
              <Body extraObject={extraObject} closeRightDrawer={closeRightDrawer} />
            </LazyBody>
          ) : null}
        </div>
      </div>
    </DialogFrame>
  );
}
