import type { Passenger } from '@contract';
import type { FormatPlace } from '@/lib/format/format';
import { defaultFormatPlace, formatDay } from '@/lib/format/format';

export interface TripGroup {
  /** Trip name and departure date: the same trip name on another date is another trip. */
  key: string;
  trip: string;
  departureDate: string;
  hasDeparted: boolean;
  passengers: Passenger[];
}

const byName = (a: Passenger, b: Passenger) =>
  a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName);

/**
 * The roster as trips: upcoming ones first, soonest first; then those already departed, most recent first.
 * Travellers are in name order within a trip. `today` is a YYYY-MM-DD calendar date.
 */
export function groupPassengersByTrip(passengers: readonly Passenger[], today: string): TripGroup[] {
  const groups = new Map<string, TripGroup>();
  for (const passenger of passengers) {
    const key = `${passenger.departureDate}\u0000${passenger.trip}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        trip: passenger.trip,
        departureDate: passenger.departureDate,
        hasDeparted: passenger.departureDate < today,
        passengers: [],
      };
      groups.set(key, group);
    }
    group.passengers.push(passenger);
  }
  const trips = [...groups.values()].map((group) => ({
    ...group,
    passengers: group.passengers.toSorted(byName),
  }));
  const upcoming = trips
    .filter((trip) => !trip.hasDeparted)
    .toSorted((a, b) => a.departureDate.localeCompare(b.departureDate) || a.trip.localeCompare(b.trip));
  const departed = trips
    .filter((trip) => trip.hasDeparted)
    .toSorted((a, b) => b.departureDate.localeCompare(a.departureDate) || a.trip.localeCompare(b.trip));
  return [...upcoming, ...departed];
}

/** Keeps the travellers whose name, seat or notes contain the search text; trips left empty drop out. */
export function filterTripGroups(trips: readonly TripGroup[], search: string): TripGroup[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...trips];
  return trips
    .map((trip) => ({
      ...trip,
      passengers: trip.passengers.filter((passenger) =>
        [`${passenger.firstName} ${passenger.lastName}`, passenger.seat ?? '', passenger.notes ?? '']
          .join('\u0000')
          .toLocaleLowerCase()
          .includes(needle),
      ),
    }))
    .filter((trip) => trip.passengers.length > 0);
}

/** Today as a local YYYY-MM-DD calendar date (the roster's departure dates are calendar dates). */
export function localIsoDate(date = new Date()): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function calendarDate(isoDate: string): Date {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** "Fri, Mar 12, 2027" in the organisation's locale (ADR 053). */
export function formatDepartureDate(isoDate: string, place: FormatPlace = defaultFormatPlace): string {
  return formatDay(isoDate, 'dayWithYear', place);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormatOf(locale: string): Intl.RelativeTimeFormat {
  let made = relativeFormats.get(locale);
  if (!made) {
    made = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, made);
  }
  return made;
}
const dayMs = 24 * 60 * 60 * 1000;

/** "today", "in 3 days", "in 5 weeks", "2 months ago". */
export function formatRelativeDeparture(
  isoDate: string,
  today: string,
  place: FormatPlace = defaultFormatPlace,
): string {
  const relativeFormat = relativeFormatOf(place.locale);
  const days = Math.round((calendarDate(isoDate).getTime() - calendarDate(today).getTime()) / dayMs);
  const distance = Math.abs(days);
  if (distance < 14) return relativeFormat.format(days, 'day');
  if (distance < 60) return relativeFormat.format(Math.round(days / 7), 'week');
  if (distance < 365 * 2) return relativeFormat.format(Math.round(days / 30.44), 'month');
  return relativeFormat.format(Math.round(days / 365.25), 'year');
}
