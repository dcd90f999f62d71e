/**
 * Issue 22's figure for the Throwing tab's season scatter: the time Chromium takes to draw two years of a busy
 * pitcher's pitches (the scale seed's ≈100,000) as they are, against the server's even sample of them (at most
 * 1,000, GET /api/athletes/{id}/throwing/pitches), each drawn as a plain recharts Scatter (a component per dot)
 * and as the tab draws them (one SVG path per pitch type), with the CPU slowed 4× as for a phone (Chrome DevTools
 * Protocol `Emulation.setCPUThrottlingRate`). `npx tsx scripts/measure-season-scatter.ts [counts…]`, e.g.
 * `100000 50000`. Figures in docs/decisions/043-field-throwing.md.
 */
import { build } from 'esbuild';
import { launchBrowser, viewports } from '../e2e/support/browser';
import { repoRoot } from './lib/project';

/** As src/features/athlete-throwing/season-scatter-page.tsx draws: a recharts component per dot, or the tab's path per pitch type. */
type Drawing = 'per-dot' | 'paths';

const counts = process.argv.slice(2).map(Number).filter(Boolean);
const seasons = counts.length > 0 ? counts : [100_000];
const throttle = 4;
const runs = 5;

const bundle = await build({
  entryPoints: ['src/features/athlete-throwing/season-scatter-page.tsx'],
  absWorkingDir: repoRoot,
  bundle: true,
  write: false,
  format: 'iife',
  minify: true,
  jsx: 'automatic',
  tsconfig: 'tsconfig.app.json',
  define: { 'process.env.NODE_ENV': '"production"' },
});
const script = bundle.outputFiles[0]!.text;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: viewports.phone });
  const page = await context.newPage();
  // The chart's frame is sized by the app's Tailwind classes: the two it uses, without the whole stylesheet.
  await page.setContent(
    '<!doctype html><html><head><style>.h-56{height:14rem}.w-full{width:100%}</style></head><body></body></html>',
  );
  await page.addScriptTag({ content: script });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const draw = (count: number, sampled: boolean, drawing: Drawing) =>
    page.evaluate(
      ([n, s, d]) =>
        (
          globalThis as unknown as {
            drawSeason: (
              count: number,
              sampled: boolean,
              drawing: Drawing,
            ) => Promise<{ ms: number; dots: number }>;
          }
        ).drawSeason(n, s, d),
      [count, sampled, drawing] as const,
    );
  const timed = async (count: number, sampled: boolean, drawing: Drawing, times: number) => {
    const results = [];
    for (let run = 0; run < times; run += 1) results.push(await draw(count, sampled, drawing));
    const ms = results.map((result) => result.ms);
    return `${median(ms).toFixed(0)} ms median of ${times} (slowest ${Math.max(...ms).toFixed(0)}), ${results[0]!.dots.toLocaleString('en-US')} dots`;
  };
  await draw(5000, true, 'per-dot'); // warm-up: the page's code compiled, recharts' first charts
  await draw(5000, true, 'paths');
  for (const count of seasons) {
    console.log(
      `[season scatter] ${count.toLocaleString('en-US')} pitches, CPU ${throttle}× slower, 358 px wide:`,
    );
    console.log(
      `  whole, a recharts Scatter (a component per dot): ${await timed(count, false, 'per-dot', 1)}`,
    );
    console.log(
      `  whole, one path per pitch type:                   ${await timed(count, false, 'paths', 3)}`,
    );
    console.log(
      `  the server's sample, a recharts Scatter:          ${await timed(count, true, 'per-dot', runs)}`,
    );
    console.log(
      `  the server's sample, one path per type (the tab): ${await timed(count, true, 'paths', runs)}`,
    );
  }
  await context.close();
} finally {
  await browser.close();
}
