import type { ReactNode } from 'react';
import { useRef } from 'react';
import { UNSAFE_PortalProvider } from 'react-aria/PortalProvider';

/**
 * Keeps the React Aria popovers of its children (comboboxes, menus) inside the element it renders. Inside a modal
 * `<dialog>` everything outside the dialog is inert, so a popover portalled to the page's body could be seen but
 * not used: within a dialog's content, popovers must open in the dialog.
 */
export function PopoverHost({ children }: { children: ReactNode }) {
  const hostRef = useRef<HTMLDivElement>(null);
  return (
    <UNSAFE_PortalProvider getContainer={() => hostRef.current}>
      {children}
      <div ref={hostRef} />
    </UNSAFE_PortalProvider>
  );
}
