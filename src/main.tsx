import '@/lib/zod-config';
// Catches the browser's beforeinstallprompt before the signed-in area (and its install sheet) loads.
import '@/lib/pwa/install-prompt-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { authSession } from '@/lib/auth/auth-session';
import { applyBranding } from '@/lib/branding/apply-branding';
import { readCachedSettings } from '@/lib/branding/settings-cache';
import { reloadIfUpdatePending, registerServiceWorkerAfterFirstPaint } from '@/lib/pwa/service-worker';
import { createQueryClient } from '@/lib/query-client';
import { startErrorReportingAfterFirstPaint } from '@/lib/sentry/error-reporting';
import type { AppRouter } from './router';
import { createAppRouter } from './router';
import './index.css';

// Spec 4: the cached settings apply before anything renders, so the page opens in the organisation's colours.
applyBranding(readCachedSettings());

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient, auth: authSession });

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

const dismissBootScreen = keepBootScreenUntilFirstRender(rootElement, router);

// Spec 4: an installed update waits for the next route change, then reloads the page between two screens.
router.subscribe('onResolved', (event) => {
  if (event.hrefChanged) reloadIfUpdatePending();
});

createRoot(rootElement).render(
  <StrictMode>
    <AppErrorBoundary history={router.history} onError={dismissBootScreen}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppErrorBoundary>
  </StrictMode>,
);

startErrorReportingAfterFirstPaint();
registerServiceWorkerAfterFirstPaint();
