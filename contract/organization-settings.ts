import { z } from 'zod';
import { colorKeys, type ColorKey } from './color-keys';
import { customSidebarItemSchema, hexColorSchema, settingsSchema } from './organizations';
import {
  barWeightLimits,
  bytesPerMegabyte,
  chatAttachmentLimits,
  organizationNameMaxLength,
  passwordMaxLengthLimit,
  passwordMinLengthBounds,
  sidebarIconNames,
  sidebarLabelMaxLength,
  sidebarLinkProblem,
} from './organization-settings-rules';
import { isTimeZone, weekStarts } from './calendar-dates';
import { weightUnits } from './training-vocabulary';
import { organizationLocales } from './locales';
import { roleSchema } from './users';

export * from './organization-settings-rules';

const organizationName = z
  .string({ error: 'Enter the organisation’s name' })
  .trim()
  .min(1, 'Enter the organisation’s name')
  .max(organizationNameMaxLength, `A name has at most ${organizationNameMaxLength} characters`);

/** An email address, or empty (or null) for none. */
const supportEmail = z
  .union([
    z.literal(''),
    z.email({ error: 'Enter a valid email address, or leave it empty' }).max(254, 'At most 254 characters'),
  ])
  .nullable()
  .transform((email) => (email ? email.toLowerCase() : null));

/** A hex colour, or null for the app's default. Stored in lower case. */
const settableColor = hexColorSchema.transform((color) => color.toLowerCase()).nullable();

const colorFields = Object.fromEntries(colorKeys.map((key) => [key, settableColor.optional()])) as Record<
  ColorKey,
  z.ZodOptional<typeof settableColor>
>;

const passwordPolicyUpdateSchema = z.strictObject({
  minLength: z
    .int('Enter a whole number')
    .min(passwordMinLengthBounds.min, `At least ${passwordMinLengthBounds.min}`)
    .max(passwordMinLengthBounds.max, `At most ${passwordMinLengthBounds.max}`),
  maxLength: z
    .int('Enter a whole number')
    .min(passwordMinLengthBounds.min, `At least ${passwordMinLengthBounds.min}`)
    .max(passwordMaxLengthLimit, `At most ${passwordMaxLengthLimit}`)
    .nullable(),
  requireLowercase: z.boolean(),
  requireUppercase: z.boolean(),
  requireNumeric: z.boolean(),
  requireNonAlphanumeric: z.boolean(),
});

/** An IANA time zone name, such as America/Chicago. */
export const timeZoneSchema = z
  .string({ error: 'Choose a time zone' })
  .trim()
  .refine(isTimeZone, 'Choose a time zone such as America/Chicago');

/** Bytes that are a whole number of megabytes between the limits, with messages in megabytes. */
function attachmentBytes(what: string, limits: { min: number; max: number }) {
  const range = `The largest ${what} is between ${limits.min} and ${limits.max} MB`;
  return z
    .int({ error: `Enter the largest ${what} in bytes, a whole number of megabytes` })
    .min(limits.min * bytesPerMegabyte, range)
    .max(limits.max * bytesPerMegabyte, range)
    .refine((bytes) => bytes % bytesPerMegabyte === 0, `The largest ${what} is a whole number of megabytes`);
}

/**
 * PUT /api/settings: any of the fields, so each section of the screen saves on its own. The password policy is
 * sent whole; its maximum must not be below its minimum.
 */
export const updateSettingsRequestSchema = z
  .strictObject({
    name: organizationName.optional(),
    supportEmail: supportEmail.optional(),
    ...colorFields,
    passwordPolicy: passwordPolicyUpdateSchema
      .refine((policy) => policy.maxLength === null || policy.maxLength >= policy.minLength, {
        message: 'The maximum cannot be below the minimum',
        path: ['maxLength'],
      })
      .optional(),
    weightUnit: z.enum(weightUnits, { error: 'Choose pounds (lb) or kilograms (kg)' }).optional(),
    timeZone: timeZoneSchema.optional(),
    locale: z
      .enum(organizationLocales, { error: 'Choose how dates are written, such as en-US or en-GB' })
      .optional(),
    weekStartsOn: z.enum(weekStarts, { error: 'Choose Monday or Sunday' }).optional(),
    /** null goes back to the unit's default (5 lb, 2.5 kg). */
    plateStep: z
      .number({ error: 'Enter a number for the plate step' })
      .min(0.25, 'The plate step is at least 0.25')
      .max(25, 'The plate step is at most 25')
      .nullable()
      .optional(),
    /** null goes back to the unit's default (45 lb, 20 kg). */
    barWeight: z
      .number({ error: 'Enter a number for the bar weight' })
      .min(barWeightLimits.min, `The bar weight is at least ${barWeightLimits.min}`)
      .max(barWeightLimits.max, `The bar weight is at most ${barWeightLimits.max}`)
      .nullable()
      .optional(),
    recordNotifications: z.boolean({ error: 'Choose on or off' }).optional(),
    chatAthletesToStaffOnly: z.boolean({ error: 'Choose on or off' }).optional(),
    uploadMaxVideoBytes: attachmentBytes('video', chatAttachmentLimits.videoMegabytes).optional(),
    uploadMaxOtherBytes: attachmentBytes('other file', chatAttachmentLimits.otherMegabytes).optional(),
  })
  .meta({ id: 'UpdateSettingsRequest' });
export type UpdateSettingsRequest = z.input<typeof updateSettingsRequestSchema>;

export const updateSettingsResponseSchema = z
  .object({ message: z.string(), data: settingsSchema })
  .meta({ id: 'UpdateSettingsResponse' });
export type UpdateSettingsResponse = z.infer<typeof updateSettingsResponseSchema>;

export const organizationIdParamSchema = z.object({ organizationId: z.uuid() });
export const logoQuerySchema = z.object({ v: z.string().max(40).optional() });

const sidebarLabel = z
  .string({ error: 'Enter a label' })
  .trim()
  .min(1, 'Enter a label')
  .max(sidebarLabelMaxLength, `A label has at most ${sidebarLabelMaxLength} characters`);
const sidebarLink = z
  .string({ error: 'Enter a link' })
  .trim()
  .max(2000, 'A link has at most 2000 characters')
  .superRefine((link, context) => {
    const problem = sidebarLinkProblem(link);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
const sidebarIcon = z.enum(sidebarIconNames, { error: 'Choose one of the icons' });
const sidebarRoles = z
  .array(roleSchema, { error: 'Choose roles from admin, coach and athlete' })
  .max(3)
  .refine((roles) => new Set(roles).size === roles.length, 'Each role once');

export const sidebarItemIdParamSchema = z.object({ itemId: z.uuid() });

export const createSidebarItemRequestSchema = z
  .strictObject({ label: sidebarLabel, link: sidebarLink, icon: sidebarIcon, roles: sidebarRoles })
  .meta({ id: 'CreateSidebarItemRequest' });
export type CreateSidebarItemRequest = z.input<typeof createSidebarItemRequestSchema>;

export const updateSidebarItemRequestSchema = z
  .strictObject({
    label: sidebarLabel.optional(),
    link: sidebarLink.optional(),
    icon: sidebarIcon.optional(),
    roles: sidebarRoles.optional(),
  })
  .meta({ id: 'UpdateSidebarItemRequest' });
export type UpdateSidebarItemRequest = z.input<typeof updateSidebarItemRequestSchema>;

export const reorderSidebarItemsRequestSchema = z
  .strictObject({
    ids: z
      .array(z.uuid())
      .max(200)
      .refine((ids) => new Set(ids).size === ids.length, 'Each item once'),
  })
  .meta({ id: 'ReorderSidebarItemsRequest' });
export type ReorderSidebarItemsRequest = z.infer<typeof reorderSidebarItemsRequestSchema>;

export const sidebarItemResponseSchema = z
  .object({ data: customSidebarItemSchema })
  .meta({ id: 'CustomSidebarItemResponse' });
export type SidebarItemResponse = z.infer<typeof sidebarItemResponseSchema>;

export const customSidebarItemsQuerySchema = z.object({
  /** `true`: every item, whoever it is for (admin only; for the settings screen). */
  all: z.enum(['true', 'false']).optional(),
});

export const sidebarItemRemovedResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'SidebarItemRemovedResponse' });
