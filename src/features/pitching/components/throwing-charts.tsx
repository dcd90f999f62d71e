import type { Pitch, SensorThrow } from '@contract/pitching';
import type { PitchType } from '@contract/throwing';
import { pitchTypes } from '@contract/throwing';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { pitchTypeLabels } from '@contract/throwing';
import { axisTick, chartColors, legendProps, tooltipStyle } from '@/lib/charts/chart-theme';
import { pitchColors } from '@/lib/pitching/pitch-colors';
import type { PitchTypeSummary } from '../pitching-summary';

/*
 * recharts is only loaded with this module, which the completed workout's throwing sections import lazily
 * (conventions: charts). Every chart is hidden from screen readers: the table under it says the same in text.
 */

// The one chart theme (ADR 048): axes, grid, tooltip and legend as on every chart, the organisation's colour.
const theme = {
  grid: chartColors.grid,
  axis: chartColors.axis,
  text: chartColors.text,
  torque: chartColors.danger,
  armSpeed: chartColors.primary,
};
const tick = axisTick;
const chartClass = 'h-64 w-full sm:h-72';

/** The pitch types thrown, in product.md's order: one series (and one legend entry, by name) each. */
function byType(pitches: readonly Pitch[]): [PitchType, Pitch[]][] {
  return pitchTypes
    .map((pitchType): [PitchType, Pitch[]] => [
      pitchType,
      pitches.filter((pitch) => pitch.pitchType === pitchType),
    ])
    .filter(([, ofType]) => ofType.length > 0);
}

/** Velocity of each pitch by its number, one colour per type. */
export function VelocityChart({ pitches }: { pitches: readonly Pitch[] }) {
  const velocities = pitches.map((pitch) => pitch.velocityMph);
  const low = Math.floor(Math.min(...velocities) / 5) * 5 - 5;
  const high = Math.ceil(Math.max(...velocities) / 5) * 5 + 5;
  // aria-hidden with nothing focusable inside: recharts’ keyboard layer is off; the tables below are the alternative.
  return (
    <div aria-hidden="true" className={chartClass} data-testid="velocity-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 4, left: -8 }}>
          <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="sequence"
            name="Pitch"
            domain={[0, 'dataMax + 1']}
            allowDecimals={false}
            tick={tick}
            stroke={theme.axis}
            label={{
              value: 'Pitch',
              position: 'insideBottomRight',
              offset: -2,
              fill: theme.text,
              fontSize: 12,
            }}
          />
          <YAxis
            type="number"
            dataKey="velocityMph"
            name="Velocity"
            unit=" mph"
            domain={[low, high]}
            ticks={Array.from({ length: (high - low) / 5 + 1 }, (_, index) => low + index * 5)}
            tick={tick}
            stroke={theme.axis}
            width={72}
          />
          <Tooltip cursor={{ stroke: theme.axis }} contentStyle={tooltipStyle} />
          <Legend {...legendProps} />
          {byType(pitches).map(([pitchType, ofType]) => (
            <Scatter
              key={pitchType}
              name={pitchTypeLabels[pitchType]}
              data={ofType}
              fill={pitchColors[pitchType]}
              isAnimationActive={false}
            />
          ))}
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Horizontal against induced vertical break, as the pitcher sees it, with the zero axes drawn. */
export function MovementChart({ pitches }: { pitches: readonly Pitch[] }) {
  const measured = pitches.filter(
    (pitch) => pitch.horizontalBreakIn !== null && pitch.inducedVerticalBreakIn !== null,
  );
  const reach = Math.max(
    20,
    ...measured.map(
      (pitch) =>
        Math.ceil(Math.max(Math.abs(pitch.horizontalBreakIn!), Math.abs(pitch.inducedVerticalBreakIn!)) / 5) *
        5,
    ),
  );
  const domain = [-reach, reach];
  return (
    <div aria-hidden="true" className={chartClass} data-testid="movement-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ScatterChart accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 4, left: -8 }}>
          <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="horizontalBreakIn"
            name="Horizontal break"
            unit=" in"
            domain={domain}
            tick={tick}
            stroke={theme.axis}
          />
          <YAxis
            type="number"
            dataKey="inducedVerticalBreakIn"
            name="Induced vertical break"
            unit=" in"
            domain={domain}
            tick={tick}
            stroke={theme.axis}
            width={56}
          />
          <ReferenceLine x={0} stroke={theme.text} />
          <ReferenceLine y={0} stroke={theme.text} />
          <Tooltip cursor={{ stroke: theme.axis }} contentStyle={tooltipStyle} />
          <Legend {...legendProps} />
          {byType(measured).map(([pitchType, ofType]) => (
            <Scatter
              key={pitchType}
              name={pitchTypeLabels[pitchType]}
              data={ofType}
              fill={pitchColors[pitchType]}
              isAnimationActive={false}
            />
          ))}
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}

/** How many of each type, and the share of them that were strikes; the axis names each type. */
export function PitchMixChart({ summaries }: { summaries: readonly PitchTypeSummary[] }) {
  const rows = summaries.map((summary) => ({
    name: pitchTypeLabels[summary.pitchType],
    pitchType: summary.pitchType,
    pitches: summary.count,
    strikeRate: summary.strikeRate === null ? null : Math.round(summary.strikeRate * 100),
  }));
  return (
    <div aria-hidden="true" className={chartClass} data-testid="pitch-mix-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={rows}
          margin={{ top: 8, right: 0, bottom: 4, left: -16 }}
          barGap={2}
        >
          <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={tick} stroke={theme.axis} interval={0} />
          <YAxis yAxisId="pitches" allowDecimals={false} tick={tick} stroke={theme.axis} width={40} />
          <YAxis
            yAxisId="rate"
            orientation="right"
            domain={[0, 100]}
            unit="%"
            tick={tick}
            stroke={theme.axis}
            width={44}
          />
          <Tooltip cursor={{ fill: 'var(--color-muted)' }} contentStyle={tooltipStyle} />
          <Legend {...legendProps} />
          <Bar yAxisId="pitches" dataKey="pitches" name="Pitches" fill={theme.text} isAnimationActive={false}>
            {rows.map((row) => (
              <Cell key={row.pitchType} fill={pitchColors[row.pitchType]} />
            ))}
          </Bar>
          <Bar
            yAxisId="rate"
            dataKey="strikeRate"
            name="Strike %"
            unit="%"
            fill={theme.text}
            fillOpacity={0.55}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Elbow varus torque (left axis) and arm speed (right axis), throw by throw. */
export function ArmSensorChart({ throws }: { throws: readonly SensorThrow[] }) {
  // Arm speed's axis in round steps of 250 deg/s, a little beyond the throws'.
  const speeds = throws.map((thrown) => thrown.armSpeedDegPerS).filter((value) => value !== null);
  const speedDomain =
    speeds.length === 0
      ? [0, 1000]
      : [
          Math.floor((Math.min(...speeds) - 100) / 250) * 250,
          Math.ceil((Math.max(...speeds) + 100) / 250) * 250,
        ];
  return (
    <div aria-hidden="true" className={chartClass} data-testid="arm-sensor-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          accessibilityLayer={false}
          data={[...throws]}
          margin={{ top: 8, right: 0, bottom: 4, left: -8 }}
        >
          <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="sequence" tick={tick} stroke={theme.axis} minTickGap={12} />
          <YAxis
            yAxisId="torque"
            unit=" Nm"
            domain={['dataMin - 5', 'dataMax + 5']}
            tickFormatter={(value: number) => value.toFixed(0)}
            tick={tick}
            stroke={theme.axis}
            width={64}
          />
          <YAxis
            yAxisId="armSpeed"
            orientation="right"
            domain={speedDomain}
            tickFormatter={(value: number) => value.toFixed(0)}
            tick={tick}
            stroke={theme.axis}
            width={48}
          />
          <Tooltip
            contentStyle={tooltipStyle}
            labelFormatter={(sequence) => (typeof sequence === 'number' ? `Throw ${sequence}` : '')}
          />
          <Legend {...legendProps} />
          <Line
            yAxisId="torque"
            type="monotone"
            dataKey="elbowTorqueNm"
            name="Elbow torque (Nm)"
            stroke={theme.torque}
            strokeWidth={2.5}
            dot={{ r: 2.5, fill: theme.torque }}
            connectNulls
            isAnimationActive={false}
          />
          <Line
            yAxisId="armSpeed"
            type="monotone"
            dataKey="armSpeedDegPerS"
            name="Arm speed (deg/s)"
            stroke={theme.armSpeed}
            strokeWidth={2}
            strokeDasharray="5 4"
            dot={{ r: 2.5, fill: theme.armSpeed }}
            connectNulls
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
