/** "0:07", "1:32", "12:05": a voice message's length or its place while playing. */
export function formatClock(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Bars drawn for a waveform: the peaks averaged into `count` buckets (a flat line when there are none). */
export function waveformBars(peaks: readonly number[] | null, count: number): number[] {
  if (!peaks || peaks.length === 0) return Array.from({ length: count }, () => 0.15);
  return Array.from({ length: count }, (_, bar) => {
    const from = Math.floor((bar * peaks.length) / count);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * peaks.length) / count));
    const bucket = peaks.slice(from, to);
    return Math.min(1, Math.max(0.08, Math.max(...bucket)));
  });
}

/** The peaks kept with a voice message: `count` of them, the loudest at 1, so a quiet voice still shows its shape. */
export function waveformOfSamples(samples: readonly number[], count = 64): number[] {
  if (samples.length === 0) return Array.from({ length: count }, () => 0);
  const bucketed = Array.from({ length: count }, (_, index) => {
    const from = Math.floor((index * samples.length) / count);
    const to = Math.max(from + 1, Math.floor(((index + 1) * samples.length) / count));
    return Math.max(...samples.slice(from, Math.min(to, samples.length)));
  });
  const loudest = Math.max(...bucketed);
  // Near silence is drawn as silence, not blown up to full height.
  const scale = loudest > 0.02 ? 1 / loudest : 0;
  return bucketed.map((peak) => Math.round(Math.min(1, peak * scale) * 100) / 100);
}
