import type { SeasonPitch, ThrowingSummary } from '@contract/pitching';
import type { PitchType } from '@contract/throwing';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  useXAxisScale,
  useYAxisScale,
  XAxis,
  YAxis,
} from 'recharts';
import { pitchTypeLabels } from '@contract/throwing';
import { axisTick, chartColors, niceScale, tooltipStyle } from '@/lib/charts/chart-theme';
import { pitchColors as pitchTypeColors } from '@/lib/pitching/pitch-colors';
import type { PitchCountDay } from '../throwing-figures';
import { useFormats } from '@/lib/format/use-formats';

/*
 * The Throwing tab's charts. recharts is only loaded with this module, which the tab imports lazily (conventions:
 * charts). Each chart is hidden from screen readers and out of the tab order (no accessibility layer): the
 * table under it says the same in text.
 */

// The one chart theme's colours (ADR 048): the organisation's for the series, the theme's for the rest.
const colors = {
  bar: chartColors.primary,
  over: chartColors.danger,
  rest: chartColors.text,
  limit: chartColors.danger,
  grid: chartColors.grid,
  text: chartColors.text,
  green: chartColors.success,
  amber: chartColors.warning,
  red: chartColors.danger,
  acute: chartColors.primary,
  chronic: chartColors.secondary,
};

/** The charts' days in the organisation's locale: ticks "Nov 26", tooltips "Thu, Nov 26, 2026" (ADR 053). */
function useChartDays() {
  const formats = useFormats();
  return useMemo(
    () => ({
      shortDay: (date: string) => formats.day(date, 'shortDay'),
      longDay: (date: unknown) => (typeof date === 'string' ? formats.day(date, 'dayWithYear') : ''),
      // A scatter's x is noon UTC of the day (dayOf below).
      dayLabel: (day: number) => formats.day(new Date(day).toISOString().slice(0, 10), 'shortDay'),
    }),
    [formats],
  );
}

/** A phone's chart, drawn at this size until the box is measured (and where it cannot be, as in jsdom). */
const phoneChart = { width: 358, height: 224 };

function ChartFrame({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div aria-hidden="true" className="h-56 w-full sm:h-64" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={phoneChart}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Pitches per day for 28 days (and the rest days still owed after today), the daily limit as a line. */
export function PitchCountChart({ days, limit }: { days: readonly PitchCountDay[]; limit: number | null }) {
  const { shortDay, longDay } = useChartDays();
  // A round top (100, 120…) a little above the highest bar or the limit, so the ticks read as round numbers.
  const top = Math.max(
    20,
    Math.ceil((Math.max(limit ?? 0, ...days.map((day) => day.pitches)) * 1.05) / 20) * 20,
  );
  return (
    <ChartFrame testId="pitch-count-chart">
      <BarChart
        accessibilityLayer={false}
        data={[...days]}
        margin={{ top: 16, right: 8, bottom: 0, left: -8 }}
        barCategoryGap="18%"
      >
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        {/* The days of rest a count calls for, shaded after the day it was thrown. */}
        {days
          .filter((day) => day.resting)
          .map((day) => (
            <ReferenceArea
              key={day.date}
              x1={day.date}
              x2={day.date}
              y1={0}
              y2={top}
              fill={colors.rest}
              fillOpacity={0.14}
              strokeOpacity={0}
              ifOverflow="visible"
            />
          ))}
        <XAxis
          dataKey="date"
          tickFormatter={shortDay}
          tick={axisTick}
          stroke={colors.grid}
          minTickGap={16}
          interval="preserveStartEnd"
        />
        <YAxis tick={axisTick} stroke={colors.grid} allowDecimals={false} domain={[0, top]} width={44} />
        <Tooltip
          cursor={{ fill: 'var(--color-muted)', opacity: 0.6 }}
          labelFormatter={longDay}
          formatter={(value, _name, item) => {
            const day = item.payload as PitchCountDay;
            const rest = day.restDays ? ` · ${day.restDays} rest day${day.restDays === 1 ? '' : 's'}` : '';
            return [`${String(value)}${day.overLimit ? ' (over the limit)' : ''}${rest}`, 'Pitches'];
          }}
          contentStyle={tooltipStyle}
        />
        {limit !== null ? (
          <ReferenceLine
            y={limit}
            stroke={colors.limit}
            strokeDasharray="6 4"
            strokeWidth={1.5}
            label={{
              value: `Limit ${limit}`,
              position: 'insideTopLeft',
              fill: colors.limit,
              fontSize: 12,
              fontWeight: 600,
            }}
          />
        ) : null}
        <Bar dataKey="pitches" name="Pitches" radius={[3, 3, 0, 0]} isAnimationActive={false}>
          {days.map((day) => (
            <Cell
              key={day.date}
              fill={day.overLimit ? colors.over : colors.bar}
              // Over the limit: outlined as well as red, so the colour is not the only cue.
              stroke={day.overLimit ? 'var(--color-foreground)' : undefined}
              strokeWidth={day.overLimit ? 1.5 : 0}
            />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

/** One row per day with pitches: each type's average velocity, and its top for the tooltip. */
type VelocityRow = { date: string } & Partial<Record<PitchType | `${PitchType}Top`, number>>;

/** Average velocity per day, one line per pitch type. */
export function VelocityChart({
  velocity,
  pitchTypes,
}: {
  velocity: ThrowingSummary['velocity'];
  pitchTypes: readonly PitchType[];
}) {
  const { shortDay, longDay } = useChartDays();
  const rows = new Map<string, VelocityRow>();
  for (const point of velocity) {
    const row = rows.get(point.date) ?? { date: point.date };
    row[point.pitchType] = point.averageMph;
    row[`${point.pitchType}Top`] = point.topMph;
    rows.set(point.date, row);
  }
  const data = [...rows.values()].sort((a, b) => a.date.localeCompare(b.date));
  // Round, even ticks around the averages (45, 50, 55…), from the data's floor.
  const scale = niceScale(velocity.map((point) => point.averageMph));
  return (
    <ChartFrame testId="velocity-chart">
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} tick={axisTick} stroke={colors.grid} minTickGap={24} />
        <YAxis
          tick={axisTick}
          stroke={colors.grid}
          domain={scale.domain}
          ticks={scale.ticks}
          interval={0}
          width={44}
        />
        <Tooltip
          labelFormatter={longDay}
          formatter={(value, name, item) => {
            const type = item.dataKey as PitchType;
            const top = (item.payload as VelocityRow)[`${type}Top`];
            return [`${String(value)} mph (top ${String(top)})`, name];
          }}
          contentStyle={tooltipStyle}
        />
        {pitchTypes.map((type) => (
          <Line
            key={type}
            type="monotone"
            dataKey={type}
            name={pitchTypeLabels[type]}
            stroke={pitchTypeColors[type]}
            strokeWidth={2}
            dot={data.length > 40 ? false : { r: 2.5, fill: pitchTypeColors[type] }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}

/** The ratio's zones (product.md) as background bands: green 0.7–1.3, amber either side, red beyond. */
const zoneBands = [
  { from: 0, to: 0.4, fill: colors.red },
  { from: 0.4, to: 0.7, fill: colors.amber },
  { from: 0.7, to: 1.3, fill: colors.green },
  { from: 1.3, to: 1.6, fill: colors.amber },
] as const;

/** The acute:chronic ratio over time on its zones. */
export function WorkloadRatioChart({ workload }: { workload: ThrowingSummary['workload'] }) {
  const { shortDay, longDay } = useChartDays();
  const top = Math.max(2, Math.ceil(Math.max(...workload.map((day) => day.ratio ?? 0)) * 2) / 2);
  return (
    <ChartFrame testId="workload-ratio-chart">
      <LineChart
        accessibilityLayer={false}
        data={[...workload]}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      >
        {[...zoneBands, { from: 1.6, to: top, fill: colors.red }].map((band) => (
          <ReferenceArea
            key={band.from}
            y1={band.from}
            y2={band.to}
            fill={band.fill}
            fillOpacity={0.16}
            strokeOpacity={0}
          />
        ))}
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} tick={axisTick} stroke={colors.grid} minTickGap={24} />
        <YAxis
          tick={axisTick}
          stroke={colors.grid}
          domain={[0, top]}
          ticks={[0, 0.4, 0.7, 1, 1.3, 1.6, ...(top > 2 ? [top] : [2])]}
          width={44}
        />
        <Tooltip
          labelFormatter={longDay}
          formatter={(value, _name, item) => {
            const zone = (item.payload as ThrowingSummary['workload'][number]).zone;
            return [`${String(value)}${zone ? ` (${zone})` : ''}`, 'Ratio'];
          }}
          contentStyle={tooltipStyle}
        />
        <Line
          type="monotone"
          dataKey="ratio"
          name="Ratio"
          stroke="var(--color-foreground)"
          strokeWidth={2}
          dot={false}
          connectNulls={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFrame>
  );
}

/** Acute (9-day weighted) and chronic (28-day) workload over time. */
export function AcuteChronicChart({ workload }: { workload: ThrowingSummary['workload'] }) {
  const { shortDay, longDay } = useChartDays();
  return (
    <ChartFrame testId="acute-chronic-chart">
      <LineChart
        accessibilityLayer={false}
        data={[...workload]}
        margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
      >
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} tick={axisTick} stroke={colors.grid} minTickGap={24} />
        <YAxis tick={axisTick} stroke={colors.grid} allowDecimals={false} width={44} />
        <Tooltip labelFormatter={longDay} contentStyle={tooltipStyle} />
        <Line
          type="monotone"
          dataKey="acute"
          name="Acute"
          stroke={colors.acute}
          strokeWidth={2.5}
          dot={false}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="chronic"
          name="Chronic"
          stroke={colors.chronic}
          strokeWidth={2}
          strokeDasharray="5 4"
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ChartFrame>
  );
}

const dayOf = (date: string) => Date.parse(`${date}T12:00:00Z`);

interface Dot {
  day: number;
  mph: number;
}

/**
 * The dots of one pitch type as a single SVG path of zero-length round-capped strokes: a season's thousand dots
 * are one element for the browser to lay out and paint, where a recharts `Scatter` makes a component and a group
 * per dot (≈0.8 s for 1,000 with the CPU slowed as a phone's, scripts/measure-season-scatter.ts).
 */
function DotsPath({ dots, color }: { dots: readonly Dot[]; color: string }) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  if (!x || !y) return null;
  let path = '';
  for (const dot of dots) path += `M${x(dot.day)!.toFixed(1)} ${y(dot.mph)!.toFixed(1)}h0`;
  return (
    <path d={path} stroke={color} strokeWidth={3.5} strokeLinecap="round" strokeOpacity={0.7} fill="none" />
  );
}

/** Outliers, a few: ringed, larger than the dots. */
function OutlierRings({ dots }: { dots: readonly Dot[] }) {
  const x = useXAxisScale();
  const y = useYAxisScale();
  if (!x || !y) return null;
  return (
    <g>
      {dots.map((dot, index) => (
        <circle
          key={index}
          cx={x(dot.day)}
          cy={y(dot.mph)}
          r={4.5}
          fill="var(--color-surface)"
          stroke={colors.red}
          strokeWidth={2}
        />
      ))}
    </g>
  );
}

/**
 * Every pitch of the range as a dot, velocity over time, one colour per type; an outlier is ringed. The server
 * sends a season as an even sample and its outliers (issue 22), so this draws at most some 1,500 dots whatever
 * the range, and draws them as one path per pitch type.
 */
export function SeasonScatter({
  pitches,
  pitchTypes,
}: {
  pitches: readonly SeasonPitch[];
  pitchTypes: readonly PitchType[];
}) {
  const { dayLabel } = useChartDays();
  const byType = new Map<PitchType, Dot[]>();
  const outliers: Dot[] = [];
  let [first, last, low, high] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const pitch of pitches) {
    const dot = { day: dayOf(pitch.date), mph: pitch.velocityMph };
    [first, last] = [Math.min(first, dot.day), Math.max(last, dot.day)];
    [low, high] = [Math.min(low, dot.mph), Math.max(high, dot.mph)];
    if (pitch.outlier) {
      outliers.push(dot);
      continue;
    }
    const ofType = byType.get(pitch.pitchType) ?? [];
    ofType.push(dot);
    byType.set(pitch.pitchType, ofType);
  }
  // A day's width either side, so the first and last days' dots are not cut in half.
  const days = [first - dayMs, last + dayMs];
  const mph = [Math.floor((low - 1) / 5) * 5, Math.ceil((high + 1) / 5) * 5];
  return (
    <ChartFrame testId="season-scatter">
      <ScatterChart accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          type="number"
          dataKey="day"
          domain={days}
          tickFormatter={dayLabel}
          tick={axisTick}
          stroke={colors.grid}
          minTickGap={24}
        />
        <YAxis
          type="number"
          dataKey="mph"
          domain={mph}
          tick={axisTick}
          stroke={colors.grid}
          allowDecimals={false}
          width={44}
        />
        {/* The axes take their scales from a graphical item: the plot's two corners, drawn as nothing. */}
        <Scatter
          data={[
            { day: days[0], mph: mph[0] },
            { day: days[1], mph: mph[1] },
          ]}
          shape={() => <g />}
          isAnimationActive={false}
        />
        {pitchTypes.map((type) => (
          <DotsPath key={type} dots={byType.get(type) ?? []} color={pitchTypeColors[type]} />
        ))}
        {outliers.length > 0 ? <OutlierRings dots={outliers} /> : null}
      </ScatterChart>
    </ChartFrame>
  );
}

const dayMs = 86_400_000;
