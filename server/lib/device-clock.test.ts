import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { deviceClock } from './device-clock';

const serverNow = new Date('2026-06-01T12:00:00.000Z');
const iso = (date: Date) => date.toISOString();

describe('reading a device’s stamps by the server’s clock', () => {
  it('takes a stamp as it is when the device does not say its time, unless it is after the server’s now', () => {
    const clock = deviceClock(undefined, serverNow);
    expect(clock.offsetMs).toBe(0);
    expect(iso(clock.serverTime('2026-06-01T11:59:00.000Z'))).toBe('2026-06-01T11:59:00.000Z');
    expect(iso(clock.serverTime('2027-06-01T11:59:00.000Z'))).toBe('2026-06-01T12:00:00.000Z');
  });

  it('moves the stamps of a device whose clock runs a year ahead back by its error', () => {
    const clock = deviceClock('2027-06-01T12:00:00.000Z', serverNow);
    // The person changed the set a minute before the request left the phone.
    expect(iso(clock.serverTime('2027-06-01T11:59:00.000Z'))).toBe('2026-06-01T11:59:00.000Z');
  });

  it('moves the stamps of a device an hour behind forward, in any offset the device writes', () => {
    const clock = deviceClock('2026-06-01T12:00:00.000+01:00', serverNow);
    expect(clock.offsetMs).toBe(60 * 60 * 1000);
    expect(iso(clock.serverTime('2026-06-01T10:30:00.000Z'))).toBe('2026-06-01T11:30:00.000Z');
  });

  it('still never lets a stamp be after the server’s now (a stamp later than the device’s own time)', () => {
    const clock = deviceClock('2026-06-01T11:00:00.000Z', serverNow);
    expect(iso(clock.serverTime('2026-06-01T11:30:00.000Z'))).toBe('2026-06-01T12:00:00.000Z');
  });

  it('refuses a Device-Time that is not an ISO 8601 time with its offset, naming the header', () => {
    for (const invalid of ['yesterday', '2026-06-01', '2026-06-01T12:00:00', '']) {
      let thrown: unknown;
      try {
        deviceClock(invalid, serverNow);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, invalid).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).status).toBe(400);
      expect(Object.keys((thrown as ApiError).fields ?? {})).toEqual(['Device-Time']);
    }
  });
});
