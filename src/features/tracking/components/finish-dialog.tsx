import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SheetDialog } from '@/components/ui/sheet-dialog';
import type { FinishFields } from '@/lib/tracking-sync/log-actions';

interface FinishValues {
  sessionRpe: string;
  durationMinutes: string;
  notes: string;
}

const fieldClass =
  'block min-h-11 w-full rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm';

/**
 * Finish: how hard the session was (RPE 1-10), how long it took (from start, editable) and notes; first, the sets
 * not logged, with the way back to them or to log them as prescribed (issue 23).
 */
export function FinishDialog({
  startedAt,
  notLogged,
  onLogAsPrescribed,
  onFinish,
  onClose,
}: {
  startedAt: string;
  /** Prescribed sets not marked done. */
  notLogged: number;
  onLogAsPrescribed: () => void;
  onFinish: (fields: FinishFields) => void;
  onClose: () => void;
}) {
  const [elapsedMinutes] = useState(() =>
    Math.max(1, Math.round((Date.now() - Date.parse(startedAt)) / 60_000)),
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FinishValues>({
    defaultValues: { sessionRpe: '', durationMinutes: String(Math.min(elapsedMinutes, 1440)), notes: '' },
  });
  const rpeId = useId();
  const durationId = useId();
  const durationErrorId = useId();
  const notesId = useId();
  return (
    <SheetDialog isOpen title="Finish the workout" onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) =>
          onFinish({
            sessionRpe: values.sessionRpe === '' ? null : Number(values.sessionRpe),
            durationSeconds: Math.round(Number(values.durationMinutes) * 60),
            notes: values.notes.trim() === '' ? null : values.notes.trim(),
          }),
        )}
      >
        {notLogged > 0 ? (
          <Alert
            tone="warning"
            role="status"
            title={`${notLogged} ${notLogged === 1 ? 'set is' : 'sets are'} not logged`}
          >
            <p>Finishing now records only the sets marked done.</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button variant="secondary" className="min-h-9" onClick={onClose}>
                Go back to them
              </Button>
              <Button variant="secondary" className="min-h-9" onClick={onLogAsPrescribed}>
                Mark them done as prescribed
              </Button>
            </div>
          </Alert>
        ) : null}
        <div>
          <label htmlFor={rpeId} className="mb-1.5 block text-sm font-medium text-foreground">
            Session RPE <span className="font-normal text-muted-foreground">(1 easy – 10 maximal)</span>
          </label>
          <select id={rpeId} className={fieldClass} {...register('sessionRpe')}>
            <option value="">Not given</option>
            {Array.from({ length: 10 }, (_, index) => index + 1).map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={durationId} className="mb-1.5 block text-sm font-medium text-foreground">
            Duration (minutes)
          </label>
          <input
            id={durationId}
            type="number"
            inputMode="numeric"
            min={0}
            max={1440}
            aria-invalid={errors.durationMinutes ? true : undefined}
            aria-describedby={errors.durationMinutes ? durationErrorId : undefined}
            className={fieldClass}
            {...register('durationMinutes', {
              validate: (value) => {
                const minutes = Number(value);
                return value.trim() !== '' && Number.isFinite(minutes) && minutes >= 0 && minutes <= 1440
                  ? true
                  : 'Enter the minutes it took, up to 1,440';
              },
            })}
          />
          {errors.durationMinutes ? (
            <p id={durationErrorId} className="mt-1 text-sm text-danger">
              {errors.durationMinutes.message}
            </p>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">
              From the start until now; change it if needed.
            </p>
          )}
        </div>
        <div>
          <label htmlFor={notesId} className="mb-1.5 block text-sm font-medium text-foreground">
            Notes <span className="font-normal text-muted-foreground">(optional)</span>
          </label>
          <textarea
            id={notesId}
            rows={3}
            maxLength={4000}
            className={`${fieldClass} py-2`}
            {...register('notes')}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Keep going
          </Button>
          <Button type="submit" data-tour="finish-confirm">
            Finish workout
          </Button>
        </div>
      </form>
    </SheetDialog>
  );
}
