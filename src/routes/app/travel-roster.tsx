import { createFileRoute } from '@tanstack/react-router';
import { passengerQueries } from '@/features/travel-roster/api/passenger-queries';
import { TravelRosterPage } from '@/features/travel-roster/components/travel-roster-page';

export const Route = createFileRoute('/app/travel-roster')({
  // Start the request with the navigation but do not wait for it: the screen shows its own loading rows.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(passengerQueries.list());
  },
  component: TravelRosterPage,
});
