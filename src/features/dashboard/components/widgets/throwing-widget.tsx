import type { ThrowingAlert } from '@contract/pitching';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { throwingAlertsQuery } from '../../api/activity-queries';

const nameLinkClass =
  'rounded-sm font-medium text-foreground underline-offset-2 hover:text-primary-ink hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

const zoneClass = {
  amber: 'bg-warning/20 text-warning-foreground ring-warning/50',
  red: 'bg-danger/15 text-danger ring-danger/40',
  unknown: 'bg-muted text-foreground ring-border-strong',
} as const;

/** Why an athlete is listed, in words (the zone is written out, not only coloured). */
function reasonsOf(alert: ThrowingAlert) {
  return [
    ...(alert.pitchCount
      ? [
          {
            key: 'pitches',
            text: `${alert.pitchCount.pitches} pitches today, over the limit of ${alert.pitchCount.limit}`,
            tone: 'red' as const,
          },
        ]
      : []),
    ...(alert.workload
      ? [
          {
            key: 'workload',
            text: `Workload ratio ${alert.workload.ratio.toFixed(2)}: ${alert.workload.zone}`,
            tone: alert.workload.zone,
          },
        ]
      : []),
    // Throws without a workload leave the ratio unknown (issue 22): said, not shown as a ratio of 0.
    ...(alert.workloadUnknown
      ? [
          {
            key: 'workload-unknown',
            text: `Workload ratio unknown: ${alert.workloadUnknown.days} ${alert.workloadUnknown.days === 1 ? 'day' : 'days'} of throws without a workload`,
            tone: 'unknown' as const,
          },
        ]
      : []),
  ];
}

/**
 * Staff: the athletes who pitched past their age's limit today, whose workload ratio left the green zone, or whose
 * ratio is unknown for throws without a workload.
 */
export function ThrowingWidget() {
  const alerts = useQuery(throwingAlertsQuery());
  if (alerts.isPending) {
    return (
      <div className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-11 w-full" />
        ))}
      </div>
    );
  }
  if (!alerts.data) {
    return (
      <div className="text-sm">
        <p className="text-muted-foreground">
          The throwing warnings could not be loaded. Check your connection.
        </p>
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => void alerts.refetch()}
          isPending={alerts.isRefetching}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (alerts.data.alerts.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-border-strong bg-muted/40 px-4 py-3">
        <p className="text-sm font-medium text-foreground">No throwing warnings today</p>
        <p className="text-sm text-muted-foreground">
          Athletes over their daily pitch limit, or with a workload ratio outside the green zone, show up
          here.
        </p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label="Throwing warnings">
      {alerts.data.alerts.map((alert) => (
        <li key={alert.athlete.id} className="py-2 first:pt-0 last:pb-0">
          <Link
            to="/app/users/$userId"
            params={{ userId: alert.athlete.id }}
            search={{ tab: 'throwing' }}
            className={nameLinkClass}
          >
            {alert.athlete.firstName} {alert.athlete.lastName}
          </Link>
          <ul className="mt-1 flex flex-col items-start gap-1">
            {reasonsOf(alert).map((reason) => (
              <li
                key={reason.key}
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${zoneClass[reason.tone]}`}
              >
                {reason.text}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
