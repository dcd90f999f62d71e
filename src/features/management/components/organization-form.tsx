import { hostNamePattern, slugLength } from '@contract/management-fields';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { BrandSwatches } from './admin-state-badge';

export const brandColorKeys = ['primaryColor', 'secondaryColor', 'accentColor'] as const;
type BrandColorKey = (typeof brandColorKeys)[number];

const colorLabels: Record<BrandColorKey, string> = {
  primaryColor: 'Primary colour',
  secondaryColor: 'Secondary colour',
  accentColor: 'Accent colour',
};

export interface OrganizationFormValues {
  name: string;
  slug: string;
  hosts: string[];
  primaryColor: string;
  secondaryColor: string;
  accentColor: string;
}

export const newOrganizationValues: OrganizationFormValues = {
  name: '',
  slug: '',
  hosts: [],
  primaryColor: '#1d4ed8',
  secondaryColor: '#0f172a',
  accentColor: '#f59e0b',
};

interface OrganizationFormProps {
  initial: OrganizationFormValues;
  /** A new organisation chooses its slug; afterwards it is fixed. */
  slugEditable: boolean;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** The server's refusal: its message and `fields`. */
  failure: { message: string; fields: Readonly<Record<string, string>> } | null;
  onSubmit: (values: OrganizationFormValues) => void;
  onChange?: () => void;
}

/** Turns a name into a slug suggestion: "Harbor Hawks" → harbor-hawks. */
export function slugFrom(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, slugLength.max);
}

const hostsFrom = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((host) => host.trim())
    .filter(Boolean);

/** Name, slug, hosts and the three brand colours of an organisation; the server is the judge of each. */
export function OrganizationForm({
  initial,
  slugEditable,
  submitLabel,
  pendingLabel,
  isPending,
  failure,
  onSubmit,
  onChange,
}: OrganizationFormProps) {
  const [values, setValues] = useState(initial);
  const [hostText, setHostText] = useState(initial.hosts.join('\n'));
  const [slugTouched, setSlugTouched] = useState(!slugEditable);
  const hostsId = useId();
  const fields = failure?.fields ?? {};
  const hosts = hostsFrom(hostText);
  const hostProblems = Object.entries(fields)
    .filter(([key]) => key === 'hosts' || key.startsWith('hosts.'))
    .map(([key, message]) => {
      const index = Number(key.split('.')[1]);
      return Number.isInteger(index) && hosts[index] ? `${hosts[index]}: ${message}` : message;
    });
  const hostHints = hosts.filter((host) => !hostNamePattern.test(host.toLowerCase()));

  const change = (patch: Partial<OrganizationFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    onChange?.();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isPending) onSubmit({ ...values, hosts });
  };

  const showsAlert = failure !== null && Object.keys(fields).length === 0;

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col">
      {showsAlert ? <Alert className="mb-4">{failure.message}</Alert> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Name"
          value={values.name}
          autoComplete="off"
          onChange={(event) => {
            const name = event.target.value;
            change(slugTouched ? { name } : { name, slug: slugFrom(name) });
          }}
          error={fields.name}
        />
        {slugEditable ? (
          <TextField
            label="Slug"
            value={values.slug}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              setSlugTouched(true);
              change({ slug: event.target.value });
            }}
            error={fields.slug}
            className="[&_input]:font-mono"
          />
        ) : (
          <div>
            <p className="mb-1.5 block text-sm font-medium text-foreground">Slug</p>
            <p className="flex min-h-11 items-center rounded-lg border border-dashed border-border px-3 font-mono text-sm text-muted-foreground">
              {values.slug}
            </p>
            <p className="mt-1 mb-2 min-h-5 text-xs text-muted-foreground">Fixed once created.</p>
          </div>
        )}
      </div>

      <label htmlFor={hostsId} className="mb-1.5 block text-sm font-medium text-foreground">
        Hosts
      </label>
      <textarea
        id={hostsId}
        rows={3}
        value={hostText}
        spellCheck={false}
        autoCapitalize="none"
        placeholder={'team.example.com\nteam.localhost'}
        aria-describedby={`${hostsId}-help`}
        aria-invalid={hostProblems.length > 0 ? true : undefined}
        onChange={(event) => {
          setHostText(event.target.value);
          onChange?.();
        }}
        className={`block w-full rounded-lg border bg-surface px-3 py-2 font-mono text-base text-foreground shadow-xs placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${
          hostProblems.length > 0 ? 'border-danger' : 'border-border'
        }`}
      />
      <div id={`${hostsId}-help`} className="mt-1 mb-3 min-h-5 text-sm">
        {hostProblems.length > 0 ? (
          <ul className="text-danger">
            {hostProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : hostHints.length > 0 ? (
          <p className="text-warning-foreground">
            Not a host name: {hostHints.join(', ')} (no http:// and no port)
          </p>
        ) : (
          <p className="text-muted-foreground">
            One per line, without http:// or a port: the organisation&rsquo;s sign-in screens answer on each.
            {hosts.length === 0 ? (
              <>
                {' '}
                In development <span className="font-mono">{values.slug || 'slug'}.localhost</span> works
                without one.
              </>
            ) : null}
          </p>
        )}
      </div>

      <fieldset className="mb-2">
        <legend className="mb-2 flex items-center gap-2 text-sm font-medium text-foreground">
          Brand colours
          <BrandSwatches colors={brandColorKeys.map((key) => values[key])} />
        </legend>
        <div className="grid gap-x-4 sm:grid-cols-3">
          {brandColorKeys.map((key) => (
            <ColorField
              key={key}
              label={colorLabels[key]}
              value={values[key]}
              error={fields[key]}
              onChange={(color) => change({ [key]: color })}
            />
          ))}
        </div>
      </fieldset>

      <div className="flex justify-end border-t border-border pt-4">
        <Button type="submit" isPending={isPending} pendingLabel={pendingLabel} className="w-full sm:w-auto">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

const sixDigitHex = /^#[0-9a-f]{6}$/i;

function ColorField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (color: string) => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        type="color"
        aria-label={`${label} picker`}
        value={sixDigitHex.test(value) ? value.toLowerCase() : '#000000'}
        onChange={(event) => onChange(event.target.value)}
        className="mt-7 size-11 shrink-0 cursor-pointer rounded-lg border border-border bg-surface p-1"
      />
      <TextField
        label={label}
        value={value}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value.trim())}
        error={error}
        className="min-w-0 flex-1 [&_input]:font-mono"
      />
    </div>
  );
}
