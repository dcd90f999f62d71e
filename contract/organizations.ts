import { z } from 'zod';
import { colorKeys, type ColorKey } from './color-keys';
import { weekStarts } from './calendar-dates';
import { weightUnits } from './training-vocabulary';
import { organizationLocales } from './locales';
import { roleSchema } from './users';

export const hexColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Use a hex colour such as #1d4ed8');

export { colorKeys, type ColorKey };

export const passwordPolicySchema = z
  .object({
    minLength: z.int().min(1).max(128),
    maxLength: z.int().min(1).max(1024).nullable(),
    requireLowercase: z.boolean(),
    requireUppercase: z.boolean(),
    requireNumeric: z.boolean(),
    requireNonAlphanumeric: z.boolean(),
  })
  .meta({ id: 'PasswordPolicy' });
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

export const defaultPasswordPolicy: PasswordPolicy = {
  minLength: 6,
  maxLength: null,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
};

const colorFields = Object.fromEntries(colorKeys.map((key) => [key, hexColorSchema.nullable()])) as Record<
  ColorKey,
  z.ZodNullable<typeof hexColorSchema>
>;

export const organizationSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    companyLogo: z.string().nullable(),
    supportEmail: z.string().nullable(),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof organizationSchema>;

/** The settings record of spec 3: the organisation's name, logo and colours, plus its password policy. */
export const settingsSchema = z
  .object({
    name: z.string(),
    companyLogo: z.string().nullable(),
    supportEmail: z.string().nullable(),
    ...colorFields,
    passwordPolicy: passwordPolicySchema,
    /** The unit loads are prescribed and shown in (issue 13). */
    weightUnit: z.enum(weightUnits),
    /** The IANA time zone whose calendar dates the schedule is on; "today" is today there (issue 14). */
    timeZone: z.string(),
    weekStartsOn: z.enum(weekStarts),
    /** What a %1RM load is rounded to (issue 15): the organisation's own, else 5 lb or 2.5 kg by its unit. */
    plateStep: z.number().positive(),
    /** The bar plates per side are counted on (issue 23): the organisation's own, else 45 lb or 20 kg by its unit. */
    barWeight: z.number().positive(),
    /** How dates and numbers are written: an English locale such as en-US or en-GB (issue 23). */
    locale: z.enum(organizationLocales),
    /** Whether an athlete's record notifies the athlete's coaches (issue 24). */
    recordNotifications: z.boolean(),
    /** Chat (issue 25): an athlete may start conversations only with admins and coaches, not other athletes. */
    chatAthletesToStaffOnly: z.boolean(),
    /** The largest video an attachment may be, in bytes (a whole number of MiB). */
    uploadMaxVideoBytes: z.int().positive(),
    /** The largest photo, PDF or voice message, in bytes (a whole number of MiB). */
    uploadMaxOtherBytes: z.int().positive(),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof settingsSchema>;

export const settingsResponseSchema = z.object({ data: settingsSchema }).meta({ id: 'SettingsResponse' });
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const customSidebarItemSchema = z
  .object({
    id: z.uuid(),
    label: z.string(),
    /** An internal path (starting with /) or an external https URL. */
    link: z.string(),
    icon: z.string().nullable(),
    roles: z.array(roleSchema),
    order: z.int(),
  })
  .meta({ id: 'CustomSidebarItem' });
export type CustomSidebarItem = z.infer<typeof customSidebarItemSchema>;

export const customSidebarItemsResponseSchema = z
  .object({ data: z.array(customSidebarItemSchema) })
  .meta({ id: 'CustomSidebarItemsResponse' });
export type CustomSidebarItemsResponse = z.infer<typeof customSidebarItemsResponseSchema>;
