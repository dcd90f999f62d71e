import type { TrendItem, TrendPoint, TrendResponse } from '@contract/questionnaires';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { subDays } from 'date-fns';
import type { ReactNode } from 'react';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon, ListChecksIcon, UsersIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import type { Subject } from '@/components/widgets/subject-picker';
import { SubjectPlaceholder } from '@/components/widgets/subject-placeholder';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { useFormats } from '@/lib/format/use-formats';
import { groupQueries } from '@/lib/groups/group-queries';
import { athleteQueries } from '@/lib/people/athlete-queries';
import { todayIn } from '@/lib/schedule/calendar-range';
import { useScreenTitle } from '@/stores/header-store';
import { downloadAnswersCsv } from '../api/export-answers';
import type { TrendSubject } from '../api/trend-queries';
import { trendQueries } from '../api/trend-queries';
import { flagWords, signedSd } from '../trend-figures';
import type { TrendRange } from '../trend-search';
import { defaultTrendRange, trendRangeLabels, trendRanges } from '../trend-search';
import { FlagChip } from './readiness-widget';
import { SessionLoadCard } from './session-load-card';

// recharts loads only with the charts, when this screen has answers to draw (conventions: heavy libraries).
const charts = () => import('./trend-charts');
const AthleteItemChart = lazy(() => charts().then((module) => ({ default: module.AthleteItemChart })));
const GroupItemChart = lazy(() => charts().then((module) => ({ default: module.GroupItemChart })));
const SubjectPicker = lazy(() =>
  import('@/components/widgets/subject-picker').then((module) => ({ default: module.SubjectPicker })),
);

const route = getRouteApi('/app/questionnaires/$questionnaireId/trends');

const sectionTitle = 'text-base font-semibold text-foreground';
const sectionNote = 'text-sm text-muted-foreground';

/** The range's first and last day: the organisation's today and the days before it. */
export function rangeDates(today: string, range: TrendRange): { from: string; to: string } {
  const from = subDays(new Date(`${today}T12:00:00Z`), range - 1)
    .toISOString()
    .slice(0, 10);
  return { from, to: today };
}

/** A questionnaire's items over time for one athlete (against its own baseline) or one group (issue 26). */
export function TrendsPage() {
  const { questionnaireId } = route.useParams();
  const search = route.useSearch();
  const range = search.range ?? defaultTrendRange;
  const formats = useFormats();
  const { from, to } = rangeDates(todayIn(formats.place.timeZone), range);
  const subject: TrendSubject | null = search.athleteId
    ? { athleteId: search.athleteId }
    : search.groupId
      ? { groupId: search.groupId }
      : null;
  const trend = useQuery({
    ...trendQueries.trend(questionnaireId, subject ?? { athleteId: '' }, from, to),
    enabled: subject !== null,
  });
  useLargestGroupFirst(subject === null);
  const name = trend.data?.questionnaire.name;
  useScreenTitle(name ? `${name} · trends` : 'Trends');

  return (
    <div className="mx-auto max-w-6xl space-y-5">
      <PageHeader
        title={name ? `${name}: trends` : 'Trends'}
        description="Each answer against the athlete’s own 28-day baseline: amber at 1 SD worse, red at 2 SD or at the coach’s alert."
        actions={
          <ExportButton questionnaireId={questionnaireId} from={from} to={to} groupId={search.groupId} />
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <WhoseAnswers athleteId={search.athleteId} groupId={search.groupId} />
        <RangePicker range={range} />
      </div>
      {subject === null ? (
        <Card>
          <EmptyState icon={UsersIcon} title="Choose an athlete or a group">
            An athlete’s trend shows each answer against its own baseline; a group’s shows the daily mean and
            who is flagged.
          </EmptyState>
        </Card>
      ) : trend.isPending ? (
        <TrendSkeleton />
      ) : !trend.data ? (
        <Alert title="The trends could not be loaded.">
          <p>{requestFailureMessage(trend.error)}</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void trend.refetch()}
            isPending={trend.isRefetching}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <div className={trend.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {trend.data.athlete ? (
            <AthleteTrends trend={trend.data} />
          ) : trend.data.group ? (
            <GroupTrends trend={trend.data} questionnaireId={questionnaireId} range={range} />
          ) : null}
        </div>
      )}
    </div>
  );
}

/**
 * Opened with no one chosen, the screen shows the largest group: a coach sees the team's trend at once, and the
 * picker changes it. Replaces the address, so Back leaves the screen rather than returning to an empty one.
 */
function useLargestGroupFirst(noneChosen: boolean) {
  const navigate = useNavigate({ from: '/app/questionnaires/$questionnaireId/trends' });
  const groups = useQuery({ ...groupQueries.list(), enabled: noneChosen });
  const largest = [...(groups.data ?? [])]
    .filter((group) => group.memberCount > 0)
    .sort((a, b) => b.memberCount - a.memberCount)[0];
  useEffect(() => {
    if (noneChosen && largest)
      void navigate({ search: (previous) => ({ ...previous, groupId: largest.id }), replace: true });
  }, [noneChosen, largest, navigate]);
}

function TrendSkeleton() {
  return (
    <div role="status" className="grid gap-4 lg:grid-cols-2">
      <span className="sr-only">Loading the trends…</span>
      {[0, 1, 2, 3].map((card) => (
        <Skeleton key={card} className="h-72 w-full rounded-2xl" aria-hidden="true" />
      ))}
    </div>
  );
}

/**
 * Whose answers: a group or an athlete, found by typing (the shared combobox: groups from the organisation's
 * list, athletes searched on the server, so the 300th of 500 athletes is as easy to reach as the first).
 */
function WhoseAnswers({
  athleteId,
  groupId,
}: {
  athleteId?: string | undefined;
  groupId?: string | undefined;
}) {
  const navigate = useNavigate({ from: '/app/questionnaires/$questionnaireId/trends' });
  const groups = useQuery(groupQueries.list());
  const athleteName = useQuery({ ...athleteQueries.name(athleteId ?? ''), enabled: athleteId !== undefined });
  const subject: Subject = athleteId
    ? { kind: 'athlete', id: athleteId, name: athleteName.data ?? '' }
    : groupId
      ? { kind: 'group', id: groupId, name: groups.data?.find((group) => group.id === groupId)?.name ?? '' }
      : { kind: 'organization' };
  const choose = (chosen: Subject) =>
    void navigate({
      search: (previous) => ({
        ...previous,
        athleteId: chosen.kind === 'athlete' ? chosen.id : undefined,
        groupId: chosen.kind === 'group' ? chosen.id : undefined,
      }),
    });
  return (
    <div className="flex min-w-0 flex-col gap-1.5 sm:w-80">
      {/* The combobox names itself for assistive technology; this is the same words for the eye. */}
      <p aria-hidden="true" className="text-sm font-medium text-foreground">
        Whose answers
      </p>
      <Suspense
        fallback={
          <SubjectPlaceholder subject={subject} className="w-full" asks="Choose an athlete or a group" />
        }
      >
        <SubjectPicker
          label="Whose answers"
          value={subject}
          onChange={choose}
          allowOrganization={false}
          className="w-full"
        />
      </Suspense>
    </div>
  );
}

function RangePicker({ range }: { range: TrendRange }) {
  return (
    <nav
      aria-label="Range"
      className="inline-flex self-start rounded-lg border border-border bg-muted/60 p-0.5 sm:self-auto"
    >
      {trendRanges.map((option) => (
        <Link
          key={option}
          from="/app/questionnaires/$questionnaireId/trends"
          search={(previous) => ({ ...previous, range: option })}
          replace
          aria-current={range === option ? 'page' : undefined}
          activeOptions={{ includeSearch: false }}
          activeProps={{}}
          className={`inline-flex min-h-10 items-center rounded-md px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-ring ${
            range === option
              ? 'bg-surface text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground'
          }`}
        >
          {trendRangeLabels[option]}
        </Link>
      ))}
    </nav>
  );
}

function ExportButton({
  questionnaireId,
  from,
  to,
  groupId,
}: {
  questionnaireId: string;
  from: string;
  to: string;
  groupId?: string | undefined;
}) {
  const [state, setState] = useState<{ pending: boolean; failure: string | null }>({
    pending: false,
    failure: null,
  });
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        variant="secondary"
        isPending={state.pending}
        onClick={() => {
          setState({ pending: true, failure: null });
          downloadAnswersCsv({ questionnaireId, from, to, groupId }).then(
            () => setState({ pending: false, failure: null }),
            (error: unknown) => setState({ pending: false, failure: requestFailureMessage(error) }),
          );
        }}
      >
        <DownloadIcon className="size-4" aria-hidden="true" />
        Export CSV
      </Button>
      {state.failure ? (
        <p role="alert" className="text-sm text-danger">
          The export failed. {state.failure}
        </p>
      ) : null}
    </div>
  );
}

function ChartSlot({ children }: { children: ReactNode }) {
  return (
    <div className="mt-3">
      <Suspense fallback={<Skeleton className="h-48 w-full sm:h-56" />}>{children}</Suspense>
    </div>
  );
}

const th = 'px-2 py-2 whitespace-nowrap sm:px-3';
const td = 'px-2 py-1.5 whitespace-nowrap tabular-nums sm:px-3';

function TableDisclosure({
  caption,
  head,
  children,
}: {
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  // A year of rows is drawn only when asked for: closed, the table costs nothing.
  const [isOpen, setIsOpen] = useState(false);
  return (
    <details className="group mt-3" onToggle={(event) => setIsOpen(event.currentTarget.open)}>
      <summary className="inline-flex min-h-10 cursor-pointer items-center rounded text-sm font-medium text-primary-ink focus-visible:outline-2 focus-visible:outline-ring">
        Show the numbers
      </summary>
      {/* Focusable, so a keyboard can scroll it when it overflows. */}
      <div
        tabIndex={0}
        className="mt-2 max-h-72 overflow-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
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
          <tbody className="divide-y divide-border">{isOpen ? children : null}</tbody>
        </table>
      </div>
    </details>
  );
}

const legendSwatch = 'inline-block size-2.5 rounded-full';

function AthleteLegend({ item }: { item: TrendItem }) {
  return (
    <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <li className="flex items-center gap-1.5">
        <span className="inline-block h-2.5 w-4 rounded-sm bg-accent-ink/20" />
        Baseline ± 1 SD
      </li>
      <li className="flex items-center gap-1.5">
        <span className={`${legendSwatch} bg-warning`} />
        Amber
      </li>
      <li className="flex items-center gap-1.5">
        <span className={`${legendSwatch} bg-danger`} />
        Red
      </li>
      {item.alertAt !== null ? (
        <li className="flex items-center gap-1.5">
          <span className="w-4 border-t-2 border-dashed border-danger" />
          Alert at {item.alertAt}
        </li>
      ) : null}
    </ul>
  );
}

function GroupLegend() {
  return (
    <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <li className="flex items-center gap-1.5">
        <span className="w-4 border-t-2 border-primary-ink" />
        Daily mean
      </li>
      <li className="flex items-center gap-1.5">
        <span className={`${legendSwatch} bg-warning`} />
        An amber answer that day
      </li>
      <li className="flex items-center gap-1.5">
        <span className={`${legendSwatch} bg-danger`} />A red one
      </li>
    </ul>
  );
}

function pointsOf(trend: TrendResponse, itemId: string): TrendPoint[] {
  return trend.athlete?.series.find((entry) => entry.itemId === itemId)?.points ?? [];
}

function AthleteTrends({ trend }: { trend: TrendResponse }) {
  const athlete = trend.athlete!.athlete;
  const answered = trend.items.some((item) => pointsOf(trend, item.id).length > 0);
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-4">
        <h2 className="text-lg font-semibold text-foreground">
          {athlete.firstName} {athlete.lastName}
        </h2>
        {!answered ? (
          <Card>
            <EmptyState icon={ListChecksIcon} title="No answers in this range">
              {athlete.firstName}’s answers show here once given; a baseline needs 7 answers in 28 days.
            </EmptyState>
          </Card>
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {trend.items.map((item) => (
              <AthleteItemCard key={item.id} item={item} points={pointsOf(trend, item.id)} />
            ))}
          </div>
        )}
      </div>
      <aside aria-label="Load" className="space-y-4">
        <SessionLoadCard athleteId={athlete.id} />
      </aside>
    </div>
  );
}

function AthleteItemCard({ item, points }: { item: TrendItem; points: TrendPoint[] }) {
  const formats = useFormats();
  const titleId = useId();
  const latest = points.at(-1);
  const number = (value: number | null) => (value === null ? '—' : formats.number(value, 1));
  return (
    <Card aria-labelledby={titleId} className="px-4 py-4 sm:px-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className={sectionTitle}>
            {item.label}
          </h3>
          <p className={sectionNote}>
            {latest
              ? `Latest ${number(latest.value)} on ${formats.day(latest.date, 'shortDay')}${
                  latest.mean !== null ? ` · baseline ${number(latest.mean)}` : ' · no baseline yet'
                }`
              : 'No answers in this range'}
            {item.better ? ` · ${item.better} is better` : ''}
          </p>
        </div>
        {latest?.flag ? <FlagChip level={latest.flag.level} /> : null}
      </div>
      {points.length > 0 ? (
        <>
          <ChartSlot>
            <AthleteItemChart item={item} points={points} />
          </ChartSlot>
          <AthleteLegend item={item} />
          <TableDisclosure
            caption={`${item.label}: each answer, newest first, with the baseline, z-score and flag`}
            head={['Date', 'Value', 'Baseline', 'z', 'Flag']}
          >
            {[...points].reverse().map((point) => (
              <tr key={point.date}>
                <td className={`${td} text-left`}>{formats.day(point.date, 'shortDay')}</td>
                <td className={`${td} text-right`}>{number(point.value)}</td>
                <td className={`${td} text-right`}>
                  {point.mean !== null && point.sd !== null
                    ? `${number(point.mean)} ± ${number(point.sd)}`
                    : '—'}
                </td>
                <td className={`${td} text-right`}>{point.z === null ? '—' : signedSd(point.z)}</td>
                <td className={`${td} text-right`}>
                  {point.flag
                    ? `${flagWords[point.flag.level]}${point.flag.reason === 'threshold' ? ' (alert)' : ''}`
                    : '—'}
                </td>
              </tr>
            ))}
          </TableDisclosure>
        </>
      ) : null}
    </Card>
  );
}

function GroupTrends({
  trend,
  questionnaireId,
  range,
}: {
  trend: TrendResponse;
  questionnaireId: string;
  range: TrendRange;
}) {
  const formats = useFormats();
  const group = trend.group!;
  const flagRank = (flag: 'amber' | 'red' | null) => (flag === 'red' ? 0 : flag === 'amber' ? 1 : 2);
  const athletes = [...group.athletes].sort(
    (a, b) =>
      flagRank(a.flag) - flagRank(b.flag) ||
      `${a.athlete.lastName} ${a.athlete.firstName}`.localeCompare(
        `${b.athlete.lastName} ${b.athlete.firstName}`,
      ),
  );
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-4">
        <h2 className="text-lg font-semibold text-foreground">{group.group.name}</h2>
        <div className="grid gap-4 xl:grid-cols-2">
          {trend.items.map((item) => {
            const points = group.series.find((entry) => entry.itemId === item.id)?.points ?? [];
            return (
              <Card key={item.id} aria-label={item.label} className="px-4 py-4 sm:px-5">
                <h3 className={sectionTitle}>{item.label}</h3>
                <p className={sectionNote}>
                  The group’s daily mean{points.length === 0 ? ': no answers in this range' : ''}
                </p>
                {points.length > 0 ? (
                  <>
                    <ChartSlot>
                      <GroupItemChart item={item} points={points} />
                    </ChartSlot>
                    <GroupLegend />
                    <TableDisclosure
                      caption={`${item.label}: the group’s daily mean, newest first, with how many answered and were flagged`}
                      head={['Date', 'Mean', 'Answered', 'Amber', 'Red']}
                    >
                      {[...points].reverse().map((point) => (
                        <tr key={point.date}>
                          <td className={`${td} text-left`}>{formats.day(point.date, 'shortDay')}</td>
                          <td className={`${td} text-right`}>{formats.number(point.mean, 1)}</td>
                          <td className={`${td} text-right`}>{point.answered}</td>
                          <td className={`${td} text-right`}>{point.amber}</td>
                          <td className={`${td} text-right`}>{point.red}</td>
                        </tr>
                      ))}
                    </TableDisclosure>
                  </>
                ) : null}
              </Card>
            );
          })}
        </div>
      </div>
      <aside aria-labelledby="group-athletes-title">
        <Card className="px-4 py-4 sm:px-5">
          <h3 id="group-athletes-title" className={sectionTitle}>
            Athletes’ latest answers
          </h3>
          {athletes.length === 0 ? (
            <p className={`${sectionNote} mt-2`}>No athletes in this group.</p>
          ) : (
            <ul className="mt-2 divide-y divide-border" aria-label="Athletes’ latest answers">
              {athletes.map((row) => (
                <li key={row.athlete.id}>
                  <Link
                    to="/app/questionnaires/$questionnaireId/trends"
                    params={{ questionnaireId }}
                    search={{ athleteId: row.athlete.id, range }}
                    className="-mx-2 flex items-center justify-between gap-3 rounded-lg px-2 py-2 hover:bg-muted/60 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-foreground">
                        {row.athlete.firstName} {row.athlete.lastName}
                      </span>
                      <span className="block text-xs text-muted-foreground">
                        {row.lastDate
                          ? `Last answered ${formats.day(row.lastDate, 'shortDay')} · ${row.answers} ${row.answers === 1 ? 'answer' : 'answers'}`
                          : 'No answers in this range'}
                      </span>
                    </span>
                    {row.flag ? <FlagChip level={row.flag} /> : <span className="sr-only">No flag</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link to="/app/questionnaires" className={`mt-3 inline-flex text-sm ${textLinkClass}`}>
            All questionnaires
          </Link>
        </Card>
      </aside>
    </div>
  );
}
