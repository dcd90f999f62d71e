import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { ScreenErrorBoundary } from '@/components/errors/screen-error-boundary';
import { ModalHost } from '@/components/modal/modal-host';
import { RightDrawerHost } from '@/components/right-drawer/right-drawer-host';
import { useIsNavigationDrawerOpen, useNavigationDrawerActions } from '@/stores/navigation-drawer-store';
import { AppHeader } from './app-header';
import { MobileNavigationDrawer } from './mobile-navigation-drawer';
import { NotificationToasts } from './notification-toasts';
import { shellModalBodies, shellRightDrawerBodies } from './shell-bodies';
import { SideNavigation } from './side-navigation';

/**
 * The signed-in frame (spec 2 "/app/*"): a fixed sidebar on desktop and a drawer on phones, the header, the
 * screen, and the one generic modal and right-hand drawer every screen opens through their stores. `guide` is a
 * band between the header and the screen (the onboarding guide, composed by the route: features do not import
 * each other).
 */
export function AppLayout({ guide }: { guide?: ReactNode }) {
  const isNavigationOpen = useIsNavigationDrawerOpen();
  const { navigationOpened: openNavigation, navigationClosed: closeNavigation } =
    useNavigationDrawerActions();
  const navigationDrawerId = useId();

  return (
    <div className="min-h-dvh bg-canvas lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)]">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-surface px-4 py-3 text-sm font-semibold text-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>

      <div className="hidden border-r border-border bg-surface lg:block">
        <div className="sticky top-0 h-dvh">
          <SideNavigation />
        </div>
      </div>
      <MobileNavigationDrawer id={navigationDrawerId} isOpen={isNavigationOpen} onClose={closeNavigation} />

      <div className="flex min-h-dvh min-w-0 flex-col">
        <AppHeader
          navigationDrawerId={navigationDrawerId}
          isNavigationOpen={isNavigationOpen}
          onOpenNavigation={openNavigation}
        />
        {guide}
        <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
          <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
            <ScreenErrorBoundary>
              <Outlet />
            </ScreenErrorBoundary>
          </div>
        </main>
      </div>

      <ModalHost bodies={shellModalBodies} />
      <RightDrawerHost bodies={shellRightDrawerBodies} />
      <NotificationToasts />
    </div>
  );
}
