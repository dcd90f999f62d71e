import type { PitchType } from '@contract/throwing';

/**
 * One colour per pitch type, the same on every throwing screen (the completed workout's charts, the athlete's
 * throwing tab). Each is a mid tone with at least 3:1 contrast against the card in both themes (white, and the
 * dark theme's oklch(0.21 0.016 260)), as WCAG 1.4.11 asks of chart marks; legends name the type beside it.
 */
export const pitchColors: Readonly<Record<PitchType, string>> = {
  fastball: '#de3c37', // red — 4.35:1 light, 4.07:1 dark
  sinker: '#da720d', // orange — 3.27:1, 5.41:1
  cutter: '#9d712d', // brown — 4.35:1, 4.07:1
  slider: '#9b8d0d', // olive gold — 3.40:1, 5.21:1
  sweeper: '#d72f92', // magenta — 4.45:1, 3.98:1
  curveball: '#3876dd', // blue — 4.37:1, 4.05:1
  changeup: '#409d48', // green — 3.43:1, 5.17:1
  splitter: '#00a0a6', // teal — 3.20:1, 5.53:1
  knuckleball: '#9554d2', // violet — 4.69:1, 3.78:1
  other: '#83868c', // grey — 3.64:1, 4.87:1
};
