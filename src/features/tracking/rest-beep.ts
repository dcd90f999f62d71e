/**
 * The rest timer's sound (Web Audio): two short tones. The context is made on a tap (marking a set done), as
 * browsers allow sound only after the person has interacted with the page.
 */

let context: AudioContext | null = null;

/** Call from a tap: makes (or wakes) the audio context so the beep may play later. */
export function unlockRestBeep(): void {
  const AudioContextClass = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!AudioContextClass) return;
  try {
    context ??= new AudioContextClass();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  } catch {
    context = null;
  }
}

export function playRestBeep(): void {
  if (!context) unlockRestBeep();
  if (!context) return;
  const start = context.currentTime;
  for (const offset of [0, 0.3]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.25, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.2);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.2);
  }
  navigator.vibrate?.([200, 100, 200]);
}

export const formatClock = (seconds: number): string => {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/** 75 → "1 h 15 min", 42 → "42 min", 0.5 → "1 min" (minutes). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}
