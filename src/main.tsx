import '@/lib/zod-config';
// Catches the browser's beforeinstallprompt before the signed-in area (and its install sheet) loads.
import '@/lib/pwa/install-prompt-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { authSession } from '@/lib/auth/auth-session';
import { endSessionWhenRefused } from '@/lib/auth/session-guards';
import { applyBranding } from '@/lib/branding/apply-branding';
import { readCachedSettings } from '@/lib/branding/settings-cache';
import { reloadIfUpdatePending, registerServiceWorkerAfterFirstPaint } from '@/lib/pwa/service-worker';
import { followNavigation, reloadIfReleaseStale, reloadOnStaleChunks } from '@/lib/pwa/stale-chunk-reload';
import { createQueryClient } from '@/lib/query-client';
import { startErrorReportingAfterFirstPaint } from '@/lib/sentry/error-reporting';
import type { AppRouter } from './router';
import { createAppRouter } from './router';
import './index.css';

// ADR 017: a tab of an older release whose chunk a deploy removed reloads into the new release.
reloadOnStaleChunks();

// Spec 4: the cached settings apply before anything renders, so the page opens in the organisation's colours.
applyBranding(readCachedSettings());

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

/**
 * index.html's spinner stays over the page until the first screen has rendered: the router renders nothing
 * while the first route's data loads, and a blank page between two spinners would flash.
 */
function keepBootScreenUntilFirstRender(root: HTMLElement, appRouter: AppRouter): () => void {
  const bootScreen = root.querySelector<HTMLElement>('.boot');
  if (!bootScreen) return () => undefined;
  Object.assign(bootScreen.style, { position: 'fixed', inset: '0', zIndex: '40' });
  document.body.append(bootScreen);
  const dismiss = () => {
    unsubscribe();
    bootScreen.remove();
  };
  const unsubscribe = appRouter.subscribe('onRendered', dismiss);
  return dismiss;
}

/** Resolves in a later task: what follows runs apart from what came before, so neither blocks the page long. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * An async start rather than a top-level await: a module that awaits at the top cannot share code with the
 * chunks it imports, and the bundler would split the first screen's code into many more files.
 */
async function start(root: HTMLElement): Promise<void> {
  // The framework's own start-up (its modules' evaluation) ends the first task; the router is built in the next.
  await nextTask();
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, auth: authSession });
  followNavigation(() => ({ pending: router.state.isLoading, href: router.state.location.href }));
  if (authSession.isAuthenticated()) {
    // The cache comes back and the screen's code downloads before the router's first load (signed-in-start.ts).
    // A chunk that cannot load (a broken deploy) must not keep the app from starting.
    await import('./signed-in-start')
      .then(({ startSignedInSession }) => startSignedInSession(queryClient, router))
      .catch(() => undefined);
  }
  endSessionWhenRefused({ queryClient, auth: authSession }, () =>
    router.navigate({ to: '/login', search: { status: 'authfailed' }, replace: true }),
  );

  const dismissBootScreen = keepBootScreenUntilFirstRender(root, router);

  // Spec 4: an installed update waits for the next route change, then reloads the page between two screens.
  // Compared with the last screen this page resolved, not the event's `hrefChanged`: a load that replaces a
  // navigation's before it resolves reports no change, and the update would wait for yet another screen.
  let resolvedHref = router.state.resolvedLocation?.href;
  router.subscribe('onResolved', (event) => {
    const href = event.toLocation.href;
    if (href === resolvedHref) return;
    const isFirstScreen = resolvedHref === undefined;
    resolvedHref = href;
    if (isFirstScreen) return;
    if (!reloadIfUpdatePending()) reloadIfReleaseStale(href);
  });

  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary history={router.history} onError={dismissBootScreen}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

void start(rootElement);
startErrorReportingAfterFirstPaint();
registerServiceWorkerAfterFirstPaint();
