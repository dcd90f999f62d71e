import { z } from 'zod';
import { deviceTimeHeader } from '../../contract/tracking';
import { invalidFields } from './errors';

/**
 * Devices stamp their changes with their own clock (a set's `changedAt`, a start's `startedAt`), and a clock can
 * be wrong by a year. A device's outbox writes carry `Device-Time`, the device's clock when the request is sent;
 * the server reads every stamp of the request through that offset and never lets one be after its own now
 * (ADR 042).
 */
export { deviceTimeHeader };

const deviceTimeSchema = z.iso.datetime({ offset: true });

/** The Device-Time header as the OpenAPI document describes it on the tracking writes. */
export const deviceTimeParameter = {
  name: deviceTimeHeader,
  in: 'header' as const,
  required: false,
  description:
    "The device's clock when this request is sent (ISO 8601 with its offset). The server moves every time the " +
    'device stamped in the request (changedAt, startedAt, finishedAt) by the difference between its own clock and ' +
    'this one, so a device whose clock is wrong still orders its changes rightly against other devices. Without ' +
    "it the stamps are taken as they are; either way a stamp after the server's now counts as now.",
  schema: { type: 'string' as const, format: 'date-time' },
};

/** One request's view of the device's clock: its stamps as server time. */
export interface DeviceClock {
  /** How far the server's clock is ahead of the device's, in milliseconds (0 without Device-Time). */
  readonly offsetMs: number;
  /** A time the device stamped, as the server's clock would have said it, never after the server's now. */
  serverTime(stamp: string | Date): Date;
}

/**
 * The device's clock as one request's Device-Time header shows it against the server's `now`. An invalid header is
 * a 400 naming it; a missing one means the device's stamps are taken as they are.
 */
export function deviceClock(deviceTime: string | undefined, now: Date = new Date()): DeviceClock {
  let offsetMs = 0;
  if (deviceTime !== undefined) {
    if (!deviceTimeSchema.safeParse(deviceTime).success) {
      throw invalidFields(
        { [deviceTimeHeader]: 'Use an ISO 8601 time with its offset (the device’s clock when sending)' },
        'header',
      );
    }
    offsetMs = now.getTime() - Date.parse(deviceTime);
  }
  return {
    offsetMs,
    serverTime(stamp) {
      const shifted = new Date(stamp).getTime() + offsetMs;
      return new Date(Math.min(shifted, now.getTime()));
    },
  };
}
