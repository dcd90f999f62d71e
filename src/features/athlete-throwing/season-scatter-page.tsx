import type { SeasonPitch } from '@contract/pitching';
import { seasonPitchLimits } from '@contract/pitching';
import type { PitchType } from '@contract/throwing';
import { addDays, format } from 'date-fns';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ResponsiveContainer, Scatter, ScatterChart, XAxis, YAxis, ZAxis } from 'recharts';
import { SeasonScatter } from './components/throwing-charts';

/*
 * The page scripts/measure-season-scatter.ts bundles and opens in Chromium: the Throwing tab's scatter alone, at a
 * phone's width (issue 22's figure). Not part of the app.
 */

const types: PitchType[] = ['fastball', 'slider', 'changeup', 'curveball'];
const base: Record<string, number> = { fastball: 90, slider: 82, changeup: 83, curveball: 76 };

/** `count` pitches spread over two years, as the scale seed throws them. */
function season(count: number): SeasonPitch[] {
  const first = new Date('2025-01-01T12:00:00Z');
  return Array.from({ length: count }, (_, index) => {
    const pitchType = types[index % types.length]!;
    return {
      date: format(addDays(first, Math.floor((index / count) * 730)), 'yyyy-MM-dd'),
      pitchType,
      velocityMph: base[pitchType]! + ((index * 7919) % 50) / 10 - 2.5,
      outlier: false,
    };
  });
}

/** What the server answers: an even sample of at most `seasonPitchLimits.sample`. */
function sampled(all: SeasonPitch[]): SeasonPitch[] {
  const every = Math.ceil(all.length / seasonPitchLimits.sample);
  return all.filter((_, index) => index % every === 0);
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** The straightforward chart, for comparison: a recharts `Scatter` per pitch type, a component per dot. */
function PerDotScatter({ pitches }: { pitches: readonly SeasonPitch[] }) {
  return (
    <div className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 358, height: 224 }}>
        <ScatterChart accessibilityLayer={false}>
          <XAxis type="number" dataKey="day" domain={['dataMin', 'dataMax']} />
          <YAxis type="number" dataKey="mph" domain={['dataMin', 'dataMax']} />
          <ZAxis range={[10, 10]} />
          {types.map((type) => (
            <Scatter
              key={type}
              data={pitches
                .filter((pitch) => pitch.pitchType === type)
                .map((pitch) => ({ day: Date.parse(pitch.date), mph: pitch.velocityMph }))}
              isAnimationActive={false}
            />
          ))}
        </ScatterChart>
      </ResponsiveContainer>
    </div>
  );
}

export type Drawing = 'per-dot' | 'paths';

/**
 * Draws a season's scatter and answers the time from render to the frame after its dots are in the page: `count`
 * pitches whole, or the server's sample of them; drawn a component per dot, or as the tab draws them.
 */
async function drawSeason(
  count: number,
  asSampled: boolean,
  drawing: Drawing,
): Promise<{ ms: number; dots: number }> {
  const pitches = asSampled ? sampled(season(count)) : season(count);
  const host = document.createElement('div');
  host.style.width = '358px';
  document.body.append(host);
  const root = createRoot(host);
  const started = performance.now();
  flushSync(() =>
    root.render(
      drawing === 'per-dot' ? (
        <PerDotScatter pitches={pitches} />
      ) : (
        <SeasonScatter pitches={pitches} pitchTypes={types} />
      ),
    ),
  );
  // The chart draws again once its box is measured: wait for the dots, then for the frame that paints them.
  const drawn = () =>
    drawing === 'per-dot'
      ? host.querySelectorAll('.recharts-scatter-symbol').length
      : [...host.querySelectorAll('path[stroke-linecap="round"]')].reduce(
          (sum, path) => sum + (path.getAttribute('d')?.split('M').length ?? 1) - 1,
          0,
        );
  let dots = drawn();
  while (dots < pitches.length) {
    await frame();
    dots = drawn();
    if (performance.now() - started > 900_000)
      throw new Error(`Only ${dots} of ${pitches.length} dots drawn`);
  }
  await frame();
  const ms = performance.now() - started;
  root.unmount();
  host.remove();
  return { ms, dots };
}

Object.assign(window, { drawSeason });
