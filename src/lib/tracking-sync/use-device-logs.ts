import { useSyncExternalStore } from 'react';
import type { DeviceLog } from './device-logs';
import {
  allDeviceLogs,
  deviceLogOfEntry,
  deviceLogsVersion,
  deviceWriteFailed,
  getDeviceLog,
  subscribeToDeviceLogs,
} from './device-logs';
import { outboxSendingKey, subscribeToSending } from './outbox-sync';

/** The device's log of an entry tracked by `userId`, re-rendering on each change of it. */
export function useDeviceLogOfEntry(entryId: string, userId: string): DeviceLog | undefined {
  return useSyncExternalStore(subscribeToDeviceLogs, () => deviceLogOfEntry(entryId, userId));
}

export function useDeviceLog(logId: string | null): DeviceLog | undefined {
  return useSyncExternalStore(subscribeToDeviceLogs, () => (logId ? getDeviceLog(logId) : undefined));
}

/** How many of `userId`'s changes are still waiting to be sent, on every log of this device. */
export function useWaitingChangeCount(userId: string): number {
  return useSyncExternalStore(subscribeToDeviceLogs, () => {
    deviceLogsVersion();
    return allDeviceLogs()
      .filter((log) => log.userId === userId)
      .reduce((count, log) => count + log.outbox.length, 0);
  });
}

export const useIsSending = (): boolean =>
  useSyncExternalStore(subscribeToSending, () => outboxSendingKey() !== null);

export const useDeviceWriteFailed = (): boolean =>
  useSyncExternalStore(subscribeToDeviceLogs, deviceWriteFailed);
