import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { weekComplianceQuery } from '../../api/activity-queries';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** Staff: how much of the training due this week each group has done; skipped and today's open apart (ADR 042). */
export function ThisWeekWidget() {
  const week = useQuery(weekComplianceQuery());
  if (week.isPending) {
    return (
      <div className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  if (!week.data) {
    return <p className="text-sm text-muted-foreground">This could not be loaded. Check your connection.</p>;
  }
  const { groups } = week.data;
  if (groups.length === 0) {
    return <p className="text-sm text-muted-foreground">Make groups to see how each is keeping up.</p>;
  }
  return (
    <ul className="space-y-3" aria-label="Compliance by group this week">
      {groups.map(({ group, completed, due, missed, skipped, openToday, rate }) => (
        <li key={group.id}>
          <div className="flex items-baseline justify-between gap-3 text-sm">
            <Link
              to="/app/completed"
              search={{ group: group.id }}
              className="truncate font-medium text-foreground underline-offset-2 hover:text-primary-ink hover:underline"
            >
              {group.name}
            </Link>
            <span className="shrink-0 text-muted-foreground tabular-nums">
              <span className="font-semibold text-foreground">{percent(rate)}</span> · {completed} of {due}{' '}
              done
            </span>
          </div>
          <div
            role="meter"
            aria-label={`${group.name} this week`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={rate === null ? 0 : Math.round(rate * 100)}
            aria-valuetext={
              rate === null ? 'Nothing due yet' : `${percent(rate)}, ${completed} of ${due} done`
            }
            className="mt-1 h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className={`h-full rounded-full ${rate !== null && rate < 0.5 ? 'bg-warning' : 'bg-success'}`}
              style={{ width: `${Math.round((rate ?? 0) * 100)}%` }}
            />
          </div>
          <p className="mt-1 text-xs text-muted-foreground tabular-nums">
            {missed} missed · {skipped} skipped
            {openToday > 0 ? ` · ${openToday} still to do today` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}
