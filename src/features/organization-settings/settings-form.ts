import type { ColorKey, PasswordPolicy, Settings } from '@contract';
import { ApiRequestError, isApiRequestError } from '@/lib/api/api-request-error';
import { isHexColor } from '@/lib/settings/parse-settings';
import { categoryPlaceholderColor, workoutCategories } from '@/lib/branding/workout-categories';

/** The theme colours src/index.css uses when an organisation sets none (its --primary-h/s/l defaults). */
export const themeColorDefaults = {
  primaryColor: '#2563eb',
  secondaryColor: '#4f46e5',
  accentColor: '#fbbf24',
} as const satisfies Partial<Record<ColorKey, string>>;

export const brandColors = [
  { key: 'primaryColor', label: 'Primary', hint: 'Buttons, links, the active page' },
  { key: 'secondaryColor', label: 'Secondary', hint: 'Secondary highlights' },
  { key: 'accentColor', label: 'Accent', hint: 'Badges and call-outs' },
] as const satisfies readonly { key: ColorKey; label: string; hint: string }[];

const categoryLabels: Record<(typeof workoutCategories)[number]['name'], string> = {
  'warm-up': 'Warm-up',
  mobility: 'Mobility',
  lift: 'Lift',
  throw: 'Throw',
  command: 'Command',
  sprint: 'Sprint',
  plyo: 'Plyo',
  'med-ball': 'Med ball',
  fielding: 'Fielding',
  hitting: 'Hitting',
  'practice plan': 'Practice plan',
};

export const categoryColors = workoutCategories.map(({ name, colorKey }) => ({
  key: colorKey,
  label: categoryLabels[name],
}));

/** The colour that shows for a key whose field holds `value` (empty or not yet a colour: the default). */
export function shownColor(key: ColorKey, value: string): string {
  if (isHexColor(value)) return value;
  return key in themeColorDefaults
    ? themeColorDefaults[key as keyof typeof themeColorDefaults]
    : categoryPlaceholderColor;
}

/** `#abc` → `#aabbcc`: the colour input only takes six digits. */
export function sixDigitHex(color: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  return (
    short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : color
  ).toLowerCase();
}

export type ColorValues = Record<ColorKey, string>;

export const colorValuesOf = (settings: Settings, keys: readonly ColorKey[]): ColorValues =>
  Object.fromEntries(keys.map((key) => [key, settings[key] ?? ''])) as ColorValues;

/** One sentence for the rule a policy makes, as people read it on the sign-up screen. */
export function describePasswordPolicy(policy: PasswordPolicy): string {
  const length =
    policy.maxLength === null
      ? `at least ${policy.minLength} characters`
      : policy.maxLength === policy.minLength
        ? `exactly ${policy.minLength} characters`
        : `${policy.minLength} to ${policy.maxLength} characters`;
  const wants = [
    policy.requireLowercase ? 'a lowercase letter' : null,
    policy.requireUppercase ? 'an uppercase letter' : null,
    policy.requireNumeric ? 'a number' : null,
    policy.requireNonAlphanumeric ? 'a symbol' : null,
  ].filter((want): want is string => want !== null);
  if (wants.length === 0) return `Passwords need ${length}.`;
  const list = wants.length === 1 ? wants[0] : `${wants.slice(0, -1).join(', ')} and ${wants.at(-1)}`;
  return `Passwords need ${length}, with at least ${list}.`;
}

/** The server's field errors for a section, keyed without a prefix (`passwordPolicy.minLength` → `minLength`). */
export function fieldErrorsOf(error: unknown, prefix = ''): Record<string, string> {
  if (!isApiRequestError(error)) return {};
  return Object.fromEntries(
    Object.entries(error.fields)
      .filter(([name]) => name.startsWith(prefix))
      .map(([name, message]) => [name.slice(prefix.length), message]),
  );
}

/** What to say when a save fails, beyond the fields it names. */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 403) return 'Only administrators can change the organisation’s settings.';
    if (Object.keys(error.fields).length > 0) return 'Check the fields marked below.';
    return error.message;
  }
  return 'Could not reach the server. What you typed is kept on this device; try again when you are back online.';
}

type Draft = Record<string, unknown>;
const isDraft = (value: unknown): value is Draft => typeof value === 'object' && value !== null;

/** A saved draft's string fields among `keys`, or null when it does not fit (the cookie is outside input). */
export function stringDraft<K extends string>(keys: readonly K[]) {
  return (saved: unknown): Record<K, string> | null => {
    if (!isDraft(saved)) return null;
    const values = {} as Record<K, string>;
    for (const key of keys) {
      const value = saved[key];
      if (typeof value !== 'string' || value.length > 2000) return null;
      values[key] = value;
    }
    return values;
  };
}
