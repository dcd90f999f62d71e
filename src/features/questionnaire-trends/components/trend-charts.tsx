import type { SessionLoadResponse, TrendItem, TrendPoint } from '@contract/questionnaires';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { axisTick, chartColors, niceScale, tooltipStyle } from '@/lib/charts/chart-theme';
import { useFormats } from '@/lib/format/use-formats';

/*
 * The trends' charts (issue 26). recharts loads only with this module, which the trends screen imports lazily. Each
 * chart is hidden from screen readers and out of the tab order: the table under it says the same in text.
 */

const phoneChart = { width: 358, height: 200 };

function ChartFrame({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <div aria-hidden="true" className="h-48 w-full sm:h-56" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={phoneChart}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

function useChartDays() {
  const formats = useFormats();
  return useMemo(
    () => ({
      shortDay: (date: string) => formats.day(date, 'shortDay'),
      longDay: (date: unknown) => (typeof date === 'string' ? formats.day(date, 'dayWithYear') : ''),
      number: (value: number) => formats.number(value, 1),
    }),
    [formats],
  );
}

/** The value axis of an item: a scale's own steps (a little room so its ends' dots show whole), else round ticks. */
function itemAxis(item: TrendItem, values: readonly number[]) {
  if (item.kind === 'scale' && item.min !== null && item.max !== null && item.max - item.min <= 10) {
    const ticks = Array.from({ length: item.max - item.min + 1 }, (_, step) => item.min! + step);
    return { domain: [item.min - 0.25, item.max + 0.25] as [number, number], ticks };
  }
  const scale = niceScale(values, { maxTicks: 5 });
  return { domain: scale.domain, ticks: scale.ticks };
}

interface FlagDotProps {
  cx?: number;
  cy?: number;
  payload?: { flag: { level: 'amber' | 'red' } | null };
  /** Unflagged days' dots: drawn over a month, left out over longer ranges where they would blur the line. */
  plainRadius?: number;
  flagRadius?: number;
}

/** A flagged day: a larger dot in the flag's colour, ringed (the table names the level in words). */
function FlagDot({ cx, cy, payload, plainRadius = 0, flagRadius = 5 }: FlagDotProps) {
  if (cx === undefined || cy === undefined) return null;
  const level = payload?.flag?.level;
  if (!level)
    return plainRadius > 0 ? <circle cx={cx} cy={cy} r={plainRadius} fill={chartColors.primary} /> : null;
  return (
    <circle
      cx={cx}
      cy={cy}
      r={flagRadius}
      fill={level === 'red' ? chartColors.danger : chartColors.warning}
      stroke={chartColors.surface}
      strokeWidth={1.5}
    />
  );
}

/** An athlete's answers to one item, over its baseline band (mean ± 1 SD); flagged answers marked. */
export function AthleteItemChart({ item, points }: { item: TrendItem; points: readonly TrendPoint[] }) {
  const { shortDay, longDay, number } = useChartDays();
  const data = points.map((point) => ({
    ...point,
    band: point.mean !== null && point.sd !== null ? [point.mean - point.sd, point.mean + point.sd] : null,
  }));
  const axis = itemAxis(item, [
    ...points.map((point) => point.value),
    ...points.flatMap((point) => (point.mean !== null && point.sd !== null ? [point.mean + point.sd] : [])),
  ]);
  return (
    <ChartFrame testId={`trend-chart-${item.id}`}>
      <ComposedChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: -12 }}
      >
        <CartesianGrid stroke={chartColors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={shortDay}
          tick={axisTick}
          stroke={chartColors.grid}
          minTickGap={28}
        />
        <YAxis
          tick={axisTick}
          stroke={chartColors.grid}
          domain={axis.domain}
          ticks={axis.ticks}
          allowDataOverflow
          width={44}
        />
        <Tooltip
          labelFormatter={longDay}
          contentStyle={tooltipStyle}
          formatter={(value, name) =>
            Array.isArray(value)
              ? [`${number(Number(value[0]))} – ${number(Number(value[1]))}`, name]
              : [number(Number(value)), name]
          }
        />
        <Area
          type="linear"
          dataKey="band"
          name="Baseline ± 1 SD"
          stroke="none"
          fill={chartColors.secondary}
          fillOpacity={0.18}
          connectNulls={false}
          isAnimationActive={false}
        />
        {item.alertAt !== null ? (
          <ReferenceLine y={item.alertAt} stroke={chartColors.danger} strokeDasharray="4 4" />
        ) : null}
        <Line
          type="linear"
          dataKey="value"
          name={item.label}
          stroke={chartColors.primary}
          strokeWidth={2}
          dot={<FlagDot plainRadius={points.length <= 45 ? 2.5 : 0} />}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFrame>
  );
}

export interface GroupDay {
  date: string;
  mean: number;
  answered: number;
  amber: number;
  red: number;
}

/** A group's daily mean of one item; days with a red or amber answer marked. */
export function GroupItemChart({ item, points }: { item: TrendItem; points: readonly GroupDay[] }) {
  const { shortDay, longDay, number } = useChartDays();
  const data = points.map((point) => ({
    ...point,
    flag: point.red > 0 ? { level: 'red' as const } : point.amber > 0 ? { level: 'amber' as const } : null,
  }));
  const axis = itemAxis(
    item,
    points.map((point) => point.mean),
  );
  return (
    <ChartFrame testId={`group-trend-chart-${item.id}`}>
      <ComposedChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: -12 }}
      >
        <CartesianGrid stroke={chartColors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={shortDay}
          tick={axisTick}
          stroke={chartColors.grid}
          minTickGap={28}
        />
        <YAxis
          tick={axisTick}
          stroke={chartColors.grid}
          domain={axis.domain}
          ticks={axis.ticks}
          allowDataOverflow
          width={44}
        />
        <Tooltip
          labelFormatter={longDay}
          contentStyle={tooltipStyle}
          formatter={(value, name) => [number(Number(value)), name]}
        />
        <Line
          type="linear"
          dataKey="mean"
          name={`${item.label}, the group’s mean`}
          stroke={chartColors.primary}
          strokeWidth={2}
          dot={<FlagDot flagRadius={points.length <= 45 ? 4.5 : 3.5} />}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ChartFrame>
  );
}

/** 12 weeks of session-RPE load; this week's bar in the organisation's accent colour. */
export function WeeklyLoadChart({ weeks }: { weeks: SessionLoadResponse['weeks'] }) {
  const { shortDay, longDay } = useChartDays();
  const scale = niceScale(
    weeks.map((week) => week.load),
    { fromZero: true, maxTicks: 5 },
  );
  return (
    <ChartFrame testId="weekly-load-chart">
      <BarChart
        accessibilityLayer={false}
        data={[...weeks]}
        margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
      >
        <CartesianGrid stroke={chartColors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="weekStart"
          tickFormatter={shortDay}
          tick={axisTick}
          stroke={chartColors.grid}
          minTickGap={16}
        />
        <YAxis
          tick={axisTick}
          stroke={chartColors.grid}
          domain={scale.domain}
          ticks={scale.ticks}
          width={48}
        />
        <Tooltip
          labelFormatter={(date) => `Week of ${longDay(date)}`}
          contentStyle={tooltipStyle}
          cursor={{ fill: chartColors.muted }}
        />
        <Bar dataKey="load" name="Load (AU)" radius={[4, 4, 0, 0]} isAnimationActive={false}>
          {weeks.map((week, index) => (
            <Cell
              key={week.weekStart}
              fill={index === weeks.length - 1 ? chartColors.secondary : chartColors.primary}
            />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}
