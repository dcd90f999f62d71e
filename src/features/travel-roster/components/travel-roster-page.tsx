import type { Passenger } from '@contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SearchField } from '@/components/ui/search-field';
import { EmptyState } from '@/components/ui/empty-state';
import { CalendarIcon, PlaneIcon, SearchIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { authQueries } from '@/lib/auth/auth-queries';
import { useScreenTitle } from '@/stores/header-store';
import { passengerQueries } from '../api/passenger-queries';
import type { TripGroup } from '../trip-groups';
import {
  filterTripGroups,
  formatDepartureDate,
  formatRelativeDeparture,
  groupPassengersByTrip,
  localIsoDate,
} from '../trip-groups';
import { useFormats } from '@/lib/format/use-formats';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The travel roster (spec 3 "Table: isLoading, tableRows"): everyone booked on the organisation's trips, one
 * table per trip, soonest first. The list loads while the screen is already shown, with placeholder rows.
 */
export function TravelRosterPage() {
  useScreenTitle('Travel roster');
  const { data: me } = useSuspenseQuery(authQueries.me());
  const { data: passengers, isLoading, isError, refetch, isRefetching } = useQuery(passengerQueries.list());
  const isStaff = me.user.role !== 'athlete';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Travel roster"
        description={
          isStaff
            ? 'Who travels on each team trip, with seats and notes.'
            : 'Your bookings on team trips, with your seat.'
        }
      />
      {isLoading ? (
        <RosterSkeleton />
      ) : isError || !passengers ? (
        <Alert title="The travel roster could not be loaded.">
          <p>Check your connection and try again.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void refetch()}
            isPending={isRefetching}
            pendingLabel="Trying again…"
          >
            Try again
          </Button>
        </Alert>
      ) : passengers.length === 0 ? (
        <Card>
          <EmptyState icon={PlaneIcon} title="No trips booked yet">
            {isStaff
              ? 'When travellers are booked on a team trip, they appear here with their seats.'
              : 'When you are booked on a team trip, it appears here with your seat.'}
          </EmptyState>
        </Card>
      ) : (
        <Roster passengers={passengers} />
      )}
    </div>
  );
}

function Roster({ passengers }: { passengers: Passenger[] }) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const today = localIsoDate();
  const trips = useMemo(() => groupPassengersByTrip(passengers, today), [passengers, today]);
  const shownTrips = useMemo(() => filterTripGroups(trips, deferredSearch), [trips, deferredSearch]);

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchField
          label="Search travellers"
          className="w-full sm:max-w-xs"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by name, seat or note"
        />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {plural(trips.length, 'trip', 'trips')} · {plural(passengers.length, 'traveller', 'travellers')}
        </p>
      </div>

      {shownTrips.length === 0 ? (
        <Card>
          <EmptyState icon={SearchIcon} title="No traveller matches your search">
            Try part of a first or last name, a seat such as 12A, or a word from the notes.
          </EmptyState>
        </Card>
      ) : (
        <div className="space-y-5">
          {shownTrips.map((trip) => (
            <TripTable key={trip.key} trip={trip} today={today} />
          ))}
        </div>
      )}
    </>
  );
}

function TripTable({ trip, today }: { trip: TripGroup; today: string }) {
  const formats = useFormats();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 border-b border-border px-4 py-4 sm:px-5">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-foreground sm:text-lg">
            {trip.trip}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            <CalendarIcon className="size-4" />
            <time dateTime={trip.departureDate} className="font-medium text-foreground">
              {formatDepartureDate(trip.departureDate, formats.place)}
            </time>
            <span aria-hidden="true">·</span>
            <span>{formatRelativeDeparture(trip.departureDate, today, formats.place)}</span>
          </p>
        </div>
        <span
          className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-1 text-xs font-semibold ${
            trip.hasDeparted ? 'bg-muted text-muted-foreground' : 'bg-primary-soft text-primary-ink'
          }`}
        >
          {trip.hasDeparted ? 'Departed' : plural(trip.passengers.length, 'traveller', 'travellers')}
        </span>
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Travellers on {trip.trip}</caption>
        <thead className="bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5 sm:px-5 md:w-1/2">
              Traveller
            </th>
            <th scope="col" className="hidden px-4 py-2.5 md:table-cell">
              Notes
            </th>
            <th scope="col" className="w-24 px-4 py-2.5 text-right sm:px-5">
              Seat
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {trip.passengers.map((passenger) => (
            <PassengerRow key={passenger.id} passenger={passenger} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function PassengerRow({ passenger }: { passenger: Passenger }) {
  const name = `${passenger.firstName} ${passenger.lastName}`.trim();
  const isGuest = passenger.userId === null;
  return (
    <tr className="transition-colors hover:bg-muted/40">
      <td className="px-4 py-3 sm:px-5">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold text-muted-foreground sm:inline-flex"
          >
            {`${passenger.firstName.charAt(0)}${passenger.lastName.charAt(0)}`.toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="font-medium text-foreground">
              {name}
              {isGuest ? (
                <span className="ml-2 inline-flex rounded-md border border-border px-1.5 py-0.5 align-middle text-xs font-medium text-muted-foreground">
                  Guest
                </span>
              ) : null}
            </p>
            {/* On a phone the notes sit under the name instead of in their own column. */}
            {passenger.notes ? (
              <p className="mt-0.5 text-sm text-muted-foreground md:hidden">{passenger.notes}</p>
            ) : null}
          </div>
        </div>
      </td>
      <td className="hidden px-4 py-3 text-muted-foreground md:table-cell">
        {passenger.notes ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">No notes</span>
          </>
        )}
      </td>
      <td className="px-4 py-3 text-right sm:px-5">
        {passenger.seat ? (
          <span className="inline-flex min-w-11 justify-center rounded-md bg-muted px-2 py-1 font-mono text-sm font-semibold text-foreground">
            {passenger.seat}
          </span>
        ) : (
          <span className="text-sm text-muted-foreground">Not assigned</span>
        )}
      </td>
    </tr>
  );
}

function RosterSkeleton() {
  return (
    <div role="status" aria-live="polite" className="space-y-6">
      <span className="sr-only">Loading the travel roster…</span>
      {/* Same height as the search bar that follows, so nothing moves when the roster arrives. */}
      <div aria-hidden="true" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Skeleton className="h-11 w-full rounded-lg sm:max-w-xs" />
        <Skeleton className="h-4 w-36" />
      </div>
      <Card aria-hidden="true">
        <div className="border-b border-border px-4 py-4 sm:px-5">
          <Skeleton className="h-5 w-56 max-w-full" />
          <Skeleton className="mt-2 h-4 w-40" />
        </div>
        <div className="divide-y divide-border">
          {[0, 1, 2, 3, 4].map((row) => (
            <div key={row} className="flex h-[3.75rem] items-center justify-between gap-4 px-4 sm:px-5">
              <div className="flex items-center gap-3">
                <Skeleton className="hidden size-9 rounded-full sm:block" />
                <Skeleton className="h-4 w-36" />
              </div>
              <Skeleton className="h-7 w-11" />
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
