import { z } from 'zod';
import {
  adminStates,
  hostNamePattern,
  maxHostsPerOrganization,
  reservedSlugs,
  slugLength,
  slugPattern,
} from './management-fields';
import { hexColorSchema } from './organizations';
import { loginRequestSchema } from './auth';
import { emailAddressSchema } from './email';

export * from './management-fields';

/** The operator signs in with what an organisation's sign-in takes. */
export const managementLoginRequestSchema = loginRequestSchema.meta({ id: 'ManagementLoginRequest' });
export type ManagementLoginRequest = z.infer<typeof managementLoginRequestSchema>;

export const platformAdminSchema = z
  .object({ id: z.uuid(), email: z.email(), name: z.string() })
  .meta({ id: 'PlatformAdmin' });
export type PlatformAdmin = z.infer<typeof platformAdminSchema>;

export const managementLoginResponseSchema = z
  .object({ token: z.string(), expiresAt: z.iso.datetime(), admin: platformAdminSchema })
  .meta({ id: 'ManagementLoginResponse' });
export type ManagementLoginResponse = z.infer<typeof managementLoginResponseSchema>;

export const managementMeResponseSchema = z
  .object({ admin: platformAdminSchema })
  .meta({ id: 'ManagementMeResponse' });
export type ManagementMeResponse = z.infer<typeof managementMeResponseSchema>;

export const adminStateSchema = z.enum(adminStates);

/** What the management host knows of an organisation: its record and hosts, never its people. */
export const managedOrganizationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    slug: z.string(),
    hosts: z.array(z.string()),
    primaryColor: z.string().nullable(),
    secondaryColor: z.string().nullable(),
    accentColor: z.string().nullable(),
    /** How many accounts it has, as a number only. */
    userCount: z.int(),
    adminState: adminStateSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ManagedOrganization' });
export type ManagedOrganization = z.infer<typeof managedOrganizationSchema>;

export const managedOrganizationListSchema = z
  .object({ data: z.array(managedOrganizationSchema) })
  .meta({ id: 'ManagedOrganizationList' });
export type ManagedOrganizationList = z.infer<typeof managedOrganizationListSchema>;

export const managedOrganizationResponseSchema = z
  .object({ data: managedOrganizationSchema })
  .meta({ id: 'ManagedOrganizationResponse' });
export type ManagedOrganizationResponse = z.infer<typeof managedOrganizationResponseSchema>;

const organizationNameSchema = z
  .string({ error: 'Enter the organisation name' })
  .trim()
  .min(2, 'Enter the organisation name (at least 2 characters)')
  .max(100, 'An organisation name has at most 100 characters');

export const slugSchema = z
  .string({ error: 'Enter a slug' })
  .trim()
  .toLowerCase()
  .min(slugLength.min, `A slug has at least ${slugLength.min} characters`)
  .max(slugLength.max, `A slug has at most ${slugLength.max} characters`)
  .regex(slugPattern, 'Use lower-case letters, digits and single hyphens inside (harbor-hawks)')
  .refine((slug) => !reservedSlugs.includes(slug), 'This slug is reserved for the platform');

export const hostNameSchema = z
  .string({ error: 'Enter a host name' })
  .trim()
  .toLowerCase()
  .regex(hostNamePattern, 'Enter a host name such as team.example.com, without http:// or a port');

const hostListSchema = z
  .array(hostNameSchema)
  .max(maxHostsPerOrganization, `At most ${maxHostsPerOrganization} hosts`)
  .superRefine((hosts, ctx) => {
    hosts.forEach((host, index) => {
      if (hosts.indexOf(host) !== index) {
        ctx.addIssue({ code: 'custom', path: [index], message: 'This host is listed twice' });
      }
    });
  });

const brandColorSchema = hexColorSchema.nullable().optional();

export const createOrganizationRequestSchema = z
  .object({
    name: organizationNameSchema,
    slug: slugSchema,
    hosts: hostListSchema.default([]),
    primaryColor: brandColorSchema,
    secondaryColor: brandColorSchema,
    accentColor: brandColorSchema,
  })
  .strict()
  .meta({ id: 'CreateOrganizationRequest' });
export type CreateOrganizationRequest = z.input<typeof createOrganizationRequestSchema>;

/** The slug is fixed once made: it names `<slug>.localhost` and links already sent. */
export const updateOrganizationRequestSchema = z
  .object({
    name: organizationNameSchema.optional(),
    hosts: hostListSchema.optional(),
    primaryColor: brandColorSchema,
    secondaryColor: brandColorSchema,
    accentColor: brandColorSchema,
  })
  .strict()
  .meta({ id: 'UpdateOrganizationRequest' });
export type UpdateOrganizationRequest = z.input<typeof updateOrganizationRequestSchema>;

const personNameSchema = (what: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .max(100, `A ${what} has at most 100 characters`);

export const inviteFirstAdminRequestSchema = z
  .object({
    firstName: personNameSchema('first name'),
    lastName: personNameSchema('last name'),
    email: emailAddressSchema,
  })
  .strict()
  .meta({ id: 'InviteFirstAdminRequest' });
export type InviteFirstAdminRequest = z.infer<typeof inviteFirstAdminRequestSchema>;

export const inviteFirstAdminResponseSchema = z
  .object({
    message: z.string(),
    /** Where the invitation went; the screen repeats it back. */
    email: z.email(),
    data: managedOrganizationSchema,
  })
  .meta({ id: 'InviteFirstAdminResponse' });
export type InviteFirstAdminResponse = z.infer<typeof inviteFirstAdminResponseSchema>;

export const managementLogoutResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'ManagementLogoutResponse' });
