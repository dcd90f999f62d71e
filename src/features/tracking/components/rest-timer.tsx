import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { endRest } from '@/lib/tracking-sync/log-actions';
import { formatClock, playRestBeep } from '../rest-beep';

/**
 * The rest after a set: counts down to the end time kept on the device, so a locked screen or a reload shows
 * the right time when the page is back; beeps once when it ends (not again after a reload past its end).
 */
export function RestTimer({ logId, rest }: { logId: string; rest: { endsAt: number; seconds: number } }) {
  const [now, setNow] = useState(() => Date.now());
  // A rest that ended before this page (a reload) is not beeped again.
  const [endedBefore] = useState(() => rest.endsAt <= Date.now());
  const beepedFor = useRef<number | null>(endedBefore ? rest.endsAt : null);
  // `now` ticks every 250 ms: a rest that just began is never shown longer than it is.
  const remaining = Math.min((rest.endsAt - now) / 1000, rest.seconds);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (remaining > 0 || beepedFor.current === rest.endsAt) return;
    beepedFor.current = rest.endsAt;
    playRestBeep();
  }, [remaining, rest.endsAt]);
  const isOver = remaining <= 0;
  return (
    <div
      role="timer"
      aria-label="Rest"
      className={`flex items-center justify-between gap-3 rounded-xl border px-4 py-2 shadow-sm ${isOver ? 'border-success bg-success/10' : 'border-primary bg-primary-soft'}`}
    >
      <div>
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {isOver ? 'Rest is over' : 'Rest'}
        </p>
        <p className="text-2xl font-bold text-foreground tabular-nums" aria-live="off">
          {isOver ? 'Go' : formatClock(remaining)}
        </p>
      </div>
      <Button variant="secondary" onClick={() => endRest(logId)}>
        {isOver ? 'Dismiss' : 'Skip rest'}
      </Button>
    </div>
  );
}
