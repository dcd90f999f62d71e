import type { PasswordPolicy, Settings } from '@contract';
import { passwordMaxLengthLimit, passwordMinLengthBounds } from '@contract/organization-settings-rules';
import { useState } from 'react';
import { PasswordPolicyChecklist } from '@/components/password-policy-checklist';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { describePasswordPolicy } from '../settings-form';
import { SettingsSection, useSettingsSectionForm } from './settings-section';

// Field names avoid "password": form drafts never keep a password-like field.
const draftKey = 'organisation-settings-sign-in-rules';

interface RuleValues extends Record<string, unknown> {
  minLength: string;
  maxLength: string;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireNumeric: boolean;
  requireNonAlphanumeric: boolean;
}

const flags = [
  { key: 'requireLowercase', label: 'A lowercase letter', example: 'a–z' },
  { key: 'requireUppercase', label: 'An uppercase letter', example: 'A–Z' },
  { key: 'requireNumeric', label: 'A number', example: '0–9' },
  { key: 'requireNonAlphanumeric', label: 'A symbol', example: 'such as ! ? # or a space' },
] as const;

const valuesOf = (policy: PasswordPolicy): RuleValues => ({
  minLength: String(policy.minLength),
  maxLength: policy.maxLength === null ? '' : String(policy.maxLength),
  requireLowercase: policy.requireLowercase,
  requireUppercase: policy.requireUppercase,
  requireNumeric: policy.requireNumeric,
  requireNonAlphanumeric: policy.requireNonAlphanumeric,
});

function readDraft(saved: unknown): RuleValues | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const draft = saved as Record<string, unknown>;
  if (typeof draft.minLength !== 'string' || typeof draft.maxLength !== 'string') return null;
  if (!flags.every(({ key }) => typeof draft[key] === 'boolean')) return null;
  return draft as RuleValues;
}

type Errors = Partial<Record<'minLength' | 'maxLength', string>>;

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The policy the fields describe, with what is wrong in them. */
function policyOf(values: RuleValues): { policy: PasswordPolicy | null; errors: Errors } {
  const errors: Errors = {};
  const minLength = wholeNumber(values.minLength);
  const { min, max } = passwordMinLengthBounds;
  if (!Number.isInteger(minLength) || minLength < min || minLength > max) {
    errors.minLength = `Enter a whole number from ${min} to ${max}`;
  }
  let maxLength: number | null = null;
  if (values.maxLength.trim() !== '') {
    maxLength = wholeNumber(values.maxLength);
    if (!Number.isInteger(maxLength) || maxLength > passwordMaxLengthLimit) {
      errors.maxLength = `Enter a whole number up to ${passwordMaxLengthLimit}, or leave it empty`;
    } else if (Number.isInteger(minLength) && maxLength < minLength) {
      errors.maxLength = 'The maximum cannot be below the minimum';
    }
  }
  if (Object.keys(errors).length > 0) return { policy: null, errors };
  return {
    policy: {
      minLength,
      maxLength,
      requireLowercase: values.requireLowercase,
      requireUppercase: values.requireUppercase,
      requireNumeric: values.requireNumeric,
      requireNonAlphanumeric: values.requireNonAlphanumeric,
    },
    errors,
  };
}

export function PasswordPolicySection({ settings }: { settings: Settings }) {
  const { draft, errors, setErrors, setSavedMessage, saveChanges, sectionProps } = useSettingsSectionForm(
    draftKey,
    valuesOf(settings.passwordPolicy),
    readDraft,
  );
  const [sample, setSample] = useState('');
  const { policy } = policyOf(draft.values);

  const change = (next: Partial<RuleValues>) => {
    draft.setValues({ ...draft.values, ...next });
    setSavedMessage(null);
    setErrors({});
  };

  const submit = () => {
    const checked = policyOf(draft.values);
    setErrors(checked.errors);
    if (!checked.policy) return;
    saveChanges(
      { passwordPolicy: checked.policy },
      {
        valuesOf: (data) => valuesOf(data.passwordPolicy),
        message: 'Saved. New passwords must follow these rules.',
        fieldPrefix: 'passwordPolicy.',
      },
    );
  };

  return (
    <SettingsSection
      title="Password policy"
      description="What a new password must have, at sign-up, activation and reset. Existing passwords keep working."
      onSubmit={submit}
      saveLabel="Save policy"
      {...sectionProps}
    >
      <p
        aria-live="polite"
        className="mb-4 rounded-lg bg-primary-soft px-3 py-2.5 text-sm font-medium text-foreground"
      >
        {policy ? describePasswordPolicy(policy) : 'Fix the lengths below to see the rule.'}
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Minimum length"
          name="minLength"
          inputMode="numeric"
          value={draft.values.minLength}
          error={errors.minLength}
          onChange={(event) => change({ minLength: event.target.value })}
        />
        <TextField
          label="Maximum length (optional)"
          name="maxLength"
          inputMode="numeric"
          placeholder="No maximum"
          value={draft.values.maxLength}
          error={errors.maxLength}
          onChange={(event) => change({ maxLength: event.target.value })}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-foreground">Must contain at least</legend>
        <div className="divide-y divide-border">
          {flags.map(({ key, label, example }) => (
            <Switch
              key={key}
              label={label}
              description={example}
              checked={draft.values[key]}
              onCheckedChange={(checked) => change({ [key]: checked })}
            />
          ))}
        </div>
      </fieldset>
      {policy ? (
        <div className="mt-4 rounded-xl border border-dashed border-border p-3 sm:p-4">
          <TextField
            label="Try a password against these rules"
            name="sample"
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={sample}
            onChange={(event) => setSample(event.target.value)}
          />
          <PasswordPolicyChecklist policy={policy} password={sample} />
        </div>
      ) : null}
    </SettingsSection>
  );
}
