import { colorKeys, type ColorKey } from '@contract/color-keys';
import { defaultTimeZone, defaultWeekStart } from '@contract/calendar-dates';
import { defaultLocale, isOrganizationLocale } from '@contract/locales';
import { defaultWeightUnit } from '@contract/training-vocabulary';
import { defaultBarWeight, defaultPlateStep } from '@contract/strength';
import { bytesPerMegabyte, chatAttachmentLimits } from '@contract/organization-settings-rules';
import type { PasswordPolicy, Settings } from '@contract';

/**
 * The settings record of spec 3, checked by hand instead of with the contract's zod schema: settings are read
 * on the sign-in screen and from local storage before the first render, where zod's weight does not belong
 * (ADR 008). It follows `settingsSchema` in contract/organizations.ts and shares its colour keys.
 */
export const settingsColorKeys = colorKeys;

const hexColorPattern = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && hexColorPattern.test(value);

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isNullableString = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';
const isIntegerBetween = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

function parsePasswordPolicy(value: unknown): PasswordPolicy | null {
  if (!isObject(value)) return null;
  const { minLength, maxLength, requireLowercase, requireUppercase, requireNumeric, requireNonAlphanumeric } =
    value;
  if (!isIntegerBetween(minLength, 1, 128)) return null;
  if (maxLength !== null && !isIntegerBetween(maxLength, 1, 1024)) return null;
  const flags = [requireLowercase, requireUppercase, requireNumeric, requireNonAlphanumeric];
  if (!flags.every((flag) => typeof flag === 'boolean')) return null;
  return {
    minLength,
    maxLength,
    requireLowercase: requireLowercase as boolean,
    requireUppercase: requireUppercase as boolean,
    requireNumeric: requireNumeric as boolean,
    requireNonAlphanumeric: requireNonAlphanumeric as boolean,
  };
}

/** The settings record in `value`, or null when it is not one. Unknown fields are dropped. */
export function parseSettings(value: unknown): Settings | null {
  if (!isObject(value)) return null;
  const { name, companyLogo, supportEmail } = value;
  if (typeof name !== 'string' || !isNullableString(companyLogo) || !isNullableString(supportEmail))
    return null;
  const passwordPolicy = parsePasswordPolicy(value.passwordPolicy);
  if (passwordPolicy === null) return null;
  const colors = {} as Record<ColorKey, string | null>;
  for (const key of settingsColorKeys) {
    const color = value[key];
    if (color !== null && !isHexColor(color)) return null;
    colors[key] = color;
  }
  // A copy cached before these settings existed reads as their defaults rather than as no settings at all.
  const weightUnit = value.weightUnit ?? defaultWeightUnit;
  if (weightUnit !== 'lb' && weightUnit !== 'kg') return null;
  const timeZone = value.timeZone ?? defaultTimeZone;
  if (typeof timeZone !== 'string') return null;
  const weekStartsOn = value.weekStartsOn ?? defaultWeekStart;
  if (weekStartsOn !== 'monday' && weekStartsOn !== 'sunday') return null;
  const plateStep = value.plateStep ?? defaultPlateStep[weightUnit];
  if (typeof plateStep !== 'number' || !(plateStep > 0)) return null;
  const barWeight = value.barWeight ?? defaultBarWeight[weightUnit];
  if (typeof barWeight !== 'number' || !(barWeight > 0)) return null;
  const locale = value.locale ?? defaultLocale;
  if (!isOrganizationLocale(locale)) return null;
  const recordNotifications = value.recordNotifications ?? false;
  if (typeof recordNotifications !== 'boolean') return null;
  const chatAthletesToStaffOnly = value.chatAthletesToStaffOnly ?? false;
  if (typeof chatAthletesToStaffOnly !== 'boolean') return null;
  const uploadMaxVideoBytes =
    value.uploadMaxVideoBytes ?? chatAttachmentLimits.videoMegabytes.default * bytesPerMegabyte;
  const uploadMaxOtherBytes =
    value.uploadMaxOtherBytes ?? chatAttachmentLimits.otherMegabytes.default * bytesPerMegabyte;
  if (!isIntegerBetween(uploadMaxVideoBytes, 1, Number.MAX_SAFE_INTEGER)) return null;
  if (!isIntegerBetween(uploadMaxOtherBytes, 1, Number.MAX_SAFE_INTEGER)) return null;
  return {
    name,
    companyLogo,
    supportEmail,
    ...colors,
    passwordPolicy,
    weightUnit,
    timeZone,
    weekStartsOn,
    plateStep,
    barWeight,
    locale,
    recordNotifications,
    chatAthletesToStaffOnly,
    uploadMaxVideoBytes,
    uploadMaxOtherBytes,
  };
}

/** `{ data: settings }`, the body of `/api/settings` and `/api/publicSettings` (spec 7). */
export function parseSettingsResponse(body: unknown): Settings {
  const settings = isObject(body) ? parseSettings(body.data) : null;
  if (settings === null) throw new TypeError('The settings response does not have the expected shape.');
  return settings;
}
