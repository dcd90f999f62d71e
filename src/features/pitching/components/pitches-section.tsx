import type { Pitch } from '@contract/pitching';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { IconButton } from '@/components/ui/icon-button';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { useDeletePitch } from '../api/delete-pitch';
import { pitchingQueries } from '../api/pitching-queries';
import { pitchResultLabels, pitchTypeLabels } from '@contract/throwing';
import { pitchColors } from '@/lib/pitching/pitch-colors';
import { useWindowedRows } from '@/lib/windowed-rows';
import type { PitchTypeSummary } from '../pitching-summary';
import {
  oneDecimal,
  percent,
  pitchesOverview,
  pitchTypeSummaries,
  spinAxisClock,
  wholeNumber,
} from '../pitching-summary';
import { AddPitchForm } from './add-pitch-form';
import {
  ChartFigure,
  ChartSkeleton,
  ImportLink,
  LoadFailure,
  SectionHeader,
  SpacerRow,
  SummaryTable,
} from './section-parts';

// recharts comes with the charts, loaded when a workout with pitches shows them.
const VelocityChart = lazy(() =>
  import('./throwing-charts').then((module) => ({ default: module.VelocityChart })),
);
const MovementChart = lazy(() =>
  import('./throwing-charts').then((module) => ({ default: module.MovementChart })),
);
const PitchMixChart = lazy(() =>
  import('./throwing-charts').then((module) => ({ default: module.PitchMixChart })),
);

interface PitchesSectionProps {
  logId: string;
  /** Staff, and the athlete whose workout it is, add and delete pitches. */
  canEdit: boolean;
}

/** The completed workout's pitches: what they add up to, the charts with their tables, and every pitch. */
export function PitchesSection({ logId, canEdit }: PitchesSectionProps) {
  const pitches = useQuery(pitchingQueries.pitches(logId));
  const [isAdding, setIsAdding] = useState(false);
  const list = pitches.data ?? [];
  const nextSequence = list.reduce((last, pitch) => Math.max(last, pitch.sequence), 0) + 1;

  const actions = canEdit ? (
    <>
      <Button variant="secondary" onClick={() => setIsAdding(true)} disabled={isAdding}>
        <PlusIcon className="size-4" />
        Add pitch
      </Button>
      <ImportLink logId={logId} kind="pitches">
        Import pitches
      </ImportLink>
    </>
  ) : null;

  return (
    <Card aria-labelledby="pitches-title" className="px-4 py-4 sm:px-6">
      <SectionHeader
        id="pitches-title"
        title="Pitches"
        actions={pitches.data && list.length > 0 ? actions : null}
      >
        {pitches.data && list.length > 0 ? <PitchesOverviewLine pitches={list} /> : null}
      </SectionHeader>
      {isAdding ? (
        <div className="mt-3">
          <AddPitchForm logId={logId} nextSequence={nextSequence} onDone={() => setIsAdding(false)} />
        </div>
      ) : null}
      {pitches.isPending ? (
        <PitchesSkeleton />
      ) : pitches.isError ? (
        <LoadFailure
          what="The pitches"
          isMissing={isApiRequestError(pitches.error) && pitches.error.status === 404}
          onRetry={() => void pitches.refetch()}
          isRetrying={pitches.isRefetching}
        />
      ) : list.length === 0 ? (
        isAdding ? null : (
          <EmptyState
            icon={PlusIcon}
            title="No pitches yet"
            action={actions ? <div className="flex flex-wrap justify-center gap-2">{actions}</div> : null}
          >
            {canEdit
              ? 'Add them one by one, or import a Rapsodo, TrackMan or other CSV file.'
              : 'Pitches of this workout show here once they are entered or imported.'}
          </EmptyState>
        )
      ) : (
        <PitchesWithCharts logId={logId} pitches={list} canEdit={canEdit} />
      )}
    </Card>
  );
}

function PitchesOverviewLine({ pitches }: { pitches: readonly Pitch[] }) {
  const overview = pitchesOverview(pitches);
  return (
    <p className="text-sm text-muted-foreground tabular-nums" data-testid="pitches-overview">
      <span className="font-semibold text-foreground">
        {overview.count} {overview.count === 1 ? 'pitch' : 'pitches'}
      </span>
      {' · '}
      {percent(overview.strikeRate)} strikes · top {oneDecimal(overview.topMph)} mph
    </p>
  );
}

function TypeName({ pitchType }: { pitchType: Pitch['pitchType'] }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span
        aria-hidden="true"
        className="inline-block size-2.5 shrink-0 rounded-full"
        style={{ background: pitchColors[pitchType] }}
      />
      {pitchTypeLabels[pitchType]}
    </span>
  );
}

function PitchesWithCharts({
  logId,
  pitches,
  canEdit,
}: {
  logId: string;
  pitches: readonly Pitch[];
  canEdit: boolean;
}) {
  const summaries = pitchTypeSummaries(pitches);
  const hasMovement = pitches.some(
    (pitch) => pitch.horizontalBreakIn !== null && pitch.inducedVerticalBreakIn !== null,
  );
  const typeHeader = (summary: PitchTypeSummary): ReactNode => <TypeName pitchType={summary.pitchType} />;

  return (
    <div className="mt-4 space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartFigure title="Velocity by pitch" className="lg:col-span-2">
          <Suspense fallback={<ChartSkeleton />}>
            <VelocityChart pitches={pitches} />
          </Suspense>
          <SummaryTable
            caption="Velocity per pitch type"
            columns={['Pitches', 'Average mph', 'Top mph']}
            rows={summaries.map((summary) => ({
              key: summary.pitchType,
              header: typeHeader(summary),
              cells: [String(summary.count), oneDecimal(summary.averageMph), oneDecimal(summary.topMph)],
            }))}
          />
        </ChartFigure>
        {hasMovement ? (
          <ChartFigure title="Movement">
            <Suspense fallback={<ChartSkeleton />}>
              <MovementChart pitches={pitches} />
            </Suspense>
            <SummaryTable
              caption="Average movement per pitch type, in inches"
              columns={['Horizontal break', 'Induced vertical break']}
              rows={summaries.map((summary) => ({
                key: summary.pitchType,
                header: typeHeader(summary),
                cells: [
                  oneDecimal(summary.averageHorizontalBreakIn),
                  oneDecimal(summary.averageVerticalBreakIn),
                ],
              }))}
            />
          </ChartFigure>
        ) : null}
        <ChartFigure title="Pitch mix and strikes" className={hasMovement ? '' : 'lg:col-span-2'}>
          <Suspense fallback={<ChartSkeleton />}>
            <PitchMixChart summaries={summaries} />
          </Suspense>
          <SummaryTable
            caption="Pitch mix and strike rate per pitch type"
            columns={['Pitches', 'Share', 'Strike rate']}
            rows={summaries.map((summary) => ({
              key: summary.pitchType,
              header: typeHeader(summary),
              cells: [String(summary.count), percent(summary.share), percent(summary.strikeRate)],
            }))}
          />
        </ChartFigure>
      </div>
      <PitchTable logId={logId} pitches={pitches} canEdit={canEdit} />
    </div>
  );
}

const numberCell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';

/** The table box's most height: about twelve rows on a phone, then it scrolls. */
const tableMaxHeight = 512;

/**
 * Every pitch; on a phone it scrolls sideways with the pitch's number and type kept in view. A long list (up to 1,000
 * pitches) is windowed: the header row stays, and the rows keep their place in `aria-rowindex`.
 */
function PitchTable({
  logId,
  pitches,
  canEdit,
}: {
  logId: string;
  pitches: readonly Pitch[];
  canEdit: boolean;
}) {
  const deletePitch = useDeletePitch(logId);
  const [deleting, setDeleting] = useState<Pitch | null>(null);
  const headers = [
    'mph',
    'Spin (rpm)',
    'Spin axis',
    'IVB (in)',
    'HB (in)',
    'Release height (ft)',
    'Release side (ft)',
    'Extension (ft)',
  ];
  const columns = headers.length + (canEdit ? 3 : 2);
  const tableBox = useRef<HTMLDivElement>(null);
  const windowed = useWindowedRows({
    scrollRef: tableBox,
    count: pitches.length,
    rowHeight: 41,
    maxHeight: tableMaxHeight,
  });

  return (
    <div>
      <h3 className="text-sm font-semibold text-foreground">Every pitch</h3>
      <div
        ref={tableBox}
        className="relative -mx-4 mt-2 overflow-auto sm:mx-0"
        style={{ maxHeight: tableMaxHeight }}
        tabIndex={0}
        role="group"
        aria-label="Every pitch, scrolls sideways and down"
      >
        <table
          className="w-full min-w-[56rem] border-separate border-spacing-0 text-sm"
          aria-rowcount={pitches.length + 1}
        >
          <caption className="sr-only">Every pitch of the workout</caption>
          <thead className="sticky top-0 z-20 bg-surface text-xs font-semibold text-muted-foreground">
            <tr aria-rowindex={1}>
              <th
                scope="col"
                className="sticky left-0 z-10 border-b border-border bg-surface px-3 py-2 text-left sm:pl-0"
              >
                Pitch
              </th>
              {headers.map((header) => (
                <th key={header} scope="col" className="border-b border-border px-3 py-2 text-right">
                  {header}
                </th>
              ))}
              <th scope="col" className="border-b border-border px-3 py-2 text-left">
                Result
              </th>
              {canEdit ? (
                <th scope="col" className="border-b border-border px-3 py-2">
                  <span className="sr-only">Delete</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {windowed.before > 0 ? <SpacerRow height={windowed.before} columns={columns} /> : null}
            {windowed.indexes.map((index) => {
              const pitch = pitches[index]!;
              return (
                <tr
                  key={pitch.id}
                  ref={windowed.measure}
                  data-index={index}
                  aria-rowindex={index + 2}
                  className="align-middle"
                >
                  <th
                    scope="row"
                    className="sticky left-0 z-10 border-b border-border/60 bg-surface px-3 py-2 text-left font-normal sm:pl-0"
                  >
                    <span className="flex items-center gap-2">
                      <span className="w-6 text-muted-foreground tabular-nums">{pitch.sequence}</span>
                      <TypeName pitchType={pitch.pitchType} />
                    </span>
                  </th>
                  <td className={`${numberCell} border-b border-border/60 font-semibold text-foreground`}>
                    {oneDecimal(pitch.velocityMph)}
                  </td>
                  <td className={`${numberCell} border-b border-border/60`}>
                    {wholeNumber(pitch.spinRateRpm)}
                  </td>
                  <td className={`${numberCell} border-b border-border/60`}>
                    {pitch.spinAxisDegrees === null
                      ? '—'
                      : `${spinAxisClock(pitch.spinAxisDegrees)} · ${Math.round(pitch.spinAxisDegrees)}°`}
                  </td>
                  <td className={`${numberCell} border-b border-border/60`}>
                    {oneDecimal(pitch.inducedVerticalBreakIn)}
                  </td>
                  <td className={`${numberCell} border-b border-border/60`}>
                    {oneDecimal(pitch.horizontalBreakIn)}
                  </td>
                  <td className={`${numberCell} border-b border-border/60`}>
                    {oneDecimal(pitch.releaseHeightFt)}
                  </td>
                  <td className={`${numberCell} border-b border-border/60`}>
                    {oneDecimal(pitch.releaseSideFt)}
                  </td>
                  <td className={`${numberCell} border-b border-border/60`}>
                    {oneDecimal(pitch.extensionFt)}
                  </td>
                  <td className="border-b border-border/60 px-3 py-2 whitespace-nowrap">
                    {pitch.result
                      ? pitchResultLabels[pitch.result]
                      : pitch.strike === null
                        ? '—'
                        : pitch.strike
                          ? 'Strike'
                          : 'Ball'}
                  </td>
                  {canEdit ? (
                    <td className="border-b border-border/60 px-1 py-0.5 text-right">
                      <IconButton
                        label={`Delete pitch ${pitch.sequence}`}
                        onClick={() => setDeleting(pitch)}
                        className="hover:text-danger"
                      >
                        <TrashIcon className="size-4" />
                      </IconButton>
                    </td>
                  ) : null}
                </tr>
              );
            })}
            {windowed.after > 0 ? <SpacerRow height={windowed.after} columns={columns} /> : null}
          </tbody>
        </table>
      </div>
      {deletePitch.isError ? (
        <Alert className="mt-3" title="The pitch was not deleted.">
          Check your connection and try again.
        </Alert>
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={deleting ? `Delete pitch ${deleting.sequence}?` : 'Delete the pitch?'}
        confirmLabel="Delete pitch"
        isPending={deletePitch.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          deletePitch.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      >
        {deleting
          ? `The ${pitchTypeLabels[deleting.pitchType].toLowerCase()} at ${oneDecimal(deleting.velocityMph)} mph is removed from this workout and from the athlete’s pitch counts.`
          : null}
      </ConfirmDialog>
    </div>
  );
}

/** The section's height while its pitches load: the summary line, a chart and a few rows. */
function PitchesSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mt-3 space-y-3">
      <span className="sr-only">Loading the pitches…</span>
      <Skeleton className="h-5 w-56" />
      <ChartSkeleton />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-8 w-full" />
      ))}
    </div>
  );
}
