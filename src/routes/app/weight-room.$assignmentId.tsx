import { createFileRoute } from '@tanstack/react-router';
import { WeightRoomPage } from '@/features/weight-room/components/weight-room-page';
import { deviceLogsReady } from '@/lib/tracking-sync/device-ready';

export const Route = createFileRoute('/app/weight-room/$assignmentId')({
  // An athlete already begun on this device is never started again from the board.
  loader: ({ context }) => deviceLogsReady(context.queryClient),
  component: WeightRoomPage,
});
