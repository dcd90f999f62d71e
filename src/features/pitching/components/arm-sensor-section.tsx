import type { Pitch, SensorThrowListResponse } from '@contract/pitching';
import { pitchTypeLabels } from '@contract/throwing';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { format, parseISO } from 'date-fns';
import { lazy, Suspense, useRef } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { DownloadIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { textLinkClass } from '@/components/ui/text-link-class';
import { isApiRequestError } from '@/lib/api/api-request-error';
import { useWindowedRows } from '@/lib/windowed-rows';
import { pitchingQueries } from '../api/pitching-queries';
import { oneDecimal, sensorOverview, wholeNumber } from '../pitching-summary';
import {
  ChartFigure,
  ChartSkeleton,
  ImportLink,
  LoadFailure,
  SectionHeader,
  SpacerRow,
} from './section-parts';

const ArmSensorChart = lazy(() =>
  import('./throwing-charts').then((module) => ({ default: module.ArmSensorChart })),
);

interface ArmSensorSectionProps {
  logId: string;
  athlete: { id: string; firstName: string; lastName: string };
  /** The athlete is looking at its own workout (the note about its profile says "your"). */
  isOwn: boolean;
  canImport: boolean;
}

/** What the arm sensor measured, throw by throw: torque and arm speed, and the workload they make. */
export function ArmSensorSection({ logId, athlete, isOwn, canImport }: ArmSensorSectionProps) {
  const sensor = useQuery(pitchingQueries.sensorThrows(logId));
  const importLink = canImport ? (
    <ImportLink logId={logId} kind="sensor-throws">
      Import sensor data
    </ImportLink>
  ) : null;
  const hasThrows = (sensor.data?.throws.length ?? 0) > 0;

  return (
    <Card aria-labelledby="arm-sensor-title" className="px-4 py-4 sm:px-6">
      <SectionHeader id="arm-sensor-title" title="Arm sensor" actions={hasThrows ? importLink : null}>
        {sensor.data && hasThrows ? (
          <p className="text-sm text-muted-foreground tabular-nums">
            {sensor.data.throws.length} {sensor.data.throws.length === 1 ? 'throw' : 'throws'}
          </p>
        ) : null}
      </SectionHeader>
      {sensor.isPending ? (
        <div role="status" aria-live="polite" className="mt-3 space-y-3">
          <span className="sr-only">Loading the arm sensor’s throws…</span>
          <ChartSkeleton />
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} className="h-8 w-full" />
          ))}
        </div>
      ) : sensor.isError ? (
        <LoadFailure
          what="The arm sensor’s throws"
          isMissing={isApiRequestError(sensor.error) && sensor.error.status === 404}
          onRetry={() => void sensor.refetch()}
          isRetrying={sensor.isRefetching}
        />
      ) : hasThrows ? (
        <SensorThrows logId={logId} sensor={sensor.data} athlete={athlete} isOwn={isOwn} />
      ) : (
        <EmptyState icon={DownloadIcon} title="No sensor data yet" action={importLink}>
          {canImport
            ? 'Import the CSV your arm sensor exports; each throw is matched to the pitch of its number.'
            : 'Throws an arm sensor measured show here once they are imported.'}
        </EmptyState>
      )}
    </Card>
  );
}

const matchedPitch = (pitch: Pitch | undefined) =>
  pitch ? `${pitchTypeLabels[pitch.pitchType]} · ${oneDecimal(pitch.velocityMph)} mph` : '—';

const cell = 'px-3 py-2 text-right tabular-nums whitespace-nowrap border-b border-border/60';
const throwHeaders = [
  'Pitch',
  'Time',
  'Arm speed (deg/s)',
  'Elbow torque (Nm)',
  'Arm slot (°)',
  'Shoulder rotation (°)',
  'Workload',
];
/** The table box's most height: about twelve rows on a phone, then it scrolls. */
const tableMaxHeight = 512;

function SensorThrows({
  logId,
  sensor,
  athlete,
  isOwn,
}: {
  logId: string;
  sensor: SensorThrowListResponse;
  athlete: ArmSensorSectionProps['athlete'];
  isOwn: boolean;
}) {
  const overview = sensorOverview(sensor.throws);
  // A throw names its pitch by id (issue 22): matched by number when it was saved, kept when numbers change since.
  const pitches = useQuery(pitchingQueries.pitches(logId)).data ?? [];
  const pitchOf = new Map<string, Pitch>(pitches.map((pitch) => [pitch.id, pitch]));
  const tableBox = useRef<HTMLDivElement>(null);
  const windowed = useWindowedRows({
    scrollRef: tableBox,
    count: sensor.throws.length,
    rowHeight: 37,
    maxHeight: tableMaxHeight,
  });
  const figures: [string, string][] = [
    ['Throws', String(overview.throws)],
    ['Average torque', `${oneDecimal(overview.averageTorqueNm)} Nm`],
    ['Peak torque', `${oneDecimal(overview.peakTorqueNm)} Nm`],
    ['Average arm speed', `${wholeNumber(overview.averageArmSpeed)} deg/s`],
    ['Workload', sensor.workloadTotal === null ? '—' : sensor.workloadTotal.toFixed(2)],
  ];
  return (
    <div className="mt-4 space-y-6">
      {sensor.missingBodyMeasures ? (
        <p role="note" className="rounded-xl bg-muted/60 px-3 py-2 text-sm text-foreground">
          Add height and weight to{' '}
          <Link to="/app/users/$userId" params={{ userId: athlete.id }} className={textLinkClass}>
            {isOwn ? 'your profile' : `${athlete.firstName} ${athlete.lastName}’s profile`}
          </Link>{' '}
          to see workload.
        </p>
      ) : null}
      <ChartFigure title="Elbow torque and arm speed by throw">
        <Suspense fallback={<ChartSkeleton />}>
          <ArmSensorChart throws={sensor.throws} />
        </Suspense>
        <table className="w-full text-sm">
          <caption className="sr-only">What the arm sensor measured in this workout</caption>
          <tbody>
            {figures.map(([label, value]) => (
              <tr key={label} className="border-t border-border/60 first:border-t-0">
                <th scope="row" className="py-1.5 pr-2 text-left font-normal text-muted-foreground">
                  {label}
                </th>
                <td className="py-1.5 pl-2 text-right font-semibold text-foreground tabular-nums">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartFigure>
      <div>
        <h3 className="text-sm font-semibold text-foreground">Every throw</h3>
        <div
          ref={tableBox}
          className="relative -mx-4 mt-2 overflow-auto sm:mx-0"
          style={{ maxHeight: tableMaxHeight }}
          tabIndex={0}
          role="group"
          aria-label="Every throw, scrolls sideways and down"
        >
          <table
            className="w-full min-w-[40rem] border-separate border-spacing-0 text-sm"
            aria-rowcount={sensor.throws.length + 1}
          >
            <caption className="sr-only">Every throw the arm sensor measured</caption>
            <thead className="sticky top-0 z-20 bg-surface text-xs font-semibold text-muted-foreground">
              <tr aria-rowindex={1}>
                <th
                  scope="col"
                  className="sticky left-0 z-10 border-b border-border bg-surface px-3 py-2 text-left sm:pl-0"
                >
                  Throw
                </th>
                {throwHeaders.map((header) => (
                  <th key={header} scope="col" className="border-b border-border px-3 py-2 text-right">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {windowed.before > 0 ? (
                <SpacerRow height={windowed.before} columns={throwHeaders.length + 1} />
              ) : null}
              {windowed.indexes.map((index) => {
                const thrown = sensor.throws[index]!;
                return (
                  <tr key={thrown.id} ref={windowed.measure} data-index={index} aria-rowindex={index + 2}>
                    <th
                      scope="row"
                      className="sticky left-0 z-10 border-b border-border/60 bg-surface px-3 py-2 text-left font-normal text-muted-foreground tabular-nums sm:pl-0"
                    >
                      {thrown.sequence}
                    </th>
                    <td className={`${cell} text-left`}>
                      {matchedPitch(thrown.pitchId === null ? undefined : pitchOf.get(thrown.pitchId))}
                    </td>
                    <td className={cell}>
                      {thrown.thrownAt ? format(parseISO(thrown.thrownAt), 'HH:mm:ss') : '—'}
                    </td>
                    <td className={cell}>{wholeNumber(thrown.armSpeedDegPerS)}</td>
                    <td className={`${cell} font-semibold text-foreground`}>
                      {oneDecimal(thrown.elbowTorqueNm)}
                    </td>
                    <td className={cell}>{wholeNumber(thrown.armSlotDegrees)}</td>
                    <td className={cell}>{wholeNumber(thrown.shoulderRotationDegrees)}</td>
                    <td className={cell}>{thrown.workload === null ? '—' : thrown.workload.toFixed(2)}</td>
                  </tr>
                );
              })}
              {windowed.after > 0 ? (
                <SpacerRow height={windowed.after} columns={throwHeaders.length + 1} />
              ) : null}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
