import type { Passenger } from '@contract';
import {
  filterTripGroups,
  formatRelativeDeparture,
  groupPassengersByTrip,
  localIsoDate,
} from './trip-groups';

let nextId = 0;
function passenger(
  fields: Partial<Passenger> & Pick<Passenger, 'firstName' | 'lastName' | 'trip' | 'departureDate'>,
): Passenger {
  nextId += 1;
  return {
    id: `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`,
    userId: null,
    seat: null,
    notes: null,
    ...fields,
  };
}

const phoenix = { trip: 'Spring Classic — Phoenix', departureDate: '2027-03-12' };
const atlanta = { trip: 'Summer Showcase — Atlanta', departureDate: '2027-06-20' };
const winter = { trip: 'Winter Camp', departureDate: '2026-01-05' };

describe('grouping the roster by trip', () => {
  const roster = [
    passenger({ firstName: 'Sam', lastName: 'Whitaker', ...atlanta }),
    passenger({ firstName: 'Tyler', lastName: 'Brooks', ...phoenix, seat: '10B' }),
    passenger({ firstName: 'Old', lastName: 'Trip', ...winter }),
    passenger({ firstName: 'Jamie', lastName: 'Rivera', ...phoenix, seat: '10A' }),
    passenger({ firstName: 'Pat', lastName: 'Rivera', ...phoenix, notes: 'Parent chaperone' }),
    passenger({ firstName: 'Casey', lastName: 'Jordan', ...atlanta }),
  ];

  it('puts upcoming trips first, soonest first, then departed ones; travellers by name', () => {
    const trips = groupPassengersByTrip(roster, '2026-06-01');
    expect(trips.map((trip) => [trip.trip, trip.hasDeparted])).toEqual([
      ['Spring Classic — Phoenix', false],
      ['Summer Showcase — Atlanta', false],
      ['Winter Camp', true],
    ]);
    expect(trips[0]?.passengers.map((p) => `${p.firstName} ${p.lastName}`)).toEqual([
      'Tyler Brooks',
      'Jamie Rivera',
      'Pat Rivera',
    ]);
  });

  it('treats the same trip name on another date as another trip', () => {
    const trips = groupPassengersByTrip(
      [
        passenger({ firstName: 'A', lastName: 'A', trip: 'Showcase', departureDate: '2027-01-01' }),
        passenger({ firstName: 'B', lastName: 'B', trip: 'Showcase', departureDate: '2027-02-01' }),
      ],
      '2026-01-01',
    );
    expect(trips).toHaveLength(2);
  });

  it('filters by name, seat or note and drops trips left empty', () => {
    const trips = groupPassengersByTrip(roster, '2026-06-01');
    expect(filterTripGroups(trips, 'rivera').map((trip) => trip.passengers.length)).toEqual([2]);
    expect(filterTripGroups(trips, '10b')[0]?.passengers[0]?.firstName).toBe('Tyler');
    expect(filterTripGroups(trips, 'chaperone')[0]?.passengers[0]?.firstName).toBe('Pat');
    expect(filterTripGroups(trips, '   ')).toHaveLength(3);
    expect(filterTripGroups(trips, 'nobody')).toEqual([]);
  });
});

describe('dates', () => {
  it('gives today as a local calendar date', () => {
    expect(localIsoDate(new Date(2027, 2, 5, 23, 30))).toBe('2027-03-05');
  });

  it('says how far away a departure is', () => {
    expect(formatRelativeDeparture('2027-03-12', '2027-03-12')).toBe('today');
    expect(formatRelativeDeparture('2027-03-13', '2027-03-12')).toBe('tomorrow');
    expect(formatRelativeDeparture('2027-03-22', '2027-03-12')).toBe('in 10 days');
    expect(formatRelativeDeparture('2027-04-12', '2027-03-12')).toBe('in 4 weeks');
    expect(formatRelativeDeparture('2027-09-12', '2027-03-12')).toBe('in 6 months');
    expect(formatRelativeDeparture('2026-12-12', '2027-03-12')).toBe('3 months ago');
  });
});
