import type { Role } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { passengerQueries } from '../api/passenger-queries';
import {
  formatDepartureDate,
  formatRelativeDeparture,
  groupPassengersByTrip,
  localIsoDate,
} from '../trip-groups';
import { useFormats } from '@/lib/format/use-formats';

const shownTrips = 3;

/** The next team trips, for the dashboard: staff see how many travel, an athlete its own seat. */
export function UpcomingTripsWidget({ role }: { role: Role }) {
  const formats = useFormats();
  const { data: passengers, isLoading, isError } = useQuery(passengerQueries.list());
  const today = localIsoDate();

  if (isLoading) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading upcoming trips…</span>
        {[0, 1].map((row) => (
          <div key={row} className="flex h-12 items-center justify-between gap-4" aria-hidden="true">
            <div className="space-y-1.5">
              <Skeleton className="h-4 w-44" />
              <Skeleton className="h-3 w-28" />
            </div>
            <Skeleton className="h-6 w-16 rounded-full" />
          </div>
        ))}
      </div>
    );
  }
  if (isError || !passengers) {
    return <p className="text-sm text-muted-foreground">Trips could not be loaded just now.</p>;
  }

  const upcoming = groupPassengersByTrip(passengers, today).filter((trip) => !trip.hasDeparted);
  if (upcoming.length === 0) {
    return <p className="text-sm text-muted-foreground">No upcoming trips.</p>;
  }

  return (
    <div>
      <ul className="divide-y divide-border">
        {upcoming.slice(0, shownTrips).map((trip) => {
          const seat = role === 'athlete' ? trip.passengers[0]?.seat : null;
          return (
            <li key={trip.key} className="flex items-center justify-between gap-4 py-2.5 first:pt-0">
              <div className="min-w-0">
                <p className="text-sm font-medium text-foreground">{trip.trip}</p>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={trip.departureDate}>
                    {formatDepartureDate(trip.departureDate, formats.place)}
                  </time>{' '}
                  ·{' '}
                  <span className="whitespace-nowrap">
                    {formatRelativeDeparture(trip.departureDate, today, formats.place)}
                  </span>
                </p>
              </div>
              <span className="shrink-0 rounded-full bg-muted px-2.5 py-1 text-xs font-semibold text-foreground">
                {role === 'athlete'
                  ? seat
                    ? `Seat ${seat}`
                    : 'Booked'
                  : `${trip.passengers.length} ${trip.passengers.length === 1 ? 'traveller' : 'travellers'}`}
              </span>
            </li>
          );
        })}
      </ul>
      <Link to="/app/travel-roster" className={`mt-3 inline-flex text-sm ${textLinkClass}`}>
        Open the travel roster
      </Link>
    </div>
  );
}
