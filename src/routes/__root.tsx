import {
  createRootRouteWithContext,
  lazyRouteComponent,
  Outlet,
  useRouterState,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { GlobalLoadingIndicator } from '@/components/global-loading-indicator';
import { NetworkStatusBanner } from '@/components/network-status-banner';
import type { AuthSession } from '@/lib/auth/auth-session';
import { useOrganizationBranding } from '@/lib/branding/use-organization-branding';
import { appStatusActions } from '@/lib/network/app-status';
import { connectNetworkStatus } from '@/lib/network/connect-network-status';
import type { RouterContext } from '@/router';

const isSignedInArea = (pathname: string) => pathname === '/app' || pathname.startsWith('/app/');

export const Route = createRootRouteWithContext<RouterContext>()({
  // No beforeLoad here: one on the root keeps the router from showing /app's spinner during the session check.
  component: RootLayout,
  // The router's default error page (spec 2), for errors outside the /app screens; loaded when needed.
  errorComponent: lazyRouteComponent(
    () => import('@/components/errors/unexpected-error-page'),
    'UnexpectedErrorPage',
  ),
});

/** Around every screen: the loading bar, the offline notice, and the organisation's branding. */
function RootLayout() {
  const { auth, queryClient } = Route.useRouteContext();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => connectNetworkStatus(queryClient), [queryClient]);
  useEffect(() => {
    // Spec 3's isLoading covers the session check at start; without a token, or outside /app, there is none.
    if (!auth.isAuthenticated() || !isSignedInArea(pathname)) appStatusActions.loadingFinished();
  }, [auth, pathname]);
  return (
    <>
      <OrganizationBranding auth={auth} />
      <GlobalLoadingIndicator />
      <Outlet />
      <NetworkStatusBanner />
    </>
  );
}

/** The branding's queries (session, settings) re-render only this, not every screen below the root. */
function OrganizationBranding({ auth }: { auth: AuthSession }) {
  useOrganizationBranding(auth);
  return null;
}
