import type { CalendarItem, EntryStatus, ScheduleItemDetail } from '@contract';
import type { Query, QueryClient } from '@tanstack/react-query';
import { allDeviceLogs, subscribeToDeviceLogs } from './device-logs';

/**
 * A workout started or finished on this device shows so on every calendar and on Today at once, offline
 * included (ADR 036): the schedule's cached answers are corrected by the device's logs, each time they change
 * and each time an answer arrives that the server gave before it had the device's writes.
 */

const rank: Record<EntryStatus, number> = { scheduled: 0, skipped: 0, in_progress: 1, completed: 2 };

function deviceStatuses(): Map<string, EntryStatus> {
  const statuses = new Map<string, EntryStatus>();
  for (const log of allDeviceLogs()) statuses.set(log.entryId, log.status);
  return statuses;
}

const ahead = (device: EntryStatus | undefined, shown: EntryStatus): device is EntryStatus =>
  device !== undefined && rank[device] > rank[shown];

function patchItems(items: CalendarItem[], statuses: Map<string, EntryStatus>): CalendarItem[] {
  let changed = false;
  const patched = items.map((item) => {
    const status = item.kind === 'entry' ? statuses.get(item.id) : undefined;
    if (!ahead(status, item.status)) return item;
    changed = true;
    return { ...item, status };
  });
  return changed ? patched : items;
}

function patchDetail(detail: ScheduleItemDetail, statuses: Map<string, EntryStatus>): ScheduleItemDetail {
  let next = detail;
  const own = detail.kind === 'entry' ? statuses.get(detail.id) : undefined;
  if (ahead(own, detail.status)) next = { ...next, status: own };
  if (detail.members?.some((member) => ahead(statuses.get(member.entryId), member.status))) {
    next = {
      ...next,
      members: detail.members.map((member) => {
        const status = statuses.get(member.entryId);
        return ahead(status, member.status) ? { ...member, status } : member;
      }),
    };
  }
  return next;
}

type WithItems = { data: CalendarItem[] };
const hasItems = (data: unknown): data is WithItems =>
  typeof data === 'object' && data !== null && Array.isArray((data as { data?: unknown }).data);
const isDetail = (data: unknown): data is ScheduleItemDetail =>
  typeof data === 'object' && data !== null && 'workout' in data && 'status' in data;

function patchQuery(queryClient: QueryClient, query: Query, statuses: Map<string, EntryStatus>): void {
  if (query.queryKey[0] !== 'schedule' || statuses.size === 0) return;
  const data: unknown = query.state.data;
  let next: unknown = data;
  if (hasItems(data)) {
    const items = patchItems(data.data, statuses);
    if (items !== data.data) next = { ...data, data: items };
  } else if (isDetail(data)) {
    next = patchDetail(data, statuses);
  }
  // Only a real change is written, so the cache event it makes ends here.
  if (next !== data) queryClient.setQueryData(query.queryKey, next, { updatedAt: query.state.dataUpdatedAt });
}

/** Keeps the schedule's cached answers in step with the device's logs; returns how to stop. */
export function showDeviceStatuses(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache();
  let shown = '';
  const patchAll = () => {
    const statuses = deviceStatuses();
    // Most changes (a set, a rest) leave every entry's status as it was: nothing to correct then.
    const key = JSON.stringify([...statuses]);
    if (key === shown) return;
    shown = key;
    for (const query of cache.findAll({ queryKey: ['schedule'] })) patchQuery(queryClient, query, statuses);
  };
  patchAll();
  const stopLogs = subscribeToDeviceLogs(patchAll);
  const stopCache = cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') {
      patchQuery(queryClient, event.query as Query, deviceStatuses());
    }
  });
  return () => {
    stopLogs();
    stopCache();
  };
}
