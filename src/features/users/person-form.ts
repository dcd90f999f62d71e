import type { Person, Role } from '@contract';
import { battingSides, throwingArms } from '@contract/person-fields';
import { roles } from '@contract/user-fields';

/** What the person forms hold: text as typed (numbers too), so nothing typed is lost to parsing. */
export interface PersonFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  position: string;
  bats: string;
  throws: string;
  dateOfBirth: string;
  heightInches: string;
  weightPounds: string;
  graduationYear: string;
  notes: string;
  role: Role;
  groupIds: string[];
}

export type PersonTextField = Exclude<keyof PersonFormValues, 'role' | 'groupIds'>;

/** The fields each form may send; the server's rules (ADR 022) decide which list a screen uses. */
export const contactFields = ['firstName', 'lastName', 'phone'] as const satisfies readonly PersonTextField[];
export const staffContactFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
] as const satisfies readonly PersonTextField[];
export const athleteProfileFields = [
  'position',
  'bats',
  'throws',
  'dateOfBirth',
  'heightInches',
  'weightPounds',
  'graduationYear',
] as const satisfies readonly PersonTextField[];

const numberFields = new Set<PersonTextField>(['heightInches', 'weightPounds', 'graduationYear']);

export const emptyPersonForm: PersonFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  position: '',
  bats: '',
  throws: '',
  dateOfBirth: '',
  heightInches: '',
  weightPounds: '',
  graduationYear: '',
  notes: '',
  role: 'athlete',
  groupIds: [],
};

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function formValuesOf(person: Person): PersonFormValues {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: text(person.phone),
    position: text(person.position),
    bats: text(person.bats),
    throws: text(person.throws),
    dateOfBirth: text(person.dateOfBirth),
    heightInches: text(person.heightInches),
    weightPounds: text(person.weightPounds),
    graduationYear: text(person.graduationYear),
    notes: text(person.notes),
    role: person.role,
    groupIds: person.groups.map((group) => group.id),
  };
}

/** A saved draft is outside input: it is used only if it still has the form's shape. */
export function readPersonDraft(saved: unknown): PersonFormValues | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const draft = saved as Record<string, unknown>;
  const values = { ...emptyPersonForm };
  for (const key of Object.keys(emptyPersonForm) as (keyof PersonFormValues)[]) {
    const value = draft[key];
    if (value === undefined) continue;
    if (key === 'groupIds') {
      if (!Array.isArray(value) || !value.every((id) => typeof id === 'string')) return null;
      values.groupIds = value;
    } else if (key === 'role') {
      if (!(roles as readonly unknown[]).includes(value)) return null;
      values.role = value as Role;
    } else {
      if (typeof value !== 'string') return null;
      values[key] = value;
    }
  }
  return values;
}

function requestValue(field: PersonTextField, value: string): unknown {
  const trimmed = value.trim();
  if (numberFields.has(field)) return trimmed === '' ? null : Number(trimmed);
  if (field === 'bats' || field === 'throws' || field === 'dateOfBirth')
    return trimmed === '' ? null : trimmed;
  return trimmed;
}

/** The request body for these fields: numbers as numbers, empty choices as null (cleared). */
export function requestOf(
  values: PersonFormValues,
  fields: readonly PersonTextField[],
  options: { groups?: boolean } = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) body[field] = requestValue(field, values[field]);
  if (options.groups) body.groupIds = values.groupIds;
  return body;
}

/** Only the fields that differ from what is saved: a save changes nothing it did not mean to. */
export function changedFields(
  values: PersonFormValues,
  saved: PersonFormValues,
  fields: readonly PersonTextField[],
): PersonTextField[] {
  return fields.filter((field) => values[field].trim() !== saved[field].trim());
}

/** `{ field: message }` from zod issues, the first message of each field. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join('.') || 'form';
    errors[name] ??= issue.message;
  }
  return errors;
}

export const battingOptions = battingSides;
export const throwingOptions = throwingArms;
