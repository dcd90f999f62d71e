import { useSyncExternalStore } from 'react';
import type { DeviceLog } from './device-logs';
import { deviceLogOfEntry, deviceWriteFailed, getDeviceLog, subscribeToDeviceLogs } from './device-logs';
import { outboxSendingKey, subscribeToSending } from './outbox-sync';

/** The device's log of an entry tracked by `userId`, re-rendering on each change of it. */
export function useDeviceLogOfEntry(entryId: string, userId: string): DeviceLog | undefined {
  return useSyncExternalStore(subscribeToDeviceLogs, () => deviceLogOfEntry(entryId, userId));
}

export function useDeviceLog(logId: string | null): DeviceLog | undefined {
  return useSyncExternalStore(subscribeToDeviceLogs, () => (logId ? getDeviceLog(logId) : undefined));
}

export const useIsSending = (): boolean =>
  useSyncExternalStore(subscribeToSending, () => outboxSendingKey() !== null);

export const useDeviceWriteFailed = (): boolean =>
  useSyncExternalStore(subscribeToDeviceLogs, deviceWriteFailed);
