/**
 * The person fields' allowed values and ranges, without zod: the screens label and limit their inputs with them,
 * and contract/people.ts builds the server's checks from the same numbers (docs/decisions/022-people.md).
 */
export const battingSides = ['R', 'L', 'S'] as const;
export type BattingSide = (typeof battingSides)[number];
export const throwingArms = ['R', 'L'] as const;
export type ThrowingArm = (typeof throwingArms)[number];

export const battingSideLabels: Record<BattingSide, string> = { R: 'Right', L: 'Left', S: 'Switch' };
export const throwingArmLabels: Record<ThrowingArm, string> = { R: 'Right', L: 'Left' };

export const personLimits = {
  nameMaxLength: 60,
  phoneMaxLength: 30,
  positionMaxLength: 40,
  notesMaxLength: 2000,
  heightInches: { min: 36, max: 96 },
  weightPounds: { min: 50, max: 500 },
  graduationYear: { min: 1950, max: 2100 },
  /** A person belongs to at most this many groups at once. */
  groupsMax: 50,
} as const;

/** What anyone may change on their own record (the profile screen): the rest is for staff. */
export const ownContactFields = ['firstName', 'lastName', 'phone'] as const;
export type OwnContactField = (typeof ownContactFields)[number];

/** 74 → 6′ 2″, for reading; the form takes inches. */
export function formatHeight(inches: number): string {
  return `${Math.floor(inches / 12)}′ ${inches % 12}″`;
}
