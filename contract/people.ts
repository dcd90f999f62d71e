import { z } from 'zod';
import { battingSides, personLimits, throwingArms } from './person-fields';
import { roleSchema, userListItemSchema } from './users';
import { emailAddressSchema } from './email';

export * from './person-fields';

const { heightInches, weightPounds, graduationYear } = personLimits;

const name = (what: string) =>
  z
    .string({ error: `Enter a ${what}` })
    .trim()
    .min(1, `Enter a ${what}`)
    .max(personLimits.nameMaxLength, `A ${what} has at most ${personLimits.nameMaxLength} characters`);

/** An empty text clears the field: the server stores it as null. */
const optionalText = (max: number, what: string) =>
  z.string().trim().max(max, `${what} has at most ${max} characters`).nullable().optional();

const phone = z
  .string()
  .trim()
  .max(personLimits.phoneMaxLength, `A phone number has at most ${personLimits.phoneMaxLength} characters`)
  .refine(
    (value) => value === '' || (/^[+0-9 ()./-]+$/.test(value) && value.replace(/\D/g, '').length >= 5),
    'Enter a phone number: digits, spaces, + ( ) - . only',
  )
  .nullable()
  .optional();

const wholeNumber = (what: string, { min, max }: { min: number; max: number }, unit: string) =>
  z
    .number({ error: `Enter the ${what} as a number` })
    .int(`Enter the ${what} as a whole number`)
    .min(min, `The ${what} is between ${min} and ${max}${unit}`)
    .max(max, `The ${what} is between ${min} and ${max}${unit}`)
    .nullable()
    .optional();

/** Tomorrow in UTC: somewhere on Earth it is already that day, so a birthday of "today" is never refused. */
const latestBirthDate = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // 2026-02-30 becomes March 2nd: a date that does not read back the same does not exist.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const dateOfBirth = z
  .string()
  .refine((value) => value === '' || isRealDate(value), 'Enter a real date (YYYY-MM-DD)')
  .refine((value) => value === '' || value >= '1900-01-01', 'Enter a date after 1900')
  .refine((value) => value === '' || value <= latestBirthDate(), 'The date of birth cannot be in the future')
  .nullable()
  .optional();

/** Everything about a person beyond name, email and role; every field optional, null or '' clears it. */
export const personProfileFieldsSchema = z.object({
  phone,
  position: optionalText(personLimits.positionMaxLength, 'A position'),
  bats: z.enum(battingSides, { error: 'Bats is R (right), L (left) or S (switch)' }).nullable().optional(),
  throws: z.enum(throwingArms, { error: 'Throws is R (right) or L (left)' }).nullable().optional(),
  dateOfBirth,
  heightInches: wholeNumber('height', heightInches, ' inches'),
  weightPounds: wholeNumber('weight', weightPounds, ' pounds'),
  graduationYear: wholeNumber('graduation year', graduationYear, ''),
  /** Staff notes; an athlete never sees or sends them. */
  notes: optionalText(personLimits.notesMaxLength, 'Notes'),
});
export type PersonProfileFields = z.infer<typeof personProfileFieldsSchema>;

const groupIds = z
  .array(z.uuid('Choose groups from the list'))
  .max(personLimits.groupsMax, `A person is in at most ${personLimits.groupsMax} groups`);

/** `POST /api/users`: staff add a person, who gets an invitation mail to choose a password. */
export const createPersonRequestSchema = personProfileFieldsSchema
  .extend({
    firstName: name('first name'),
    lastName: name('last name'),
    email: emailAddressSchema,
    role: roleSchema,
    /** Athlete groups to put the person in (athletes only). */
    groupIds: groupIds.optional(),
  })
  .strict()
  .meta({ id: 'CreatePersonRequest' });
export type CreatePersonRequest = z.input<typeof createPersonRequestSchema>;

/** `PATCH /api/users/{userId}`: only the fields sent change. What each caller may send: ADR 022. */
export const updatePersonRequestSchema = personProfileFieldsSchema
  .extend({
    firstName: name('first name').optional(),
    lastName: name('last name').optional(),
    email: emailAddressSchema.optional(),
    /** Replaces the person's groups (athletes only). */
    groupIds: groupIds.optional(),
  })
  .strict()
  .meta({ id: 'UpdatePersonRequest' });
export type UpdatePersonRequest = z.input<typeof updatePersonRequestSchema>;

/** A person with everything the caller may read about them: the list item and the profile. */
export const personSchema = userListItemSchema
  .extend({
    phone: z.string().nullable(),
    position: z.string().nullable(),
    bats: z.enum(battingSides).nullable(),
    throws: z.enum(throwingArms).nullable(),
    /** YYYY-MM-DD. */
    dateOfBirth: z.iso.date().nullable(),
    heightInches: z.number().int().nullable(),
    weightPounds: z.number().int().nullable(),
    graduationYear: z.number().int().nullable(),
    /** Staff notes: present for staff, absent when an athlete reads its own record. */
    notes: z.string().nullable().optional(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

export const personResponseSchema = z
  .object({ message: z.string(), user: personSchema })
  .meta({ id: 'PersonResponse' });
export type PersonResponse = z.infer<typeof personResponseSchema>;

export const changeRoleRequestSchema = z.strictObject({ role: roleSchema }).meta({ id: 'ChangeRoleRequest' });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
