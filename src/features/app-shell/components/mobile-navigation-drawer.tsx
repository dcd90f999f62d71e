import { useEffect } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { IconButton } from '@/components/ui/icon-button';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { SideNavigation } from './side-navigation';

/** Below this width the side navigation is a drawer; from it on, a fixed sidebar (Tailwind's `lg`). */
const desktopQuery = '(min-width: 1024px)';

interface MobileNavigationDrawerProps {
  id: string;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * The side navigation as a drawer on phones and tablets: a modal `<dialog>` from the left edge, so focus
 * stays in it, Escape or the backdrop closes it, and focus returns to the menu button.
 */
export function MobileNavigationDrawer({ id, isOpen, onClose }: MobileNavigationDrawerProps) {
  const { dialogRef, onClose: onDialogClose, onBackdropClick } = useModalDialog(isOpen, onClose);

  // Growing the window to desktop width shows the fixed sidebar; a modal drawer left open would keep the
  // rest of the page inert behind an invisible backdrop.
  useEffect(() => {
    if (!isOpen || typeof window.matchMedia !== 'function') return;
    const desktop = window.matchMedia(desktopQuery);
    const closeOnDesktop = () => {
      if (desktop.matches) onClose();
    };
    desktop.addEventListener('change', closeOnDesktop);
    return () => desktop.removeEventListener('change', closeOnDesktop);
  }, [isOpen, onClose]);

  return (
    <dialog
      ref={dialogRef}
      id={id}
      aria-label="Navigation"
      onClose={onDialogClose}
      onClick={onBackdropClick}
      className="m-0 h-dvh max-h-none w-80 max-w-[85vw] border-r border-border bg-surface p-0 text-foreground shadow-2xl open:animate-slide-in-left lg:hidden"
    >
      {isOpen ? (
        <SideNavigation
          onNavigate={onClose}
          headerAction={
            <IconButton label="Close navigation" onClick={onClose} data-autofocus>
              <CloseIcon />
            </IconButton>
          }
        />
      ) : null}
    </dialog>
  );
}
