import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazy, Suspense, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormats } from '@/lib/format/use-formats';
import { throwingQueries } from '@/lib/throwing/throwing-queries';
import { trendQueries } from '../api/trend-queries';
import type { LoadZone } from '../trend-figures';
import { loadZoneWords } from '../trend-figures';

const WeeklyLoadChart = lazy(() =>
  import('./trend-charts').then((module) => ({ default: module.WeeklyLoadChart })),
);

const zoneClass: Record<LoadZone, string> = {
  green: 'bg-success/15 text-success ring-success/40',
  amber: 'bg-warning/20 text-warning-foreground ring-warning/50',
  red: 'bg-danger/15 text-danger ring-danger/40',
};

/** The throwing summary's range this card reads: today's ratio is the same whatever the range. */
const throwingDays = 28;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-foreground tabular-nums">{children}</dd>
    </div>
  );
}

/** A ratio and its zone in words: "1.42 · above the sweet spot". */
function RatioLine({ ratio, zone, words }: { ratio: number; zone: LoadZone; words: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span className="text-2xl font-semibold text-foreground tabular-nums">{ratio.toFixed(2)}</span>
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${zoneClass[zone]}`}
      >
        {words}
      </span>
    </p>
  );
}

/**
 * Beside an athlete's trends: its session-RPE load (RPE × minutes, Foster) per week over 12 weeks, this week's
 * acute:chronic ratio in words, and the throwing workload's ratio beside it when the athlete throws with a sensor.
 */
export function SessionLoadCard({ athleteId }: { athleteId: string }) {
  const formats = useFormats();
  const titleId = useId();
  const load = useQuery(trendQueries.load(athleteId));
  const throwing = useQuery(throwingQueries.summary(athleteId, throwingDays));
  const throwingRatio = throwing.data?.currentWorkload;

  return (
    <Card aria-labelledby={titleId} className="px-4 py-4 sm:px-5">
      <h3 id={titleId} className="text-base font-semibold text-foreground">
        Session-RPE load
      </h3>
      <p className="text-sm text-muted-foreground">
        Effort × minutes per week (AU), the last 12 weeks; this week highlighted.
      </p>
      {load.isPending ? (
        <div className="mt-3 space-y-3" aria-hidden="true">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : !load.data ? (
        <div className="mt-3 text-sm">
          <p className="text-muted-foreground">The load could not be loaded. Check your connection.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void load.refetch()}
            isPending={load.isRefetching}
          >
            Try again
          </Button>
        </div>
      ) : load.data.weeks.every((week) => week.sessions === 0) ? (
        <p className="mt-3 rounded-xl border border-dashed border-border-strong bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          No session RPE in the last 12 weeks. It comes from the effort asked after a tracked workout, or a
          session RPE questionnaire.
        </p>
      ) : (
        <>
          <div className="mt-3">
            <p className="text-xs font-medium text-muted-foreground">Acute:chronic ratio</p>
            {load.data.ratio !== null && load.data.zone !== null ? (
              <RatioLine
                ratio={load.data.ratio}
                zone={load.data.zone}
                words={loadZoneWords(load.data.ratio, load.data.zone)}
              />
            ) : (
              <p className="text-sm text-muted-foreground">Not yet: it needs four weeks of load.</p>
            )}
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-3">
            <Figure label="Acute (7 days)">{formats.count(Math.round(load.data.acute))}</Figure>
            <Figure label="Chronic (weekly mean of 28 days)">
              {formats.count(Math.round(load.data.chronic))}
            </Figure>
          </dl>
          <div className="mt-3">
            <Suspense fallback={<Skeleton className="h-48 w-full sm:h-56" />}>
              <WeeklyLoadChart weeks={load.data.weeks} />
            </Suspense>
          </div>
          <details className="mt-2">
            <summary className="inline-flex min-h-10 cursor-pointer items-center rounded text-sm font-medium text-primary-ink focus-visible:outline-2 focus-visible:outline-ring">
              Show the weeks
            </summary>
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">Session-RPE load per week, newest first</caption>
              <thead className="bg-muted text-xs font-semibold text-muted-foreground">
                <tr>
                  <th scope="col" className="px-2 py-2 text-left">
                    Week of
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    Load
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    Sessions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {[...load.data.weeks].reverse().map((week) => (
                  <tr key={week.weekStart}>
                    <td className="px-2 py-1.5 text-left">{formats.day(week.weekStart, 'shortDay')}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {formats.count(Math.round(week.load))}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{week.sessions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
      {/* Only for an athlete who throws with an arm sensor: a failed or empty summary says nothing here. */}
      {throwingRatio && (throwingRatio.ratio !== null || throwingRatio.unknownDays > 0) ? (
        <section aria-label="Throwing workload" className="mt-4 border-t border-border pt-3">
          <p className="text-xs font-medium text-muted-foreground">Throwing workload ratio</p>
          {throwingRatio.ratio !== null && throwingRatio.zone !== null ? (
            <RatioLine
              ratio={throwingRatio.ratio}
              zone={throwingRatio.zone}
              words={`${throwingRatio.zone} zone`}
            />
          ) : (
            <p className="text-sm text-muted-foreground">
              Unknown: {throwingRatio.unknownDays} {throwingRatio.unknownDays === 1 ? 'day' : 'days'} of
              throws without a workload
            </p>
          )}
        </section>
      ) : null}
    </Card>
  );
}
