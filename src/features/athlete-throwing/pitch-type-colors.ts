import type { PitchType } from '@contract/throwing';

/*
 * One colour per pitch type for the Throwing tab's charts. Mid-tone hues picked in OKLCH so each has at least 3:1
 * contrast against both the light surface (white) and the dark one: a line reads in either theme without a
 * second palette. The legend and the tables name each type, so colour is never the only cue.
 * (To merge with src/features/pitching/pitch-colors.ts once both land: one palette, moved down a level.)
 */
export const pitchTypeColors: Record<PitchType, string> = {
  fastball: '#e54d42',
  sinker: '#d37812',
  cutter: '#ab9017',
  slider: '#32a155',
  sweeper: '#00a0a1',
  curveball: '#2f8adc',
  changeup: '#9769dc',
  splitter: '#d15aa3',
  knuckleball: '#99714f',
  other: '#7f8793',
};

export const pitchTypeLabels: Record<PitchType, string> = {
  fastball: 'Fastball',
  sinker: 'Sinker',
  cutter: 'Cutter',
  slider: 'Slider',
  sweeper: 'Sweeper',
  curveball: 'Curveball',
  changeup: 'Changeup',
  splitter: 'Splitter',
  knuckleball: 'Knuckleball',
  other: 'Other',
};
