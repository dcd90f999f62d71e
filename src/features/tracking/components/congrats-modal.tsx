import { recordKindLabels } from '@contract';
import { Button } from '@/components/ui/button';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import { useFormats } from '@/lib/format/use-formats';
import { useDeviceLog } from '@/lib/tracking-sync/use-device-logs';
import type { CompletedWorkoutRecord } from '@/stores/completed-workout-store';
import { useCompletedWorkoutActions, useCongratsModal } from '@/stores/completed-workout-store';
import { formatDuration } from '../rest-beep';

/**
 * Spec 3's congratulations after a completed workout: what was done. The records are the device's guess until
 * the server answers the finish; then the server's (the truth) replace them, while the modal is open.
 */
export function CongratsModal({ onClosed }: { onClosed?: () => void }) {
  const formats = useFormats();
  const { isOpen, summary } = useCongratsModal();
  const { congratsModalClosed } = useCompletedWorkoutActions();
  const log = useDeviceLog(summary?.workoutLogId ?? null);
  if (!summary) return null;
  const serverRecords: CompletedWorkoutRecord[] | null =
    log && log.records.length > 0
      ? log.records.map((record) => ({
          exerciseName: record.exerciseName,
          label: recordKindLabels[record.kind],
          value:
            record.kind === 'most_reps_at_load' && record.load !== null
              ? `${record.value} reps at ${formats.number(record.load)}`
              : formats.load(record.value, record.unit),
        }))
      : null;
  const records = serverRecords ?? summary.records ?? [];
  const close = () => {
    congratsModalClosed();
    onClosed?.();
  };
  return (
    <SheetDialog isOpen={isOpen} title="Workout complete!" onClose={close} dismissOnBackdrop>
      <p className="text-base text-foreground">
        <span className="font-semibold">{summary.workoutName}</span>
        {summary.athleteName ? ` for ${summary.athleteName}` : ''} is done.
      </p>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <div className="rounded-xl bg-muted px-2 py-3">
          <dt className="text-xs font-semibold text-muted-foreground">Volume</dt>
          <dd className="text-lg font-bold text-foreground tabular-nums">
            {formats.load(summary.volume ?? 0, summary.volumeUnit ?? '').trim()}
          </dd>
        </div>
        <div className="rounded-xl bg-muted px-2 py-3">
          <dt className="text-xs font-semibold text-muted-foreground">Sets</dt>
          <dd className="text-lg font-bold text-foreground tabular-nums">{summary.doneSetCount ?? 0}</dd>
        </div>
        <div className="rounded-xl bg-muted px-2 py-3">
          <dt className="text-xs font-semibold text-muted-foreground">Time</dt>
          <dd className="text-lg font-bold text-foreground tabular-nums">
            {formatDuration(summary.durationSeconds)}
          </dd>
        </div>
      </dl>
      <section aria-label="New records" className="mt-4">
        <h3 className="text-sm font-semibold text-foreground">New records</h3>
        {records.length > 0 ? (
          <ul className="mt-1.5 space-y-1">
            {records.map((record, index) => (
              <li key={`${record.exerciseName}:${record.label}:${index}`} className="text-sm text-foreground">
                🏆 {record.exerciseName} · {record.label} ·{' '}
                <span className="font-semibold">{record.value}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">No new records this time.</p>
        )}
      </section>
      <div className="mt-5 flex justify-end">
        <Button onClick={close}>Done</Button>
      </div>
    </SheetDialog>
  );
}
