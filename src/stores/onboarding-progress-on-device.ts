import type { OnboardingData, OnboardingStep, OnboardingSteps, UpdateOwnUserRequest, User } from '@contract';
// Without zod, as the tour store that uses it: the shape read back is checked by hand.
import { emptyOnboardingData, onboardingStepNames } from '@contract/user-fields';

/**
 * The tour's progress not yet confirmed by the server, kept in this device's local storage per user (issue 17,
 * ADR 041). It is written in the same store update as the change, so a reload before the offline write reaches
 * IndexedDB (ADR 016 writes it at most once a second), or before a queued save replays, still has it.
 */
const storagePrefix = 'onboarding-progress.v1.';

/**
 * What the saves since the last confirmed one change, merged: the steps done here (only those: the server merges
 * them per step, ADR 044), the data slots, and the flags when changed.
 */
export type OnboardingProgressChanges = Required<
  Pick<UpdateOwnUserRequest, 'onboardingSteps' | 'onboardingData'>
> &
  Pick<UpdateOwnUserRequest, 'onboardingHidden' | 'onboarding'>;

export interface OnboardingProgressOnDevice {
  userId: string;
  /** Goes up with every change: a save clears the copy only if it carried the latest one. */
  revision: number;
  changes: OnboardingProgressChanges;
}

/** The tour's fields of a user's record, as `/api/me` and the save's answer have them. */
export type OnboardingRecord = Pick<
  User,
  'onboardingSteps' | 'onboardingData' | 'onboardingHidden' | 'onboarding'
>;

type DataCarryingStep = keyof OnboardingData;
const dataCarryingSteps = Object.keys(emptyOnboardingData) as DataCarryingStep[];
const stepNames: readonly string[] = onboardingStepNames;

/** The localStorage key of a user's copy. */
export const onboardingProgressStorageKey = (userId: string): string => `${storagePrefix}${userId}`;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isOnboardingSteps(value: unknown): value is OnboardingSteps {
  return (
    isPlainObject(value) &&
    Object.entries(value).every(([step, done]) => stepNames.includes(step) && typeof done === 'boolean')
  );
}

// Exactly the three slots, each null or an object: the server's schema is strict and would refuse anything else.
function isOnboardingData(value: unknown): value is OnboardingData {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return (
    keys.length === dataCarryingSteps.length &&
    dataCarryingSteps.every(
      (step) => keys.includes(step) && (value[step] === null || isPlainObject(value[step])),
    )
  );
}

const isOptionalBoolean = (value: unknown): value is boolean | undefined =>
  value === undefined || typeof value === 'boolean';

// Checked by hand rather than with zod: the store loads with the signed-in frame's first chunk.
function isProgressOnDevice(value: unknown, userId: string): value is OnboardingProgressOnDevice {
  if (!isPlainObject(value) || value.userId !== userId) return false;
  const { revision, changes } = value;
  return (
    typeof revision === 'number' &&
    Number.isSafeInteger(revision) &&
    revision > 0 &&
    isPlainObject(changes) &&
    isOnboardingSteps(changes.onboardingSteps) &&
    isOnboardingData(changes.onboardingData) &&
    isOptionalBoolean(changes.onboardingHidden) &&
    isOptionalBoolean(changes.onboarding)
  );
}

/** This user's copy, or null when there is none, it cannot be read or it is malformed (then it is dropped). */
export function readOnboardingProgressOnDevice(userId: string): OnboardingProgressOnDevice | null {
  let stored: string | null;
  try {
    stored = localStorage.getItem(onboardingProgressStorageKey(userId));
  } catch {
    // Storage refused (privacy settings): there is no copy to read.
    return null;
  }
  if (stored === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = null;
  }
  if (isProgressOnDevice(parsed, userId)) {
    const { onboardingSteps, onboardingData, onboardingHidden, onboarding } = parsed.changes;
    return {
      userId,
      revision: parsed.revision,
      changes: {
        onboardingSteps,
        onboardingData,
        ...(onboardingHidden === undefined ? {} : { onboardingHidden }),
        ...(onboarding === undefined ? {} : { onboarding }),
      },
    };
  }
  forgetOnboardingProgressOnDevice(userId);
  return null;
}

/** Two changes as one: the steps of both (per step), the later data and flags. */
export function withOnboardingChange(
  previous: OnboardingProgressChanges | undefined,
  change: OnboardingProgressChanges,
): OnboardingProgressChanges {
  return {
    ...previous,
    ...change,
    onboardingSteps: { ...previous?.onboardingSteps, ...change.onboardingSteps },
  };
}

/**
 * A save's change applied to the user's record as the server applies it (ADR 044): the steps it marks done
 * join the record's, the slots it fills replace theirs, the flags it carries replace theirs.
 */
export function withOnboardingChangeApplied(
  record: OnboardingRecord,
  change: UpdateOwnUserRequest,
): OnboardingRecord {
  const onboardingSteps: OnboardingSteps = { ...record.onboardingSteps };
  for (const step of onboardingStepNames) {
    if (change.onboardingSteps?.[step] === true) onboardingSteps[step] = true;
  }
  const onboardingData: OnboardingData = { ...emptyOnboardingData, ...record.onboardingData };
  for (const step of dataCarryingSteps) {
    const slot = change.onboardingData?.[step];
    if (slot) onboardingData[step] = slot;
  }
  return {
    onboardingSteps,
    onboardingData,
    onboardingHidden: change.onboardingHidden ?? record.onboardingHidden,
    onboarding: change.onboarding ?? record.onboarding,
  };
}

/** Adds a change to this user's copy and returns the copy's new revision. */
export function keepOnboardingProgressOnDevice(userId: string, change: OnboardingProgressChanges): number {
  const previous = readOnboardingProgressOnDevice(userId);
  const kept: OnboardingProgressOnDevice = {
    userId,
    revision: (previous?.revision ?? 0) + 1,
    changes: withOnboardingChange(previous?.changes, change),
  };
  try {
    localStorage.setItem(onboardingProgressStorageKey(userId), JSON.stringify(kept));
  } catch {
    // Storage full or refused: the tour goes on, kept only by the offline write (ADR 016).
  }
  return kept.revision;
}

export function forgetOnboardingProgressOnDevice(userId: string): void {
  try {
    localStorage.removeItem(onboardingProgressStorageKey(userId));
  } catch {
    // A storage that cannot be used holds nothing to forget.
  }
}

/** Sign-out: nothing of anyone's tour stays on a shared device. */
export function forgetAllOnboardingProgressOnDevice(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(storagePrefix)) localStorage.removeItem(key);
    }
  } catch {
    // As above.
  }
}

/**
 * The user's record with the device's progress over it: a step done on either side is done (steps only go from
 * false to true), a slot the device has fills an empty one, the hidden flag the device set wins (it is newer than
 * what the server had), and the tour is complete if either says so.
 */
export function withOnboardingProgressOnDevice(
  record: OnboardingRecord,
  { changes }: OnboardingProgressOnDevice,
): OnboardingRecord {
  const onboardingSteps: OnboardingSteps = {};
  for (const step of onboardingStepNames) {
    onboardingSteps[step] = record.onboardingSteps[step] === true || changes.onboardingSteps[step] === true;
  }
  const onboardingData: OnboardingData = { ...emptyOnboardingData, ...record.onboardingData };
  for (const step of dataCarryingSteps) onboardingData[step] ??= changes.onboardingData[step];
  return {
    onboardingSteps,
    onboardingData,
    onboardingHidden: changes.onboardingHidden ?? record.onboardingHidden,
    onboarding: record.onboarding || changes.onboarding === true,
  };
}

/** True when the record already has everything the device's copy holds: merging the copy would change nothing. */
export function isOnboardingProgressSavedIn(
  record: OnboardingRecord,
  onDevice: OnboardingProgressOnDevice,
): boolean {
  const { changes } = onDevice;
  const stepsSaved = (Object.keys(changes.onboardingSteps) as OnboardingStep[]).every(
    (step) => changes.onboardingSteps[step] !== true || record.onboardingSteps[step] === true,
  );
  const dataSaved = dataCarryingSteps.every(
    (step) => changes.onboardingData[step] === null || (record.onboardingData[step] ?? null) !== null,
  );
  return (
    stepsSaved &&
    dataSaved &&
    (changes.onboardingHidden === undefined || changes.onboardingHidden === record.onboardingHidden) &&
    (changes.onboarding !== true || record.onboarding)
  );
}

/**
 * A save has been answered with the user's record: the copy goes if that save carried its latest change (nothing
 * newer was made meanwhile) and the record has all of it (an earlier save refused would leave something out).
 */
export function onboardingProgressSaved(
  savedUser: OnboardingRecord & Pick<User, 'id'>,
  revision: number,
): void {
  const onDevice = readOnboardingProgressOnDevice(savedUser.id);
  if (onDevice?.revision === revision && isOnboardingProgressSavedIn(savedUser, onDevice)) {
    forgetOnboardingProgressOnDevice(savedUser.id);
  }
}
