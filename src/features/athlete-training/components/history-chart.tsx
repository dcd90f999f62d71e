import type { ExerciseHistoryResponse } from '@contract';
import { useFormats } from '@/lib/format/use-formats';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  axisProps,
  chartColors,
  gridProps,
  legendProps,
  niceScale,
  tooltipStyle,
} from '@/lib/charts/chart-theme';

/* recharts is only loaded with this module, which the Training tab imports lazily (conventions: charts). */

interface HistoryChartProps {
  history: ExerciseHistoryResponse;
}

// The organisation's colours through the one chart theme (ADR 048).
const colors = { estimate: chartColors.primary, topSet: chartColors.secondary };

/**
 * Estimated 1RM and the top set's load over time. Hidden from screen readers: the table under it says the same
 * in text (the tab's text alternative).
 */
export default function HistoryChart({ history }: HistoryChartProps) {
  const formats = useFormats();
  const points = history.points.map((point) => ({
    date: point.date,
    estimate: point.estimatedOneRm,
    topSet: point.topSet?.load ?? null,
    reps: point.topSet?.reps ?? null,
  }));
  const scale = niceScale(points.flatMap((point) => [point.estimate, point.topSet]));
  return (
    <div aria-hidden="true" className="h-56 w-full sm:h-72" data-testid="history-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid {...gridProps} vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(date: string) => formats.day(date, 'shortDay')}
            {...axisProps}
            minTickGap={24}
          />
          <YAxis {...axisProps} domain={scale.domain} ticks={scale.ticks} interval={0} width={48} />
          <Tooltip
            labelFormatter={(date) => (typeof date === 'string' ? formats.day(date, 'dayWithYear') : '')}
            formatter={(value, name) => [
              typeof value === 'number' ? formats.load(value, history.unit) : '',
              name,
            ]}
            contentStyle={tooltipStyle}
          />
          <Legend {...legendProps} />
          <Line
            type="monotone"
            dataKey="estimate"
            name="Estimated 1RM"
            stroke={colors.estimate}
            strokeWidth={2.5}
            dot={{ r: 3, fill: colors.estimate }}
            connectNulls
            isAnimationActive={false}
          />
          <Line
            type="monotone"
            dataKey="topSet"
            name="Top set"
            stroke={colors.topSet}
            strokeWidth={2}
            strokeDasharray="5 4"
            dot={{ r: 3, fill: colors.topSet }}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
