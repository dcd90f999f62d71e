import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLayout } from '@/features/app-shell/components/app-layout';
import { OnboardingTourSync } from '@/features/onboarding/components/onboarding-tour-sync';
import { TourGuideHost } from '@/features/onboarding/components/tour-guide-host';
import { SessionCheckErrorPage } from '@/features/app-shell/components/session-check-error-page';
import { InstallPrompt } from '@/features/pwa-install/components/install-prompt';
import { PushNotifications } from '@/features/push/components/push-notifications';
import { Toaster } from '@/components/toaster/toaster';
import { requireApprovedSession } from '@/lib/auth/session-guards';

/**
 * Everything under /app needs an approved user (spec 4); the guard runs before any child loads. Its error
 * screen is also the route-level boundary of the signed-in area: a screen's render error bubbles up to it
 * (screens have no error component of their own; ADR 011).
 */
export const Route = createFileRoute('/app')({
  beforeLoad: async ({ context, location }) => {
    await requireApprovedSession(context, location.href);
  },
  component: SignedInArea,
  errorComponent: SessionCheckErrorPage,
  // Spec 4: the spinner shows at once while /api/me is checked, and goes as soon as the check is done.
  pendingMs: 0,
  pendingMinMs: 0,
});

/**
 * The signed-in frame, plus the onboarding tour's sync and guide, the install prompt, push and its toasts (a route may
 * compose features; a feature may not).
 */
function SignedInArea() {
  return (
    <>
      <OnboardingTourSync />
      <TrackingSyncStart />
      <OfflineWeekStart />
      <LiveEventsStart />
      <AppLayout guide={<TourGuideHost />} />
      <InstallPrompt />
      <PushNotifications />
      <Toaster />
    </>
  );
}

/**
 * ADR 036: workouts tracked on this device are sent from any signed-in screen, not only the tracking one; the
 * sync's code loads after the first screen, with a dynamic import.
 */
function TrackingSyncStart() {
  const { queryClient } = Route.useRouteContext();
  useEffect(() => {
    void import('@/lib/tracking-sync/start-tracking-sync')
      .then(({ startTrackingSync }) => startTrackingSync(queryClient))
      .catch(() => undefined);
  }, [queryClient]);
  return null;
}

/**
 * ADR 045: the coming week's workouts are kept on the device whenever the app is online; the code loads after the
 * first screen, with a dynamic import, and stops with the signed-in area (a sign-out, another user).
 */
function OfflineWeekStart() {
  const { queryClient } = Route.useRouteContext();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isUnmounted = false;
    const load = () =>
      void import('@/lib/offline-week/keep-week-on-device')
        .then(({ keepWeekOnDevice }) => {
          if (!isUnmounted) stop = keepWeekOnDevice(queryClient);
        })
        .catch(() => undefined);
    // Its code too comes after the first screen: it is needed for the next time there is no signal, not now.
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(load, { timeout: 3000 })
        : window.setTimeout(load, 500);
    return () => {
      isUnmounted = true;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      stop?.();
    };
  }, [queryClient]);
  return null;
}

/**
 * ADR 056: live updates for as long as someone is signed in; one stream per browser. Its code loads after the
 * first screen, with a dynamic import; leaving the signed-in area (a sign-out) closes the stream.
 */
function LiveEventsStart() {
  const { queryClient } = Route.useRouteContext();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isUnmounted = false;
    void import('@/lib/live-events/start-live-events')
      .then(({ startLiveEvents }) => {
        if (!isUnmounted) stop = startLiveEvents(queryClient);
      })
      .catch(() => undefined);
    return () => {
      isUnmounted = true;
      stop?.();
    };
  }, [queryClient]);
  return null;
}
