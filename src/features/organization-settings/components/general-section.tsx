import type { Settings } from '@contract';
import { organizationNameMaxLength } from '@contract/organization-settings-rules';
import { TextField } from '@/components/ui/text-field';
import { stringDraft } from '../settings-form';
import { SettingsSection, useSettingsSectionForm } from './settings-section';

const draftKey = 'organisation-settings-general';
const fields = ['name', 'supportEmail'] as const;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function check({ name, supportEmail }: { name: string; supportEmail: string }) {
  const errors: Partial<Record<(typeof fields)[number], string>> = {};
  if (name.trim() === '') errors.name = 'Enter the organisation’s name';
  else if (name.trim().length > organizationNameMaxLength)
    errors.name = `A name has at most ${organizationNameMaxLength} characters`;
  if (supportEmail.trim() !== '' && !emailPattern.test(supportEmail.trim()))
    errors.supportEmail = 'Enter a valid email address, or leave it empty';
  return errors;
}

export function GeneralSection({ settings }: { settings: Settings }) {
  const saved = { name: settings.name, supportEmail: settings.supportEmail ?? '' };
  const { draft, errors, setErrors, setSavedMessage, saveChanges, sectionProps } = useSettingsSectionForm(
    draftKey,
    saved,
    stringDraft(fields),
  );

  const change = (field: (typeof fields)[number], value: string) => {
    draft.setValues({ ...draft.values, [field]: value });
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    setSavedMessage(null);
  };

  const submit = () => {
    const found = check(draft.values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    saveChanges(
      { name: draft.values.name.trim(), supportEmail: draft.values.supportEmail.trim() },
      {
        valuesOf: (data) => ({ name: data.name, supportEmail: data.supportEmail ?? '' }),
        message: 'Saved. The app shows the new name now.',
      },
    );
  };

  return (
    <SettingsSection
      title="General"
      description="The name shown in the app, the page title and the mails it sends, and where people can ask for help."
      onSubmit={submit}
      {...sectionProps}
    >
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Organisation name"
          name="name"
          autoComplete="organization"
          value={draft.values.name}
          error={errors.name}
          maxLength={organizationNameMaxLength + 20}
          onChange={(event) => change('name', event.target.value)}
        />
        <TextField
          label="Support email (optional)"
          name="supportEmail"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="help@your-club.com"
          value={draft.values.supportEmail}
          error={errors.supportEmail}
          onChange={(event) => change('supportEmail', event.target.value)}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        The error page tells people to write to the support email when something keeps failing.
      </p>
    </SettingsSection>
  );
}
