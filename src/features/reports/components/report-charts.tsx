import type { Report } from '@contract/reports';
import { fallingBehindBelow } from '@contract/reports';
import type { PitchType } from '@contract/throwing';
import { pitchTypeLabels, pitchTypes } from '@contract/throwing';
import { isWorkoutCategory, workoutCategoryLabels } from '@contract/training-vocabulary';
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { categoryColor } from '@/components/ui/category-badge';
import {
  axisProps,
  chartColors,
  gridProps,
  legendProps,
  niceScale,
  tooltipStyle,
} from '@/lib/charts/chart-theme';
import { useFormats } from '@/lib/format/use-formats';
import { pitchColors } from '@/lib/pitching/pitch-colors';

/*
 * The report's charts (issue 27). recharts loads only with this module, which the reports screen imports lazily.
 * Each chart is hidden from screen readers and out of the tab order: the table under it says the same in text.
 */

const phoneChart = { width: 358, height: 224 };

function ChartFrame({
  testId,
  className = 'h-56',
  children,
}: {
  testId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div aria-hidden="true" className={`w-full ${className}`} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={phoneChart}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

function useWeekTicks() {
  const formats = useFormats();
  return {
    shortDay: (date: string) => formats.day(date, 'shortDay'),
    weekOf: (date: unknown) => (typeof date === 'string' ? `Week of ${formats.day(date, 'shortDate')}` : ''),
    number: (value: number, decimals = 1) => formats.number(value, decimals),
  };
}

/** The rate of each week, against the line under which an athlete is falling behind. */
export function ComplianceChart({ weeks }: { weeks: Report['compliance']['weeks'] }) {
  const { shortDay, weekOf, number } = useWeekTicks();
  const data = weeks.map((week) => ({
    weekStart: week.weekStart,
    rate: week.rate === null ? null : Math.round(week.rate * 1000) / 10,
  }));
  return (
    <ChartFrame testId="compliance-chart">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
        <CartesianGrid {...gridProps} vertical={false} />
        <XAxis dataKey="weekStart" tickFormatter={shortDay} {...axisProps} minTickGap={16} />
        <YAxis {...axisProps} domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} unit="%" width={52} />
        <Tooltip
          labelFormatter={weekOf}
          contentStyle={tooltipStyle}
          cursor={{ fill: chartColors.muted }}
          formatter={(value) => [`${number(Number(value))}%`, 'Compliance']}
        />
        <ReferenceLine y={fallingBehindBelow * 100} stroke={chartColors.warning} strokeDasharray="4 4" />
        <Bar dataKey="rate" name="Compliance" radius={[4, 4, 0, 0]} isAnimationActive={false}>
          {data.map((week) => (
            <Cell
              key={week.weekStart}
              fill={
                week.rate !== null && week.rate < fallingBehindBelow * 100
                  ? chartColors.warning
                  : chartColors.primary
              }
            />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

const categoryName = (category: string) =>
  isWorkoutCategory(category) ? workoutCategoryLabels[category] : category;
const categoryFill = (category: string) =>
  isWorkoutCategory(category) ? categoryColor(category) : chartColors.primary;

/** Sets done per week, stacked by workout category in the organisation's colours. */
export function VolumeChart({ weeks }: { weeks: Report['volume']['weeks'] }) {
  const { shortDay, weekOf } = useWeekTicks();
  const categories = [...new Set(weeks.map((row) => row.category))];
  const byWeek = new Map<string, Record<string, number | string>>();
  for (const row of weeks) {
    const week = byWeek.get(row.weekStart) ?? { weekStart: row.weekStart };
    week[row.category] = row.sets;
    byWeek.set(row.weekStart, week);
  }
  const data = [...byWeek.values()].sort((a, b) => String(a.weekStart).localeCompare(String(b.weekStart)));
  return (
    <ChartFrame testId="volume-chart" className="h-64">
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
        <CartesianGrid {...gridProps} vertical={false} />
        <XAxis dataKey="weekStart" tickFormatter={shortDay} {...axisProps} minTickGap={16} />
        <YAxis {...axisProps} allowDecimals={false} width={52} />
        <Tooltip labelFormatter={weekOf} contentStyle={tooltipStyle} cursor={{ fill: chartColors.muted }} />
        <Legend {...legendProps} />
        {categories.map((category) => (
          <Bar
            key={category}
            dataKey={category}
            name={categoryName(category)}
            stackId="sets"
            fill={categoryFill(category)}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** A colour per main lift (at most five): the organisation's two, then three of the pitch palette's mid tones. */
const liftColors = [chartColors.primary, chartColors.secondary, '#409d48', '#9554d2', '#00a0a6'];

/** The change of estimated 1RM per athlete, a bar per main lift: the ten athletes who changed most. */
export function StrengthChart({ lifts, unit }: { lifts: Report['strength']['lifts']; unit: string }) {
  const { number } = useWeekTicks();
  const byAthlete = new Map<string, Record<string, number | string>>();
  for (const lift of lifts)
    for (const row of lift.athletes) {
      if (row.change === null) continue;
      const athlete = byAthlete.get(row.athlete.id) ?? { name: row.athlete.name, most: 0 };
      athlete[lift.exercise.id] = row.change;
      athlete.most = Math.max(Number(athlete.most), Math.abs(row.change));
      byAthlete.set(row.athlete.id, athlete);
    }
  const data = [...byAthlete.values()].sort((a, b) => Number(b.most) - Number(a.most)).slice(0, 10);
  const changes = data.flatMap((row) => lifts.map((lift) => Number(row[lift.exercise.id] ?? 0)));
  const reach = niceScale(changes.map(Math.abs), { fromZero: true, maxTicks: 5 }).domain[1];
  const low = Math.min(0, ...changes);
  return (
    <ChartFrame testId="strength-chart" className="h-80">
      <BarChart
        accessibilityLayer={false}
        layout="vertical"
        data={data}
        margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid {...gridProps} horizontal={false} />
        <XAxis type="number" {...axisProps} domain={[low < 0 ? -reach : 0, reach]} unit={` ${unit}`} />
        <YAxis type="category" dataKey="name" {...axisProps} width={112} interval={0} />
        <Tooltip
          contentStyle={tooltipStyle}
          cursor={{ fill: chartColors.muted }}
          formatter={(value, name) => [`${number(Number(value))} ${unit}`, name]}
        />
        <Legend {...legendProps} />
        <ReferenceLine x={0} stroke={chartColors.axis} />
        {lifts.map((lift, index) => (
          <Bar
            key={lift.exercise.id}
            dataKey={lift.exercise.id}
            name={lift.exercise.name}
            fill={liftColors[index % liftColors.length]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** Pitches per athlete, most first; an athlete who went over the daily limit in red. */
export function PitchesChart({ athletes }: { athletes: Report['throwing']['athletes'] }) {
  const data = athletes.slice(0, 12).map((row) => ({
    name: row.athlete.name,
    pitches: row.pitches,
    over: row.daysOverLimit > 0 || row.restDaysMissed > 0,
  }));
  return (
    <ChartFrame testId="pitches-chart" className="h-64">
      <BarChart
        accessibilityLayer={false}
        layout="vertical"
        data={data}
        margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid {...gridProps} horizontal={false} />
        <XAxis type="number" {...axisProps} allowDecimals={false} />
        <YAxis type="category" dataKey="name" {...axisProps} width={120} interval={0} />
        <Tooltip contentStyle={tooltipStyle} cursor={{ fill: chartColors.muted }} />
        <Bar dataKey="pitches" name="Pitches" radius={[0, 4, 4, 0]} isAnimationActive={false}>
          {data.map((row) => (
            <Cell key={row.name} fill={row.over ? chartColors.danger : chartColors.primary} />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

const isPitchType = (value: string): value is PitchType => (pitchTypes as readonly string[]).includes(value);

/** Mean velocity per pitch type and week. */
export function VelocityChart({ velocity }: { velocity: Report['throwing']['velocity'] }) {
  const { shortDay, weekOf, number } = useWeekTicks();
  const types = [...new Set(velocity.map((row) => row.pitchType))];
  const byWeek = new Map<string, Record<string, number | string>>();
  for (const row of velocity) {
    const week = byWeek.get(row.weekStart) ?? { weekStart: row.weekStart };
    week[row.pitchType] = row.mean;
    byWeek.set(row.weekStart, week);
  }
  const data = [...byWeek.values()].sort((a, b) => String(a.weekStart).localeCompare(String(b.weekStart)));
  const scale = niceScale(
    velocity.map((row) => row.mean),
    { maxTicks: 5 },
  );
  return (
    <ChartFrame testId="velocity-chart">
      <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
        <CartesianGrid {...gridProps} vertical={false} />
        <XAxis dataKey="weekStart" tickFormatter={shortDay} {...axisProps} minTickGap={16} />
        <YAxis {...axisProps} domain={scale.domain} ticks={scale.ticks} width={52} />
        <Tooltip
          labelFormatter={weekOf}
          contentStyle={tooltipStyle}
          formatter={(value, name) => [`${number(Number(value))} mph`, name]}
        />
        <Legend {...legendProps} />
        {types.map((type) => (
          <Line
            key={type}
            type="linear"
            dataKey={type}
            name={isPitchType(type) ? pitchTypeLabels[type] : type}
            stroke={isPitchType(type) ? pitchColors[type] : chartColors.primary}
            strokeWidth={2}
            dot={{ r: 3 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}

/** Flagged answers per athlete, red and amber stacked, most red first. */
export function FlagsChart({ flagged }: { flagged: Report['readiness']['flagged'] }) {
  const data = flagged
    .slice(0, 12)
    .map((row) => ({ name: row.athlete.name, red: row.red, amber: row.amber }));
  return (
    <ChartFrame testId="flags-chart" className="h-64">
      <BarChart
        accessibilityLayer={false}
        layout="vertical"
        data={data}
        margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid {...gridProps} horizontal={false} />
        <XAxis type="number" {...axisProps} allowDecimals={false} />
        <YAxis type="category" dataKey="name" {...axisProps} width={120} interval={0} />
        <Tooltip contentStyle={tooltipStyle} cursor={{ fill: chartColors.muted }} />
        <Legend {...legendProps} />
        <Bar dataKey="red" name="Red" stackId="flags" fill={chartColors.danger} isAnimationActive={false} />
        <Bar
          dataKey="amber"
          name="Amber"
          stackId="flags"
          fill={chartColors.warning}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFrame>
  );
}
