import type { ThrowingSummary } from '@contract/pitching';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { throwingQueries } from '../api/throwing-queries';
import { pitchTypeLabels } from '@contract/throwing';
import { pitchColors as pitchTypeColors } from '@/lib/pitching/pitch-colors';
import type { Zone } from '../throwing-figures';
import { hasWorkload, limitNote, pitchCountDays, pitchTypeSummary, zoneWords } from '../throwing-figures';
import type { ThrowingRange } from '../throwing-search';
import { defaultThrowingRange, throwingRangeLabels, throwingRanges } from '../throwing-search';
import { BaseballIcon } from './baseball-icon';
import { ImportPitches } from './import-pitches';
import { useFormats } from '@/lib/format/use-formats';

// recharts loads only with the charts, when this tab has something to draw (conventions: heavy libraries).
const charts = () => import('./throwing-charts');
const PitchCountChart = lazy(() => charts().then((module) => ({ default: module.PitchCountChart })));
const VelocityChart = lazy(() => charts().then((module) => ({ default: module.VelocityChart })));
const WorkloadRatioChart = lazy(() => charts().then((module) => ({ default: module.WorkloadRatioChart })));
const AcuteChronicChart = lazy(() => charts().then((module) => ({ default: module.AcuteChronicChart })));
const SeasonScatter = lazy(() => charts().then((module) => ({ default: module.SeasonScatter })));

const route = getRouteApi('/app/users_/$userId');

export interface AthleteThrowingProps {
  athlete: { id: string; firstName: string; lastName: string };
  /** Staff add a date of birth, height and weight on the profile; an athlete asks its coach. */
  canEditProfile: boolean;
}

const sectionTitle = 'text-base font-semibold text-foreground';
const sectionNote = 'text-sm text-muted-foreground';
const fixed = (value: number, places = 2) => value.toFixed(places);
/** A workload that may be unknown: a dash, never a 0. */
const orDash = (value: number | null) => (value === null ? '—' : fixed(value));
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
/** "the last 90 days", "the last year": how a range reads in a sentence. */
const rangePhrase = (days: ThrowingRange) => (days === 365 ? 'year' : throwingRangeLabels[days]);

/** The athlete page's Throwing tab: today against the limit, pitch counts, velocity and workload. */
export default function AthleteThrowing({ athlete, canEditProfile }: AthleteThrowingProps) {
  const search = route.useSearch();
  const days = search.days ?? defaultThrowingRange;
  // A new range keeps the old figures on screen until its answer comes, rather than flashing skeletons.
  const throwing = useQuery({
    ...throwingQueries.summary(athlete.id, days),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="space-y-5">
      <ImportPitches athlete={athlete} />
      <RangePicker days={days} />
      {throwing.isPending ? (
        <ThrowingSkeleton />
      ) : !throwing.data ? (
        <Alert title="The throwing summary could not be loaded.">
          <p>Check your connection and try again.</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void throwing.refetch()}
            isPending={throwing.isRefetching}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <div className={`space-y-5 ${throwing.isPlaceholderData ? 'opacity-60' : ''}`}>
          <TodayFigures summary={throwing.data} hint={{ athlete, canEditProfile }} />
          {throwing.data.pitchMix.length === 0 && throwing.data.pitchCounts.length === 0 ? (
            <Card>
              <EmptyState icon={BaseballIcon} title={`No pitches in the last ${rangePhrase(days)}`}>
                Pitches come from tracking a throwing workout, or from a Rapsodo or TrackMan file imported on
                a completed workout.{' '}
                <Link to="/app/completed" search={{ athlete: athlete.id }} className={textLinkClass}>
                  Open completed workouts
                </Link>
              </EmptyState>
            </Card>
          ) : (
            <>
              <div className="grid items-start gap-5 lg:grid-cols-2">
                <PitchCounts summary={throwing.data} />
                <Velocity summary={throwing.data} days={days} />
              </div>
              {throwing.data.velocity.length > 0 ? (
                <EveryPitch athleteId={athlete.id} summary={throwing.data} days={days} />
              ) : null}
            </>
          )}
          <Workload summary={throwing.data} days={days} hint={{ athlete, canEditProfile }} />
        </div>
      )}
    </div>
  );
}

interface HintProps {
  athlete: AthleteThrowingProps['athlete'];
  canEditProfile: boolean;
}

/** Where a missing date of birth, height or weight is added: the Profile tab (staff), or by the coach. */
function ProfileHint({ athlete, canEditProfile, what }: HintProps & { what: string }) {
  return canEditProfile ? (
    <>
      Add {athlete.firstName}’s {what} on the{' '}
      <Link to="/app/users/$userId" params={{ userId: athlete.id }} className={textLinkClass}>
        Profile
      </Link>{' '}
      tab.
    </>
  ) : (
    <>Ask your coach to add your {what} to your profile.</>
  );
}

function RangePicker({ days }: { days: ThrowingRange }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className={sectionNote}>
        Pitch counts cover 28 days; velocity and workload the last {rangePhrase(days)}.
      </p>
      <nav aria-label="Range" className="inline-flex rounded-lg border border-border bg-muted/60 p-0.5">
        {throwingRanges.map((range) => (
          <Link
            key={range}
            from="/app/users/$userId"
            search={(previous) => ({ ...previous, tab: 'throwing' as const, days: range })}
            replace
            aria-current={days === range ? 'page' : undefined}
            activeOptions={{ includeSearch: false }}
            activeProps={{}}
            className={`inline-flex min-h-10 items-center rounded-md px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-ring ${
              days === range
                ? 'bg-surface text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground'
            }`}
          >
            {throwingRangeLabels[range]}
          </Link>
        ))}
      </nav>
    </div>
  );
}

// The word in the text colour (it sits on the tinted figure, where a green word would be too faint); the dot,
// ring and tint carry the zone's colour.
const zoneBadgeClass: Record<Zone, { badge: string; dot: string }> = {
  green: { badge: 'bg-success/15 ring-success/60', dot: 'bg-success' },
  amber: { badge: 'bg-warning/20 ring-warning/70', dot: 'bg-warning' },
  red: { badge: 'bg-danger/15 ring-danger/60', dot: 'bg-danger' },
};

/** A zone as a coloured badge that also says its name (never colour alone). */
function ZoneBadge({ zone }: { zone: Zone }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-semibold text-foreground ring-1 ring-inset ${zoneBadgeClass[zone].badge}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${zoneBadgeClass[zone].dot}`} />
      {zoneWords[zone]}
    </span>
  );
}

function Figure({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <div className="rounded-xl bg-muted/60 px-3 py-2.5">
      <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 flex flex-wrap items-center gap-2 text-xl font-bold text-foreground tabular-nums">
        {value}
      </dd>
      {children ? <dd className="mt-0.5 text-xs text-muted-foreground">{children}</dd> : null}
    </div>
  );
}

function TodayFigures({ summary, hint }: { summary: ThrowingSummary; hint: HintProps }) {
  const formats = useFormats();
  const { pitchesToday, dailyLimit, availableFrom, today, currentWorkload } = summary;
  const isOver = dailyLimit !== null && pitchesToday > dailyLimit;
  return (
    <Card aria-labelledby="throwing-today-title" className="px-4 py-4 sm:px-6">
      <h2 id="throwing-today-title" className={sectionTitle}>
        Today
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <Figure
          label="Pitches"
          value={
            <>
              <span>
                {dailyLimit === null ? `${pitchesToday} today` : `${pitchesToday} of ${dailyLimit} today`}
              </span>
              {isOver ? (
                <span className="rounded-full bg-danger/15 px-2 py-0.5 text-xs font-semibold text-danger ring-1 ring-danger/40 ring-inset">
                  Over the limit
                </span>
              ) : null}
            </>
          }
        >
          {limitNote(summary)}
          {summary.age === null ? (
            <>
              . <ProfileHint {...hint} what="date of birth" />
            </>
          ) : null}
        </Figure>
        <Figure label="Available from" value={availableFrom <= today ? 'Today' : formats.day(availableFrom)}>
          {availableFrom <= today ? 'No rest owed' : 'Rest owed by the last 28 days’ pitch counts'}
        </Figure>
        <Figure
          label="Workload ratio"
          value={
            currentWorkload?.ratio != null && currentWorkload.zone ? (
              <>
                <span>{fixed(currentWorkload.ratio)}</span>
                <ZoneBadge zone={currentWorkload.zone} />
              </>
            ) : currentWorkload?.unknownDays ? (
              'Unknown'
            ) : (
              '—'
            )
          }
        >
          {workloadNote(summary)}
        </Figure>
      </dl>
    </Card>
  );
}

/** Under the ratio: its two workloads, or why there is no ratio (issue 22: unknown days are not 0). */
function workloadNote({ currentWorkload, hasBodyMeasures }: ThrowingSummary): string {
  if (!currentWorkload) return hasBodyMeasures ? 'No arm-sensor throws yet' : 'Needs height and weight';
  const { acute, chronic, unknownDays } = currentWorkload;
  if (unknownDays > 0) {
    const days = `${unknownDays} ${unknownDays === 1 ? 'day' : 'days'} of the last 28 had throws without a workload`;
    return hasBodyMeasures ? `${days} (no elbow torque)` : `${days}: needs height and weight`;
  }
  return `Acute ${orDash(acute)} · chronic ${orDash(chronic)}`;
}

const th = 'px-1.5 py-2 whitespace-nowrap sm:px-3';
const td = 'px-1.5 py-1.5 whitespace-nowrap sm:px-3';

function TableFrame({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    // Focusable, so a keyboard can scroll it when it overflows (a phone's narrow width, 14 rows).
    <div
      tabIndex={0}
      className="mt-4 max-h-80 overflow-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted text-xs font-semibold text-muted-foreground">
          <tr>
            {head.map((name, index) => (
              <th key={name} scope="col" className={`${th} ${index === 0 ? 'text-left' : 'text-right'}`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">{children}</tbody>
      </table>
    </div>
  );
}

function ChartSlot({ children }: { children: ReactNode }) {
  return (
    <div className="mt-4">
      <Suspense fallback={<Skeleton className="h-56 w-full sm:h-64" />}>{children}</Suspense>
    </div>
  );
}

function PitchCounts({ summary }: { summary: ThrowingSummary }) {
  const formats = useFormats();
  const days = pitchCountDays(summary);
  const thrown = [...summary.pitchCounts].reverse();
  return (
    <Card aria-labelledby="pitch-counts-title" className="px-4 py-4 sm:px-6">
      <h2 id="pitch-counts-title" className={sectionTitle}>
        Pitch counts
      </h2>
      <p className={sectionNote}>The last 28 days, with the rest each day calls for (MLB Pitch Smart).</p>
      <ChartSlot>
        <PitchCountChart days={days} limit={summary.dailyLimit} />
      </ChartSlot>
      <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-primary-ink" />
          Pitches
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-danger ring-1 ring-foreground" />
          Over the limit
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-muted-foreground/25" />
          Rest days owed
        </li>
        {summary.dailyLimit !== null ? (
          <li className="flex items-center gap-1.5">
            <span className="w-4 border-t-2 border-dashed border-danger" />
            Daily limit ({summary.dailyLimit})
          </li>
        ) : null}
      </ul>
      {thrown.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">No pitches in the last 28 days.</p>
      ) : (
        <TableFrame
          caption="Pitches per day over the last 28 days, newest first, with the rest days each calls for"
          head={['Date', 'Pitches', 'Rest days']}
        >
          {thrown.map((day) => (
            <tr key={day.date}>
              <th scope="row" className={`${td} text-left font-normal`}>
                {formats.day(day.date)}
              </th>
              <td
                className={`${td} text-right tabular-nums ${day.overLimit ? 'font-semibold text-danger' : ''}`}
              >
                {day.pitches}
                {day.overLimit ? ` (over ${summary.dailyLimit})` : ''}
              </td>
              <td className={`${td} text-right tabular-nums`}>{day.restDays ?? '—'}</td>
            </tr>
          ))}
        </TableFrame>
      )}
    </Card>
  );
}

function Velocity({ summary, days }: { summary: ThrowingSummary; days: ThrowingRange }) {
  const types = pitchTypeSummary(summary);
  return (
    <Card aria-labelledby="velocity-title" className="px-4 py-4 sm:px-6">
      <h2 id="velocity-title" className={sectionTitle}>
        Velocity
      </h2>
      <p className={sectionNote}>
        Average per day and pitch type over the last {rangePhrase(days)}; the top one in the tooltip.
      </p>
      {summary.velocity.length === 0 ? (
        <p className="mt-4 text-sm text-muted-foreground">No pitches in the last {rangePhrase(days)}.</p>
      ) : (
        <>
          <ChartSlot>
            <VelocityChart velocity={summary.velocity} pitchTypes={types.map((type) => type.pitchType)} />
          </ChartSlot>
          <ul
            aria-hidden="true"
            className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground"
          >
            {types.map((type) => (
              <li key={type.pitchType} className="flex items-center gap-1.5">
                <span
                  className="h-0.5 w-4 rounded"
                  style={{ backgroundColor: pitchTypeColors[type.pitchType] }}
                />
                {pitchTypeLabels[type.pitchType]}
              </li>
            ))}
          </ul>
          <TableFrame
            caption={`Pitches, average and top velocity (mph) and strike rate per pitch type over the last ${rangePhrase(days)}`}
            head={['Pitch type', 'Avg mph', 'Top mph', 'Strikes']}
          >
            {types.map((type) => (
              <tr key={type.pitchType}>
                <th scope="row" className={`${td} text-left font-normal`}>
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="size-2.5 shrink-0 rounded-full"
                      style={{ backgroundColor: pitchTypeColors[type.pitchType] }}
                    />
                    <span>
                      {pitchTypeLabels[type.pitchType]}
                      <span className="block text-xs text-muted-foreground tabular-nums">
                        {type.pitches} pitches
                      </span>
                    </span>
                  </span>
                </th>
                <td className={`${td} text-right tabular-nums`}>{fixed(type.averageMph, 1)}</td>
                <td className={`${td} text-right tabular-nums`}>
                  {type.topMph === null ? '—' : fixed(type.topMph, 1)}
                </td>
                <td className={`${td} text-right tabular-nums`}>{percent(type.strikeRate)}</td>
              </tr>
            ))}
          </TableFrame>
        </>
      )}
    </Card>
  );
}

/**
 * Every pitch of the range as a dot (issue 22): a season of a busy pitcher is tens of thousands, so the server sends
 * an even sample of 1,000 and every outlier, and the card says so; the outliers are listed in words too.
 */
function EveryPitch({
  athleteId,
  summary,
  days,
}: {
  athleteId: string;
  summary: ThrowingSummary;
  days: ThrowingRange;
}) {
  const formats = useFormats();
  const season = useQuery({
    ...throwingQueries.seasonPitches(athleteId, days),
    placeholderData: keepPreviousData,
  });
  const types = pitchTypeSummary(summary).map((type) => type.pitchType);
  const outliers = season.data?.pitches.filter((pitch) => pitch.outlier) ?? [];
  return (
    <Card aria-labelledby="every-pitch-title" className="px-4 py-4 sm:px-6">
      <h2 id="every-pitch-title" className={sectionTitle}>
        Every pitch
      </h2>
      {season.isPending ? (
        <Skeleton className="mt-4 h-56 w-full sm:h-64" />
      ) : !season.data ? (
        <p className="mt-2 text-sm text-muted-foreground">The pitches could not be loaded.</p>
      ) : (
        <>
          <p className={sectionNote} role="status">
            {season.data.sampled
              ? `Velocity of an even sample of ${count(season.data.pitches.length - outliers.length)} of the ${count(season.data.total)} pitches of the last ${rangePhrase(days)}, with every outlier.`
              : `Velocity of all ${count(season.data.total)} pitches of the last ${rangePhrase(days)}.`}
          </p>
          <ChartSlot>
            <SeasonScatter pitches={season.data.pitches} pitchTypes={types} />
          </ChartSlot>
          {outliers.length > 0 ? (
            <TableFrame
              caption="Outliers: pitches far from their type’s usual velocity, newest first"
              head={['Date', 'Pitch type', 'mph']}
            >
              {[...outliers].reverse().map((pitch, index) => (
                <tr key={`${pitch.date}-${index}`}>
                  <th scope="row" className={`${td} text-left font-normal`}>
                    {formats.day(pitch.date)}
                  </th>
                  <td className={`${td} text-right`}>{pitchTypeLabels[pitch.pitchType]}</td>
                  <td className={`${td} text-right tabular-nums`}>{fixed(pitch.velocityMph, 1)}</td>
                </tr>
              ))}
            </TableFrame>
          ) : null}
        </>
      )}
    </Card>
  );
}

const count = (value: number) => value.toLocaleString('en-US');

function Workload({
  summary,
  days,
  hint,
}: {
  summary: ThrowingSummary;
  days: ThrowingRange;
  hint: HintProps;
}) {
  const formats = useFormats();
  const recent = summary.workload.slice(-14).reverse();
  return (
    <Card aria-labelledby="workload-title" className="px-4 py-4 sm:px-6">
      <h2 id="workload-title" className={sectionTitle}>
        Workload
      </h2>
      <p className={sectionNote}>
        From the arm sensor’s elbow torque: acute (9-day weighted) against chronic (28-day) workload. Their
        ratio is green from 0.7 to 1.3, amber from 0.4 and to 1.6, red beyond.
      </p>
      {!summary.hasBodyMeasures ? (
        <Alert tone="info" role="status" className="mt-4" title="Workload needs height and weight">
          <ProfileHint {...hint} what="height and weight" />
        </Alert>
      ) : null}
      {!hasWorkload(summary) ? (
        summary.hasBodyMeasures ? (
          <p className="mt-4 text-sm text-muted-foreground">
            No arm-sensor throws in the last {rangePhrase(days)}: import a sensor file on a completed workout.
          </p>
        ) : null
      ) : (
        <div className="grid gap-5 lg:grid-cols-[1fr_1fr]">
          <div>
            <h3 className="mt-4 text-sm font-semibold text-foreground">Ratio</h3>
            <ChartSlot>
              <WorkloadRatioChart workload={summary.workload} />
            </ChartSlot>
          </div>
          <div>
            <h3 className="mt-4 text-sm font-semibold text-foreground">Acute and chronic</h3>
            <ChartSlot>
              <AcuteChronicChart workload={summary.workload} />
            </ChartSlot>
            <ul aria-hidden="true" className="mt-2 flex gap-4 text-xs text-muted-foreground">
              <li className="flex items-center gap-1.5">
                <span className="w-4 border-t-[3px] border-primary-ink" />
                Acute
              </li>
              <li className="flex items-center gap-1.5">
                <span className="w-4 border-t-2 border-dashed border-warning-foreground" />
                Chronic
              </li>
            </ul>
          </div>
          <div className="lg:col-span-2">
            <TableFrame
              caption="Workload of the last 14 days, newest first: the day's, acute, chronic and their ratio"
              head={['Date', 'Day', 'Acute', 'Chronic', 'Ratio']}
            >
              {recent.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className={`${td} text-left font-normal`}>
                    {formats.day(day.date, 'shortDay')}
                  </th>
                  <td className={`${td} text-right tabular-nums`}>
                    {day.daily === null ? 'Unknown' : fixed(day.daily)}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{orDash(day.acute)}</td>
                  <td className={`${td} text-right tabular-nums`}>{orDash(day.chronic)}</td>
                  <td className={`${td} text-right tabular-nums`}>
                    {day.ratio === null || !day.zone ? '—' : `${fixed(day.ratio)} ${zoneWords[day.zone]}`}
                  </td>
                </tr>
              ))}
            </TableFrame>
          </div>
        </div>
      )}
    </Card>
  );
}

function ThrowingSkeleton() {
  return (
    <div className="space-y-5" role="status" aria-live="polite">
      <span className="sr-only">Loading the throwing summary…</span>
      <Card aria-hidden="true" className="grid gap-3 p-5 sm:grid-cols-3">
        {[0, 1, 2].map((cell) => (
          <Skeleton key={cell} className="h-20 w-full" />
        ))}
      </Card>
      <div className="grid gap-5 lg:grid-cols-2">
        {[0, 1].map((card) => (
          <Card key={card} aria-hidden="true" className="p-5">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="mt-4 h-56 w-full sm:h-64" />
          </Card>
        ))}
      </div>
    </div>
  );
}
