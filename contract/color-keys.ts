// A module of its own, without zod, so the first screen can read settings without loading zod.
/** The colour keys of the settings record, in spec 3's order. */
export const colorKeys = [
  'primaryColor',
  'secondaryColor',
  'accentColor',
  'warmUpColor',
  'mobilityColor',
  'liftColor',
  'throwColor',
  'commandColor',
  'sprintColor',
  'plyoColor',
  'medballColor',
  'fieldingColor',
  'hittingColor',
  'practicePlanColor',
] as const;
export type ColorKey = (typeof colorKeys)[number];
