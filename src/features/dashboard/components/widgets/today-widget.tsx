import type { Role } from '@contract';
import { DumbbellIcon } from '@/components/ui/icons';

const weekdayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long' });
const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** Today's date and what is on for today; the schedule itself arrives with the training-loop screens. */
export function TodayWidget({ role, today = new Date() }: { role: Role; today?: Date }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="shrink-0 sm:min-w-44">
        <p className="text-sm font-medium text-primary-ink">{weekdayFormat.format(today)}</p>
        <p className="text-xl font-bold tracking-tight whitespace-nowrap text-foreground">
          {dateFormat.format(today)}
        </p>
      </div>
      <div className="flex flex-1 items-center gap-3 rounded-xl border border-dashed border-border-strong bg-muted/40 px-4 py-3">
        <DumbbellIcon className="size-5 text-muted-foreground" />
        <div className="min-w-0">
          <p className="text-sm font-medium text-foreground">Nothing scheduled for today</p>
          <p className="text-sm text-muted-foreground">
            {role === 'athlete'
              ? 'Workouts your coaches schedule for you will show up here.'
              : 'Workouts you schedule for athletes and groups will show up here.'}
          </p>
        </div>
      </div>
    </div>
  );
}
