import type { PasswordPolicy } from '@contract/organizations';
import { passwordPolicyProblem } from '@contract/password-policy';
import type { FormEvent, Ref } from 'react';
import { useRef, useState } from 'react';
import { PasswordPolicyChecklist } from '@/components/password-policy-checklist';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isValidationError, requestErrorMessage } from '../request-error-message';
import { PasswordVisibilityToggle } from './account-form-parts';

interface NewPasswordFieldProps {
  ref?: Ref<HTMLInputElement>;
  label: string;
  value: string;
  onChange: (password: string) => void;
  error: string | undefined;
  /** Given when another field shows or hides with this one; else the field keeps it itself. */
  isVisible?: boolean;
  onToggleVisible?: () => void;
  /** The rules the checklist under the field ticks off. */
  policy: PasswordPolicy;
}

/** A field for a password being chosen: Show / Hide, and the policy's checklist under it. */
export function NewPasswordField({
  ref,
  label,
  value,
  onChange,
  error,
  isVisible,
  onToggleVisible,
  policy,
}: NewPasswordFieldProps) {
  const [isVisibleHere, setVisibleHere] = useState(false);
  const shown = isVisible ?? isVisibleHere;
  return (
    <>
      <TextField
        ref={ref}
        label={label}
        type={shown ? 'text' : 'password'}
        name="new-password"
        autoComplete="new-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        trailing={
          <PasswordVisibilityToggle
            isVisible={shown}
            onToggle={onToggleVisible ?? (() => setVisibleHere((visible) => !visible))}
          />
        }
      />
      <PasswordPolicyChecklist policy={policy} password={value} />
    </>
  );
}

interface FieldErrors {
  password?: string | undefined;
  confirmation?: string | undefined;
}

export interface NewPasswordFormProps {
  policy: PasswordPolicy;
  passwordLabel: string;
  confirmationLabel: string;
  /** Shown under the password field when it is submitted empty. */
  emptyPasswordMessage: string;
  /** Shown under the confirmation when it differs from the password. */
  mismatchMessage: string;
  submitLabel: string;
  pendingLabel: string;
  isPending: boolean;
  /** The account the password is for, given to password managers as its username. */
  username?: string | undefined;
  /** The last request's failure (null if none): a refused password shows at its field, anything else above. */
  error: unknown;
  /**
   * Called with a password that meets the policy and matches its confirmation; the request calls `onError` when
   * it fails, so that the server's `fields.password` shows under the password field, focused.
   */
  onSubmit: (password: string, onError: (error: unknown) => void) => void;
}

/** Choosing a password: the password and its confirmation, checked here before `onSubmit` sends it. */
export function NewPasswordForm({
  policy,
  passwordLabel,
  confirmationLabel,
  emptyPasswordMessage,
  mismatchMessage,
  submitLabel,
  pendingLabel,
  isPending,
  username,
  error,
  onSubmit,
}: NewPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  const showErrors = (errors: FieldErrors) => {
    setFieldErrors(errors);
    if (errors.password) passwordRef.current?.focus();
    else if (errors.confirmation) confirmationRef.current?.focus();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    const errors: FieldErrors = {
      password: password ? (passwordPolicyProblem(policy, password) ?? undefined) : emptyPasswordMessage,
      confirmation: confirmation === password ? undefined : mismatchMessage,
    };
    if (errors.password || errors.confirmation) {
      showErrors(errors);
      return;
    }
    setFieldErrors({});
    onSubmit(password, (failure) => {
      if (isValidationError(failure)) showErrors({ password: failure.fields.password ?? failure.message });
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col">
      {error != null && !isValidationError(error) ? (
        <Alert className="mb-4">
          {requestErrorMessage(error, 'Something went wrong while saving your password. Please try again.')}
        </Alert>
      ) : null}
      {username === undefined ? null : (
        // For password managers: the account the new password belongs to.
        <input type="hidden" name="username" autoComplete="username" value={username} />
      )}
      <NewPasswordField
        ref={passwordRef}
        label={passwordLabel}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setFieldErrors((current) => ({ ...current, password: undefined }));
        }}
        error={fieldErrors.password}
        isVisible={isPasswordVisible}
        onToggleVisible={() => setPasswordVisible((visible) => !visible)}
        policy={policy}
      />
      <TextField
        ref={confirmationRef}
        label={confirmationLabel}
        type={isPasswordVisible ? 'text' : 'password'}
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => {
          setConfirmation(event.target.value);
          setFieldErrors((current) => ({ ...current, confirmation: undefined }));
        }}
        error={fieldErrors.confirmation}
      />
      <Button type="submit" isPending={isPending} pendingLabel={pendingLabel} className="mt-1 w-full">
        {submitLabel}
      </Button>
    </form>
  );
}
