import { createFileRoute } from '@tanstack/react-router';
import { TrackingPage } from '@/features/tracking/components/tracking-page';
import { deviceLogsReady } from '@/lib/tracking-sync/device-ready';

export const Route = createFileRoute('/app/track/$entryId')({
  // An entry already begun on this device never offers "Start".
  loader: ({ context }) => deviceLogsReady(context.queryClient),
  component: TrackingPage,
});
