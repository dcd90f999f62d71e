import type { QueryClient } from '@tanstack/react-query';
import { registerHideGettingStartedWrite } from '@/features/dashboard/api/hide-getting-started';
import { registerOnboardingProgressWrite } from '@/features/onboarding/api/save-onboarding-progress';
import { restoreOfflineCache } from '@/lib/query-persistence/offline-cache';
// offline-cache imports the persister itself; importing it here loads it alongside instead of after.
import '@/lib/query-persistence/session-cache';
import type { AppRouter } from './router';

/**
 * A start with a stored token (main.tsx imports this only then, so the sign-in screen carries none of it).
 * ADR 016: this session's cache comes back from IndexedDB before the router's first load, so the /app guard
 * finds the cached /api/me offline; the writes' defaults go first, so a write restored from the device is built
 * with its mutationFn and callbacks. Meanwhile the code of the screen the address opens downloads.
 */
export async function startSignedInSession(queryClient: QueryClient, router: AppRouter): Promise<void> {
  registerHideGettingStartedWrite(queryClient);
  registerOnboardingProgressWrite(queryClient);
  await Promise.all([restoreOfflineCache(queryClient).catch(() => undefined), preloadScreenCode(router)]);
}

/** Downloads the code of the routes the address opens, without running their loaders. */
async function preloadScreenCode(router: AppRouter): Promise<void> {
  const [routes] = router.getMatchedRoutes(window.location.pathname);
  await Promise.all(
    routes.map((route) => Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined)),
  );
}
