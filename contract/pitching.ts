import { z } from 'zod';
import { pitchResults, pitchTypes, spinAxisDegrees } from './throwing';

/**
 * Pitches and arm-sensor throws of a completed workout (issue 16). What is measured is optional but type and
 * velocity, so a pitch can be entered on a phone in two taps and filled in later, or imported from a device.
 */

export const pitchingLimits = {
  sequence: { min: 1, max: 1000 },
  velocityMph: { min: 20, max: 115 },
  spinRateRpm: { min: 0, max: 4000 },
  breakInches: { min: -40, max: 40 },
  releaseHeightFt: { min: 0, max: 9 },
  releaseSideFt: { min: -6, max: 6 },
  extensionFt: { min: 0, max: 10 },
  armSpeedDegPerS: { min: 0, max: 6000 },
  torqueNm: { min: 0, max: 200 },
  angleDegrees: { min: -180, max: 360 },
  noteMaxLength: 500,
  /** Rows of one import (issue 16): a larger file is refused before it is parsed. */
  importRows: 20_000,
  importBytes: 5 * 1024 * 1024,
  perWorkout: 1000,
} as const;

export const pitchTypeSchema = z.enum(pitchTypes, { error: `Choose one of: ${pitchTypes.join(', ')}` });
export const pitchResultSchema = z.enum(pitchResults, { error: `Choose one of: ${pitchResults.join(', ')}` });

const measure = (label: string, { min, max }: { min: number; max: number }, unit: string) =>
  z
    .number({ error: `Enter a number for ${label}` })
    .min(min, `${label} is at least ${min} ${unit}`)
    .max(max, `${label} is at most ${max} ${unit}`)
    .nullable()
    .default(null);

/** Degrees, or a clock time such as "1:30" (12:00 is 180°), stored as degrees. */
const spinAxis = z
  .union([z.number(), z.string()], { error: 'Enter the spin axis in degrees or as a clock time like 1:30' })
  .nullable()
  .default(null)
  .transform((value, context) => {
    if (value === null || value === '') return null;
    const degrees = spinAxisDegrees(value);
    if (degrees === null) {
      context.addIssue({
        code: 'custom',
        message: 'Enter the spin axis in degrees or as a clock time like 1:30',
      });
      return z.NEVER;
    }
    return Math.round(degrees * 10) / 10;
  });

/** One pitch, as entered or imported. */
export const pitchInputSchema = z
  .strictObject({
    sequence: z
      .int('The pitch number is a whole number')
      .min(pitchingLimits.sequence.min, 'Pitches are numbered from 1')
      .max(pitchingLimits.sequence.max, `At most ${pitchingLimits.sequence.max} pitches`),
    pitchType: pitchTypeSchema,
    velocityMph: z
      .number({ error: 'Enter the velocity in mph' })
      .min(pitchingLimits.velocityMph.min, `Velocity is at least ${pitchingLimits.velocityMph.min} mph`)
      .max(pitchingLimits.velocityMph.max, `Velocity is at most ${pitchingLimits.velocityMph.max} mph`),
    spinRateRpm: measure('Spin rate', pitchingLimits.spinRateRpm, 'rpm'),
    spinAxisDegrees: spinAxis,
    inducedVerticalBreakIn: measure('Induced vertical break', pitchingLimits.breakInches, 'in'),
    horizontalBreakIn: measure('Horizontal break', pitchingLimits.breakInches, 'in'),
    releaseHeightFt: measure('Release height', pitchingLimits.releaseHeightFt, 'ft'),
    releaseSideFt: measure('Release side', pitchingLimits.releaseSideFt, 'ft'),
    extensionFt: measure('Extension', pitchingLimits.extensionFt, 'ft'),
    result: pitchResultSchema.nullable().default(null),
    /** Set from the result when there is one; a coach may mark a strike without a result. */
    strike: z.boolean().nullable().default(null),
    note: z
      .string()
      .trim()
      .max(pitchingLimits.noteMaxLength, `A note has at most ${pitchingLimits.noteMaxLength} characters`)
      .nullable()
      .default(null)
      .transform((text) => (text ? text : null)),
  })
  .meta({ id: 'PitchInput' });
export type PitchInput = z.input<typeof pitchInputSchema>;
export type PitchValues = z.output<typeof pitchInputSchema>;

/** One throw measured by an arm sensor; matched to a pitch by order when both exist. */
export const sensorThrowInputSchema = z
  .strictObject({
    sequence: z
      .int('The throw number is a whole number')
      .min(pitchingLimits.sequence.min, 'Throws are numbered from 1')
      .max(pitchingLimits.sequence.max, `At most ${pitchingLimits.sequence.max} throws`),
    thrownAt: z.iso
      .datetime({ offset: true, error: 'Use an ISO 8601 time with its offset' })
      .nullable()
      .default(null),
    armSpeedDegPerS: measure('Arm speed', pitchingLimits.armSpeedDegPerS, 'deg/s'),
    elbowTorqueNm: measure('Elbow varus torque', pitchingLimits.torqueNm, 'Nm'),
    armSlotDegrees: measure('Arm slot', pitchingLimits.angleDegrees, '°'),
    shoulderRotationDegrees: measure('Shoulder rotation', pitchingLimits.angleDegrees, '°'),
  })
  .meta({ id: 'SensorThrowInput' });
export type SensorThrowInput = z.input<typeof sensorThrowInputSchema>;
export type SensorThrowValues = z.output<typeof sensorThrowInputSchema>;
