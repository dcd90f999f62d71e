import type { GroupSummary, Person } from '@contract';
import { battingSideLabels, formatHeight, personLimits, throwingArmLabels } from '@contract/person-fields';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import { TextField } from '@/components/ui/text-field';
import type { PersonFormValues, PersonTextField } from '../person-form';
import { battingOptions, throwingOptions } from '../person-form';
import { useFormats } from '@/lib/format/use-formats';

export type FieldErrors = Partial<Record<string, string>>;

interface FieldsProps {
  values: PersonFormValues;
  errors: FieldErrors;
  onChange: (field: PersonTextField, value: string) => void;
  /** Fields shown read-only (a coach looking at staff, say). */
  readOnly?: boolean;
}

const inputClass = (error: string | undefined) =>
  `block min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-xs transition-colors focus:outline-2 focus:-outline-offset-1 focus:outline-ring disabled:bg-muted/60 disabled:text-muted-foreground sm:text-sm ${
    error ? 'border-danger' : 'border-border'
  }`;

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return (
    <p id={id} className="mt-1 mb-2 min-h-5 text-sm text-danger">
      {error ?? ''}
    </p>
  );
}

function SelectField({
  label,
  value,
  error,
  onChange,
  options,
  disabled,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  disabled?: boolean | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-foreground">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClass(error)} appearance-none pr-9`}
        >
          <option value="">Not set</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

function Section({
  title,
  description,
  children,
  gridClassName = 'sm:grid-cols-2',
}: {
  title: string;
  description?: string;
  children: ReactNode;
  gridClassName?: string;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-foreground">{title}</legend>
      {description ? <p className="mt-0.5 text-sm text-muted-foreground">{description}</p> : null}
      <div className={`mt-4 grid gap-x-4 ${gridClassName}`}>{children}</div>
    </fieldset>
  );
}

/** The shared props of a text field bound to one form value. */
function textFieldProps({ values, errors, onChange, readOnly }: FieldsProps) {
  return (field: PersonTextField) => ({
    value: values[field],
    error: errors[field],
    readOnly,
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
}

/** The whole-number fields of the athlete profile, with their bounds. */
const numberFields = [
  { field: 'heightInches', label: 'Height (inches)', limits: personLimits.heightInches },
  { field: 'weightPounds', label: 'Weight (pounds)', limits: personLimits.weightPounds },
  { field: 'graduationYear', label: 'Graduation year', limits: personLimits.graduationYear },
] as const satisfies readonly {
  field: PersonTextField;
  label: string;
  limits: { min: number; max: number };
}[];

/** Name, email and phone. `email: false` leaves the address out (it is shown elsewhere, read-only). */
export function ContactFields({
  values,
  errors,
  onChange,
  readOnly,
  email = true,
  title = 'Contact',
}: FieldsProps & { email?: boolean; title?: string }) {
  const text = textFieldProps({ values, errors, onChange, readOnly });
  return (
    <Section title={title}>
      <TextField
        label="First name"
        autoComplete="given-name"
        maxLength={personLimits.nameMaxLength}
        {...text('firstName')}
      />
      <TextField
        label="Last name"
        autoComplete="family-name"
        maxLength={personLimits.nameMaxLength}
        {...text('lastName')}
      />
      {email ? <TextField label="Email" type="email" autoComplete="email" {...text('email')} /> : null}
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={personLimits.phoneMaxLength}
        {...text('phone')}
      />
    </Section>
  );
}

/** Position, bats and throws, date of birth, height, weight, graduation year. */
export function AthleteProfileFields({ values, errors, onChange, readOnly }: FieldsProps) {
  const text = textFieldProps({ values, errors, onChange, readOnly });
  return (
    <Section
      title="Athlete profile"
      description="What coaches plan around. Every field is optional."
      gridClassName="grid-cols-2"
    >
      <TextField
        label="Position"
        className="col-span-2 sm:col-span-1"
        placeholder="e.g. Pitcher, Shortstop"
        maxLength={personLimits.positionMaxLength}
        {...text('position')}
      />
      <TextField
        label="Date of birth"
        className="col-span-2 sm:col-span-1"
        type="date"
        max={new Date().toISOString().slice(0, 10)}
        {...text('dateOfBirth')}
      />
      <SelectField
        label="Bats"
        value={values.bats}
        error={errors.bats}
        disabled={readOnly}
        onChange={(value) => onChange('bats', value)}
        options={battingOptions.map((side) => ({ value: side, label: battingSideLabels[side] }))}
      />
      <SelectField
        label="Throws"
        value={values.throws}
        error={errors.throws}
        disabled={readOnly}
        onChange={(value) => onChange('throws', value)}
        options={throwingOptions.map((arm) => ({ value: arm, label: throwingArmLabels[arm] }))}
      />
      {numberFields.map(({ field, label, limits }) => (
        <TextField
          key={field}
          label={label}
          type="number"
          inputMode="numeric"
          min={limits.min}
          max={limits.max}
          {...text(field)}
        />
      ))}
    </Section>
  );
}

export function NotesField({ values, errors, onChange, readOnly }: FieldsProps) {
  const id = useId();
  const error = errors.notes;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-foreground">
        Staff notes
      </label>
      <p id={`${id}-hint`} className="mb-1.5 text-sm text-muted-foreground">
        Only coaches and administrators see these.
      </p>
      <textarea
        id={id}
        rows={3}
        value={values.notes}
        readOnly={readOnly}
        maxLength={personLimits.notesMaxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange('notes', event.target.value)}
        className={`${inputClass(error)} py-2`}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** Athlete groups as a row of check chips. */
export function GroupsField({
  groups,
  selected,
  error,
  onChange,
  readOnly,
}: {
  groups: readonly GroupSummary[];
  selected: readonly string[];
  error: string | undefined;
  onChange: (groupIds: string[]) => void;
  readOnly?: boolean | undefined;
}) {
  const id = useId();
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-base font-semibold text-foreground">Groups</legend>
      {groups.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">
          {/* Read-only is the athlete's own view: its groups, not the organisation's. */}
          {readOnly ? 'Not in a group yet.' : 'Your organisation has no athlete groups yet.'}
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {groups.map((group) => {
            const checked = selected.includes(group.id);
            return (
              <label
                key={group.id}
                className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring ${
                  checked
                    ? 'border-primary/50 bg-primary-soft text-primary-ink'
                    : 'border-border bg-surface text-foreground hover:bg-muted'
                } ${readOnly ? 'pointer-events-none opacity-70' : ''}`}
              >
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={checked}
                  disabled={readOnly}
                  onChange={() =>
                    onChange(
                      checked ? selected.filter((groupId) => groupId !== group.id) : [...selected, group.id],
                    )
                  }
                />
                {group.name}
              </label>
            );
          })}
        </div>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/**
 * An athlete's groups, profile and staff notes. `notes: null` leaves the notes out (the viewer may not
 * see them); every part is editable unless told otherwise.
 */
export function AthleteFields({
  form: { values, errors, setField, setGroups },
  groups,
  groupsReadOnly,
  profileReadOnly,
  notes = {},
}: {
  form: Pick<FieldsProps, 'values' | 'errors'> & {
    setField: FieldsProps['onChange'];
    setGroups: (groupIds: string[]) => void;
  };
  groups: readonly GroupSummary[];
  groupsReadOnly?: boolean;
  profileReadOnly?: boolean;
  notes?: { readOnly?: boolean } | null;
}) {
  return (
    <>
      <GroupsField
        groups={groups}
        selected={values.groupIds}
        error={errors.groupIds}
        onChange={setGroups}
        readOnly={groupsReadOnly}
      />
      <AthleteProfileFields values={values} errors={errors} onChange={setField} readOnly={profileReadOnly} />
      {notes ? (
        <NotesField values={values} errors={errors} onChange={setField} readOnly={notes.readOnly} />
      ) : null}
    </>
  );
}

/** The athlete profile as read-only lines, for the athlete's own profile screen. */
export function AthleteProfileSummary({ person }: { person: Person }) {
  const formats = useFormats();
  const rows: [string, string | null][] = [
    ['Position', person.position],
    ['Bats', person.bats ? battingSideLabels[person.bats] : null],
    ['Throws', person.throws ? throwingArmLabels[person.throws] : null],
    [
      'Height',
      person.heightInches === null
        ? null
        : `${formatHeight(person.heightInches)} (${person.heightInches} in)`,
    ],
    ['Weight', person.weightPounds === null ? null : `${person.weightPounds} lb`],
    ['Date of birth', person.dateOfBirth ? formats.day(person.dateOfBirth, 'date') : null],
    ['Graduation year', person.graduationYear === null ? null : String(person.graduationYear)],
    ['Groups', person.groups.length > 0 ? person.groups.map((group) => group.name).join(', ') : null],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</dt>
          <dd className={`mt-0.5 text-sm ${value ? 'text-foreground' : 'text-muted-foreground'}`}>
            {value ?? 'Not set'}
          </dd>
        </div>
      ))}
    </dl>
  );
}
