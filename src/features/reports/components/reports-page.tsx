import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { Subject } from '@/components/widgets/subject-picker';
import { SubjectPlaceholder } from '@/components/widgets/subject-placeholder';
import { requestFailureMessage } from '@/lib/api/request-failure';
import { authQueries } from '@/lib/auth/auth-queries';
import { formatDayRange } from '@/lib/format/format';
import { useFormats } from '@/lib/format/use-formats';
import { groupQueries } from '@/lib/groups/group-queries';
import { athleteQueries } from '@/lib/people/athlete-queries';
import { todayIn } from '@/lib/schedule/calendar-range';
import { useScreenTitle } from '@/stores/header-store';
import type { ReportParams } from '../api/report-queries';
import { reportQueries } from '../api/report-queries';
import { figureLookup } from '../figure-lookup';
import type { ReportDates } from '../report-range';
import { reportDates } from '../report-range';
import type { ReportRangePreset } from '../report-search';
import { customRangeProblem, reportRangePresets } from '../report-search';
import { FigureProvider } from './report-parts';
import {
  ComplianceSection,
  ReadinessSection,
  StrengthSection,
  ThrowingSection,
  VolumeSection,
} from './report-sections';
import { SummaryPanel } from './summary-panel';

const SubjectPicker = lazy(() =>
  import('@/components/widgets/subject-picker').then((module) => ({ default: module.SubjectPicker })),
);

const route = getRouteApi('/app/reports');

/** The report's range and scope as the address says them, for the signed-in user's organisation. */
export function useReportParams(): { params: ReportParams | null; dates: ReportDates } {
  const search = route.useSearch();
  const formats = useFormats();
  const me = useQuery(authQueries.me());
  const dates = reportDates(search, todayIn(formats.place.timeZone));
  const organizationId = me.data?.organization.id;
  const params = organizationId
    ? {
        organizationId,
        from: dates.from,
        to: dates.to,
        groupId: search.groupId,
        athleteId: search.athleteId,
      }
    : null;
  return { params, dates };
}

/** Reports (issue 27): an organisation's, a group's or an athlete's training over a range, and its summary. */
export function ReportsPage() {
  const { params, dates } = useReportParams();
  const formats = useFormats();
  const report = useQuery({
    ...reportQueries.report(params ?? { organizationId: '', from: dates.from, to: dates.to }),
    enabled: params !== null,
  });
  useScreenTitle('Reports');
  const lookup = useMemo(() => (report.data ? figureLookup(report.data) : null), [report.data]);
  const scopeName = report.data && !report.isPlaceholderData ? report.data.scope.name : null;

  return (
    <div className="mx-auto max-w-6xl space-y-5 print:max-w-none print:space-y-4">
      <PageHeader
        title="Reports"
        description={
          <>
            {scopeName ? `${scopeName} · ` : ''}
            {formatDayRange(dates.from, dates.to, 'shortDate', formats.place)}
          </>
        }
        actions={
          <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
            Print
          </Button>
        }
      />
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between print:hidden">
        <ScopePicker />
        <RangePicker dates={dates} />
      </div>
      {params === null || report.isPending ? (
        <ReportSkeleton />
      ) : !report.data ? (
        <Alert title="The report could not be loaded.">
          <p>{requestFailureMessage(report.error)}</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void report.refetch()}
            isPending={report.isRefetching}
          >
            Try again
          </Button>
        </Alert>
      ) : (
        <FigureProvider value={lookup}>
          <div
            aria-busy={report.isPlaceholderData || undefined}
            className={`space-y-5 transition-opacity ${report.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            <SummaryPanel
              // A new range or scope starts a fresh panel: a summary being written belongs to the old one.
              key={JSON.stringify(params)}
              params={params}
              lookup={report.isPlaceholderData ? null : lookup}
              formats={formats}
            />
            <ComplianceSection report={report.data} formats={formats} />
            <VolumeSection report={report.data} formats={formats} />
            <StrengthSection report={report.data} formats={formats} />
            <ThrowingSection report={report.data} formats={formats} />
            <ReadinessSection report={report.data} formats={formats} />
          </div>
        </FigureProvider>
      )}
    </div>
  );
}

/** The report's shape while it loads: the summary and five sections at about their size. */
function ReportSkeleton() {
  return (
    <div role="status" className="space-y-5">
      <span className="sr-only">Loading the report…</span>
      <Skeleton className="h-36 w-full rounded-2xl" />
      {[0, 1, 2, 3, 4].map((section) => (
        <Card key={section} className="space-y-3 px-4 py-4 sm:px-5">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-56 w-full" />
          <Skeleton className="h-32 w-full" />
        </Card>
      ))}
    </div>
  );
}

/** Whose report: the organisation, a group or an athlete (the shared combobox). */
function ScopePicker() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/app/reports' });
  const { athleteId, groupId } = search;
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
    <div className="flex min-w-0 flex-col gap-1.5 md:w-80">
      {/* The combobox names itself for assistive technology; this is the same words for the eye. */}
      <p aria-hidden="true" className="text-sm font-medium text-foreground">
        Report of
      </p>
      <Suspense fallback={<SubjectPlaceholder subject={subject} className="w-full" />}>
        <SubjectPicker label="Report of" value={subject} onChange={choose} className="w-full" />
      </Suspense>
    </div>
  );
}

// Here, not beside the address's checks: those load with every screen, these words only with this one.
const reportRangeLabels: Record<ReportRangePreset, string> = {
  '7d': '7 days',
  '28d': '28 days',
  '90d': '90 days',
  season: 'This season',
};

const segment =
  'inline-flex min-h-10 flex-1 items-center justify-center rounded-md px-2 text-sm font-semibold sm:flex-none sm:px-3 whitespace-nowrap focus-visible:outline-2 focus-visible:outline-ring';
const segmentOn = 'bg-surface text-foreground shadow-sm';
const segmentOff = 'text-muted-foreground hover:text-foreground';

/** The range: a preset (ending today) or two dates of the coach's own. */
function RangePicker({ dates }: { dates: ReportDates }) {
  const [isCustomOpen, setIsCustomOpen] = useState(false);
  const formId = useId();
  const custom = dates.preset === null;
  return (
    <div className="flex flex-col gap-2 md:items-end">
      <div className="flex flex-wrap items-center gap-2">
        <nav
          aria-label="Range"
          className="flex w-full rounded-lg border border-border bg-muted/60 p-0.5 sm:inline-flex sm:w-auto"
        >
          {reportRangePresets.map((option) => (
            <Link
              key={option}
              from="/app/reports"
              search={(previous) => ({ ...previous, range: option, from: undefined, to: undefined })}
              aria-current={dates.preset === option ? 'page' : undefined}
              activeOptions={{ includeSearch: false }}
              activeProps={{}}
              className={`${segment} ${dates.preset === option ? segmentOn : segmentOff}`}
            >
              {reportRangeLabels[option]}
            </Link>
          ))}
        </nav>
        <button
          type="button"
          aria-expanded={isCustomOpen}
          aria-controls={formId}
          onClick={() => setIsCustomOpen((open) => !open)}
          className={`${segment} flex-none px-3 border border-border ${custom ? segmentOn : `bg-muted/60 ${segmentOff}`}`}
        >
          Custom
        </button>
      </div>
      {isCustomOpen ? (
        <CustomRangeForm id={formId} dates={dates} onDone={() => setIsCustomOpen(false)} />
      ) : null}
    </div>
  );
}

const dateInput =
  'block min-h-11 rounded-lg border border-border bg-surface px-3 text-base text-foreground shadow-xs sm:text-sm';

function CustomRangeForm({ id, dates, onDone }: { id: string; dates: ReportDates; onDone: () => void }) {
  const navigate = useNavigate({ from: '/app/reports' });
  const [from, setFrom] = useState(dates.from);
  const [to, setTo] = useState(dates.to);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = customRangeProblem(from, to);
    setProblem(found);
    if (found) return;
    void navigate({ search: (previous) => ({ ...previous, range: undefined, from, to }) });
    onDone();
  };
  return (
    <form
      id={id}
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-end gap-2"
      aria-label="Custom range"
    >
      <label className="flex flex-col gap-1 text-sm font-medium text-foreground">
        From
        <input
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          className={dateInput}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-foreground">
        To
        <input
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          className={dateInput}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
        />
      </label>
      <Button type="submit">Show</Button>
      {problem ? (
        <p id={problemId} role="alert" className="w-full text-sm text-danger">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
