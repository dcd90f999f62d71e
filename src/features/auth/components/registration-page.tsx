import {
  organizationSlugMaxLength,
  organizationSlugProblem,
  signupOrganizationParam,
  slugFromName,
} from '@contract/account-fields';
import { defaultPasswordPolicy } from '@contract/organizations';
import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import { useId, useState } from 'react';
import { PublicCard } from '@/components/layouts/public-layout';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { textLinkClass } from '@/components/ui/text-link-class';
import { loadFormDraft, saveFormDraft } from '@/lib/form-drafts/form-draft';
import { useRegisterOrganization } from '../api/register-organization';
import { isValidationError, requestErrorMessage } from '../request-error-message';
import { useAccountForm } from '../use-account-form';
import { CheckEmailCard } from './check-email-card';
import { EmailField } from './account-form-parts';
import { AlreadyHaveAnAccount, NameFields } from './new-account-form-parts';
import { NewPasswordField } from './new-password-form';

const fieldOrder = [
  'organizationName',
  'organizationSlug',
  'firstName',
  'lastName',
  'email',
  'password',
] as const;
type Field = (typeof fieldOrder)[number];

interface RegistrationDraft {
  organizationName: string;
  organizationSlug: string;
  /** Whether the person typed the address themselves (then the name no longer suggests it). */
  slugEdited: boolean;
  firstName: string;
  lastName: string;
  email: string;
}

const emptyDraft: RegistrationDraft = {
  organizationName: '',
  organizationSlug: '',
  slugEdited: false,
  firstName: '',
  lastName: '',
  email: '',
};

/** The registration form's draft: everything but the password (never written to a cookie). */
const registrationDraftKey = 'registration';
function readDraft(saved: unknown): RegistrationDraft | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const values = saved as Record<string, unknown>;
  const text = (key: keyof RegistrationDraft) => (typeof values[key] === 'string' ? values[key] : '');
  return {
    organizationName: text('organizationName'),
    organizationSlug: text('organizationSlug'),
    slugEdited: values.slugEdited === true,
    firstName: text('firstName'),
    lastName: text('lastName'),
    email: text('email'),
  };
}

function SectionHeading({ id, children }: { id: string; children: string }) {
  return (
    <h2 id={id} className="mb-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
      {children}
    </h2>
  );
}

/**
 * The organisation's address. Its line under the field says what the address makes (the invite link) until there
 * is an error to show there instead, so neither appearing moves the form.
 */
function SlugField({
  value,
  onChange,
  error,
  ref,
}: {
  value: string;
  onChange: (slug: string) => void;
  error: string | undefined;
  ref: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const noteId = `${id}-note`;
  const looksRight = value.length > 0 && organizationSlugProblem(value) === null;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-foreground">
        Address
      </label>
      <input
        ref={ref}
        id={id}
        name="organization-address"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={organizationSlugMaxLength}
        placeholder="lakeside-baseball"
        value={value}
        onChange={(event) => onChange(event.target.value.toLowerCase().replace(/\s+/g, '-'))}
        aria-invalid={error ? true : undefined}
        aria-describedby={noteId}
        className={`block min-h-11 w-full rounded-lg border bg-surface px-3 text-base text-foreground shadow-xs transition-colors placeholder:text-muted-foreground focus:outline-2 focus:-outline-offset-1 focus:outline-ring sm:text-sm ${
          error ? 'border-danger' : 'border-border'
        }`}
      />
      <p
        id={noteId}
        className={`mt-1 mb-2 min-h-10 text-sm break-all sm:min-h-5 ${error ? 'text-danger' : 'text-muted-foreground'}`}
      >
        {error ??
          (looksRight ? (
            <>
              Athletes join with{' '}
              <span className="font-medium text-foreground">
                {window.location.origin}/signup?{signupOrganizationParam}={value}
              </span>
            </>
          ) : (
            'Lower-case letters, numbers and hyphens. It names your invite link.'
          ))}
      </p>
    </div>
  );
}

export function RegistrationPage() {
  const register = useRegisterOrganization();
  const [draft, setDraft] = useState<RegistrationDraft>(
    () => loadFormDraft(registrationDraftKey, readDraft) ?? emptyDraft,
  );
  const slugHintId = useId();
  const { fieldErrors, clearErrors, refFor, passwordFieldProps, createdEmail, submit } = useAccountForm({
    fieldOrder,
    draftKey: registrationDraftKey,
    isPending: register.isPending,
    loadSchema: async () => (await import('@contract/accounts')).registrationRequestSchema,
    send: (request, handlers) => register.mutate(request, handlers),
  });

  const change = (next: Partial<RegistrationDraft>, fields: Field[]) => {
    setDraft((current) => {
      const updated = { ...current, ...next };
      saveFormDraft(registrationDraftKey, { ...updated });
      return updated;
    });
    clearErrors(...fields);
  };

  if (register.isSuccess) {
    return <CheckEmailCard message={register.data.message} email={createdEmail} />;
  }

  const slug = draft.organizationSlug;
  const showsAlert = register.isError && !isValidationError(register.error);

  return (
    <PublicCard wide>
      <h1 className="text-2xl font-bold tracking-tight text-foreground">Start your organisation</h1>
      <p className="mt-1 mb-6 text-sm text-muted-foreground">
        Set up your team on Connect Platform. You will be its administrator and can invite coaches and
        athletes once you are in.
      </p>
      <form
        noValidate
        onSubmit={(event) =>
          submit(event, {
            organizationName: draft.organizationName,
            organizationSlug: draft.organizationSlug,
            firstName: draft.firstName,
            lastName: draft.lastName,
            email: draft.email.trim(),
          })
        }
        className="flex flex-col"
      >
        {showsAlert ? (
          <Alert className="mb-4">
            {requestErrorMessage(register.error, 'Something went wrong. Please try again.')}
          </Alert>
        ) : null}
        <section aria-labelledby={`${slugHintId}-organization`}>
          <SectionHeading id={`${slugHintId}-organization`}>Your organisation</SectionHeading>
          <TextField
            ref={refFor('organizationName')}
            label="Organisation name"
            name="organization"
            autoComplete="organization"
            placeholder="e.g. Lakeside Baseball Academy"
            value={draft.organizationName}
            onChange={(event) => {
              const organizationName = event.target.value;
              change(
                draft.slugEdited
                  ? { organizationName }
                  : { organizationName, organizationSlug: slugFromName(organizationName) },
                draft.slugEdited ? ['organizationName'] : ['organizationName', 'organizationSlug'],
              );
            }}
            error={fieldErrors.organizationName}
          />
          <SlugField
            ref={refFor('organizationSlug')}
            value={slug}
            onChange={(typed) =>
              // Emptying the field hands the address back to the name's suggestion.
              change({ organizationSlug: typed, slugEdited: typed.length > 0 }, ['organizationSlug'])
            }
            error={fieldErrors.organizationSlug}
          />
        </section>
        <section aria-labelledby={`${slugHintId}-account`} className="mt-2 border-t border-border pt-5">
          <SectionHeading id={`${slugHintId}-account`}>Your account</SectionHeading>
          <NameFields
            className="grid gap-x-4 sm:grid-cols-2"
            values={draft}
            errors={fieldErrors}
            refFor={refFor}
            onChange={(field, value) => change({ [field]: value }, [field])}
          />
          <EmailField
            ref={refFor('email')}
            value={draft.email}
            onChange={(event) => change({ email: event.target.value }, ['email'])}
            error={fieldErrors.email}
          />
          {/* A new organisation starts with the default policy; its admin can tighten it later. */}
          <NewPasswordField {...passwordFieldProps} label="Password" policy={defaultPasswordPolicy} />
        </section>
        <Button
          type="submit"
          isPending={register.isPending}
          pendingLabel="Creating your organisation…"
          className="mt-2 w-full"
        >
          Create organisation
        </Button>
      </form>
      <AlreadyHaveAnAccount>
        <p>
          Joining your team as an athlete?{' '}
          <Link to="/signup" className={textLinkClass}>
            Create an athlete account
          </Link>
        </p>
      </AlreadyHaveAnAccount>
    </PublicCard>
  );
}
