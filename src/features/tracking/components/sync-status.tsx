import { useDeviceWriteFailed, useIsSending } from '@/lib/tracking-sync/use-device-logs';
import { useIsOnline } from '@/lib/network/network-status';
import type { DeviceLog } from '@/lib/tracking-sync/device-logs';

/** At a glance: what of this workout is still only on this device, and what the server refused. */
export function SyncStatus({ log }: { log: DeviceLog }) {
  const isOnline = useIsOnline();
  const isSending = useIsSending();
  const writeFailed = useDeviceWriteFailed();
  const waiting = log.outbox.length;
  // Offline is said as soon as the connection goes, not first at the next change (issue 22 item 3).
  const text =
    waiting === 0
      ? isOnline
        ? 'All changes saved'
        : 'Offline · changes are kept on this device'
      : `${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting${isOnline ? (isSending ? ' · sending' : '') : ' · offline'}`;
  const allSaved = waiting === 0 && isOnline;
  return (
    <div className="sm:text-right">
      <p
        role="status"
        aria-live="polite"
        className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${allSaved ? 'bg-success/10 text-success' : 'bg-warning/15 text-warning-foreground'}`}
      >
        <span aria-hidden className={`size-2 rounded-full ${allSaved ? 'bg-success' : 'bg-warning'}`} />
        {text}
      </p>
      {writeFailed ? (
        <p role="alert" className="mt-1 text-xs text-danger">
          This device could not store the last change. Keep this page open until it is sent.
        </p>
      ) : null}
    </div>
  );
}

/** Writes the server refused for good: said once, plainly, so nothing is lost without anyone knowing. */
export function RejectedChanges({ log }: { log: DeviceLog }) {
  if (log.rejected.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-danger/30 bg-danger/10 px-3 py-2.5 text-sm text-danger"
    >
      <p className="font-semibold">
        {log.rejected.length === 1 ? 'One change was' : `${log.rejected.length} changes were`} not accepted by
        the server:
      </p>
      <ul className="mt-1 list-disc pl-5">
        {log.rejected.map((rejected) => (
          <li key={rejected.key}>{rejected.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** Before the start, in the status's place: the first tap starts the workout without the sets moving down. */
export function NotStartedStatus() {
  return (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-muted px-2.5 py-1 text-xs font-semibold text-muted-foreground">
      <span aria-hidden className="size-2 rounded-full bg-border-strong" />
      Not started
    </p>
  );
}
