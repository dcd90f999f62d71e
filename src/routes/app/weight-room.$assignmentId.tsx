import { createFileRoute } from '@tanstack/react-router';
import { WeightRoomPage } from '@/features/weight-room/components/weight-room-page';
import { authQueries } from '@/lib/auth/auth-queries';
import { deviceLogsLoaded } from '@/lib/tracking-sync/device-logs';
import { startTrackingSync } from '@/lib/tracking-sync/start-tracking-sync';

/** A broken IndexedDB must not hold the screen: past this, it opens with what is in memory. */
const deviceReadLimitMs = 2000;

export const Route = createFileRoute('/app/weight-room/$assignmentId')({
  // The device's logs are read before the board draws, so an athlete already begun here never starts again.
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(authQueries.me());
    void startTrackingSync(context.queryClient);
    await Promise.race([
      deviceLogsLoaded(),
      new Promise((resolve) => setTimeout(resolve, deviceReadLimitMs)),
    ]);
  },
  component: WeightRoomPage,
});
