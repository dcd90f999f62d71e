import { createFileRoute } from '@tanstack/react-router';
import { TrackingPage } from '@/features/tracking/components/tracking-page';
import { authQueries } from '@/lib/auth/auth-queries';
import { deviceLogsLoaded } from '@/lib/tracking-sync/device-logs';
import { startTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';

/** A broken IndexedDB must not hold the screen: past this, it opens with what is in memory. */
const deviceReadLimitMs = 2000;

export const Route = createFileRoute('/app/track/$entryId')({
  // The device's logs are read before the screen draws, so an entry already begun here never offers "Start".
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(authQueries.me());
    void startTrackingSync(context.queryClient);
    await Promise.race([
      deviceLogsLoaded(),
      new Promise((resolve) => setTimeout(resolve, deviceReadLimitMs)),
    ]);
  },
  component: TrackingPage,
});
