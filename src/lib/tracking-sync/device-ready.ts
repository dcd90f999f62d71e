import type { QueryClient } from '@tanstack/react-query';
import { authQueries } from '@/lib/auth/auth-queries';
import { deviceLogsLoaded } from './device-logs';
import { startTrackingSync } from './start-tracking-sync';

/** A broken IndexedDB must not hold the screen: past this, it opens with what is in memory. */
const deviceReadLimitMs = 2000;

/**
 * What a screen that logs sets waits for before it draws (tracking, the weight room): the signed-in user, the
 * outbox started, and the device's logs read, so a workout already begun on this device is never started again.
 */
export async function deviceLogsReady(queryClient: QueryClient): Promise<void> {
  await queryClient.ensureQueryData(authQueries.me());
  void startTrackingSync(queryClient);
  await Promise.race([deviceLogsLoaded(), new Promise((resolve) => setTimeout(resolve, deviceReadLimitMs))]);
}
