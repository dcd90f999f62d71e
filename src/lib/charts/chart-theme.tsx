import type { CSSProperties } from 'react';

/*
 * The one chart theme of the app (ADR 048): the training, throwing and pitching charts take their colours, axes,
 * tooltip and legend from here, and their value axes from `niceScale`. No recharts import: the props are plain
 * objects, so this module costs nothing to the screens that load recharts lazily.
 */

/**
 * Colours as CSS variables: the organisation's own (primary and accent, from its branding) for the series, the
 * theme's for the rest, so every chart follows the organisation and the light and dark theme by itself.
 */
export const chartColors = {
  /** The main series: the organisation's primary colour, darkened to read on white. */
  primary: 'var(--color-primary-ink)',
  /** A second series beside the main one: the organisation's accent colour. */
  secondary: 'var(--color-accent-ink)',
  grid: 'var(--color-border)',
  axis: 'var(--color-border-strong)',
  text: 'var(--color-muted-foreground)',
  foreground: 'var(--color-foreground)',
  surface: 'var(--color-surface)',
  muted: 'var(--color-muted)',
  danger: 'var(--color-danger)',
  warning: 'var(--color-warning)',
  warningInk: 'var(--color-warning-foreground)',
  success: 'var(--color-success)',
} as const;

/** Tick labels of every axis. */
export const axisTick = { fill: chartColors.text, fontSize: 12 } as const;

/** Every axis: its line and ticks in the grid's colour, its labels as `axisTick`. */
export const axisProps = { tick: axisTick, stroke: chartColors.grid } as const;

/** The dashed horizontal grid behind every chart. */
export const gridProps = { stroke: chartColors.grid, strokeDasharray: '3 3' } as const;

/** The tooltip's box. */
export const tooltipStyle: CSSProperties = {
  background: chartColors.surface,
  border: `1px solid ${chartColors.grid}`,
  borderRadius: 12,
  color: chartColors.foreground,
  fontSize: 13,
  boxShadow: '0 4px 16px oklch(0 0 0 / 0.08)',
};

/** Legend entries keep the series' order and read in the text colour, not the mark's. */
export const legendProps = {
  wrapperStyle: { fontSize: 13 },
  itemSorter: null,
  formatter: (value: string) => <span style={{ color: chartColors.foreground }}>{value}</span>,
} as const;

/** Steps a value axis may use, times a power of ten: ticks read 0, 50, 100 or 180, 200, 220, never 16 or -2. */
const niceSteps = [1, 2, 2.5, 5, 10];

/** The smallest nice step that covers `span` in at most `maxTicks - 1` steps. */
function niceStep(span: number, maxTicks: number): number {
  const rough = span / Math.max(1, maxTicks - 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = niceSteps.find((candidate) => candidate * power >= rough - 1e-9) ?? 10;
  return step * power;
}

export interface NiceScale {
  domain: [number, number];
  ticks: number[];
}

/**
 * A value axis for these values: evenly spaced round ticks, never below zero. It starts at 0 when `fromZero` or
 * when the data's floor is near zero anyway (counts, loads of a light exercise), else a step below the lowest value
 * (an estimated 1RM of 200 to 230 lb reads 180 to 240, not 0 to 240 with the line flat at the top).
 */
export function niceScale(
  values: readonly (number | null | undefined)[],
  { fromZero = false, maxTicks = 6 }: { fromZero?: boolean; maxTicks?: number } = {},
): NiceScale {
  const present = values.filter(
    (value): value is number => typeof value === 'number' && Number.isFinite(value),
  );
  if (present.length === 0) return { domain: [0, 10], ticks: [0, 2, 4, 6, 8, 10] };
  const low = Math.max(0, Math.min(...present));
  const high = Math.max(0, Math.max(...present));
  // Near zero, or asked for: the axis starts at 0.
  const startsAtZero = fromZero || low <= (high - low) * 0.5;
  const bottom = startsAtZero ? 0 : low;
  const span = high - bottom || Math.max(1, high * 0.1);
  let step = niceStep(span, maxTicks);
  let floor = startsAtZero ? 0 : Math.max(0, Math.floor(bottom / step) * step - step);
  let ceiling = Math.ceil(high / step) * step;
  if (ceiling <= high) ceiling += step;
  // A floor or ceiling moved out may need a larger step to stay within maxTicks.
  for (let tries = 0; tries < 5 && (ceiling - floor) / step + 1 > maxTicks + 1e-9; tries += 1) {
    step = niceStep(ceiling - floor, maxTicks);
    floor = startsAtZero ? 0 : Math.max(0, Math.floor(bottom / step) * step - step);
    ceiling = Math.ceil(high / step) * step;
    if (ceiling <= high) ceiling += step;
  }
  const ticks: number[] = [];
  for (let tick = floor; tick <= ceiling + step / 1000; tick += step)
    ticks.push(Math.round(tick * 1000) / 1000);
  return { domain: [floor, ceiling], ticks };
}
