/**
 * The longest main-thread tasks of a Lighthouse trace recorded with the V8 sampling profiler
 * (`disabled-by-default-v8.cpu_profiler`), each with the code its samples fell in, mapped through the build's
 * source maps to our modules (the nearest two frames of src/ or contract/) or to a package.
 */
import { readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';

interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

export interface LongTask {
  /** Start, after the navigation began. */
  startMs: number;
  durationMs: number;
  /** Where its samples fell, most first: [what, estimated ms]. */
  parts: [string, number][];
}

function mainThreadOf(events: readonly TraceEvent[]): { pid: number; tid: number } {
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const taskCounts = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.name === 'RunTask' && mains.has(key)) taskCounts.set(key, (taskCounts.get(key) ?? 0) + 1);
  }
  const [busiest] = [...taskCounts].sort((a, b) => b[1] - a[1]);
  if (!busiest) throw new Error('The trace has no renderer main thread');
  const [pid, tid] = busiest[0].split(':').map(Number);
  return { pid: pid!, tid: tid! };
}

export function longTasksOf(tracePath: string, distDir: string, count = 5): LongTask[] {
  const raw = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? []);
  const { pid, tid } = mainThreadOf(events);

  // The sampling profile of the main thread: a Profile event and its chunks, joined by id.
  const profile = events.find((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid);
  const nodes = new Map<number, ProfileNode>();
  const samples: { at: number; node: number }[] = [];
  let at = Number(profile?.args?.data?.startTime ?? 0);
  for (const chunk of events) {
    if (chunk.name !== 'ProfileChunk' || chunk.id !== profile?.id || chunk.pid !== pid) continue;
    const data = chunk.args?.data as
      { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      at += deltas[index] ?? 0;
      samples.push({ at, node });
    });
  }

  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      try {
        maps.set(url, new SourceMapConsumer(readFileSync(`${distDir}${new URL(url).pathname}.map`, 'utf8')));
      } catch {
        maps.set(url, null);
      }
    }
    return maps.get(url);
  };
  const names = new Map<number, string>();
  const nameOf = (id: number): string => {
    const known = names.get(id);
    if (known !== undefined) return known;
    const { callFrame } = nodes.get(id)!;
    let name = callFrame.url
      ? (callFrame.url.split('/').pop() ?? '')
      : `(${callFrame.functionName || 'program'})`;
    const map = callFrame.url ? mapOf(callFrame.url) : null;
    const original = map?.originalPositionFor({
      line: callFrame.lineNumber + 1,
      column: callFrame.columnNumber,
    });
    if (original?.source) {
      const source = original.source.replace(/^(\.\.\/)+/, '');
      const module = source.match(/node_modules\/((@[^/]+\/)?[^/]+)/)?.[1];
      name = module ?? `${source}:${original.name ?? callFrame.functionName}`;
    }
    names.set(id, name);
    return name;
  };
  // A sample is put down to the two nearest frames of our own code, else to the frame it fell in.
  const partOf = (id: number): string => {
    const chain: string[] = [];
    for (let node: number | undefined = id; node !== undefined; node = nodes.get(node)?.parent)
      chain.push(nameOf(node));
    const ours = chain.filter((name) => /^(src|contract)\//.test(name));
    return ours.length > 0 ? ours.slice(0, 2).reverse().join(' > ') : chain[0]!;
  };

  const navigationStart =
    events.find((event) => event.name === 'navigationStart' && event.pid === pid)?.ts ?? 0;
  const tasks = events
    .filter(
      (event) =>
        event.pid === pid && event.tid === tid && event.name === 'RunTask' && (event.dur ?? 0) > 50_000,
    )
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, count);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inTask = samples.filter((sample) => sample.at >= task.ts && sample.at <= end);
    const perSample = (task.dur ?? 0) / 1000 / Math.max(1, inTask.length);
    const parts = new Map<string, number>();
    for (const sample of inTask) {
      const part = partOf(sample.node);
      if (part !== '(idle)') parts.set(part, (parts.get(part) ?? 0) + perSample);
    }
    return {
      startMs: (task.ts - navigationStart) / 1000,
      durationMs: (task.dur ?? 0) / 1000,
      parts: [...parts].sort((a, b) => b[1] - a[1]),
    };
  });
}
