import { Link } from '@tanstack/react-router';
import type { ReactNode, Ref } from 'react';
import { TextField } from '@/components/ui/text-field';
import { textLinkClass } from '@/components/ui/text-link-class';

/* The parts only the forms that create an account use; the sign-in screen's parts are in account-form-parts. */

type NameField = 'firstName' | 'lastName';

/** First and last name of a new account, side by side where `className` (a grid) makes room. */
export function NameFields({
  className,
  values,
  errors,
  refFor,
  onChange,
}: {
  className: string;
  values: Record<NameField, string>;
  errors: Partial<Record<NameField, string | undefined>>;
  refFor: (field: NameField) => Ref<HTMLInputElement>;
  onChange: (field: NameField, value: string) => void;
}) {
  return (
    <div className={className}>
      <TextField
        ref={refFor('firstName')}
        label="First name"
        name="given-name"
        autoComplete="given-name"
        value={values.firstName}
        onChange={(event) => onChange('firstName', event.target.value)}
        error={errors.firstName}
      />
      <TextField
        ref={refFor('lastName')}
        label="Last name"
        name="family-name"
        autoComplete="family-name"
        value={values.lastName}
        onChange={(event) => onChange('lastName', event.target.value)}
        error={errors.lastName}
      />
    </div>
  );
}

/** Under a form that creates an account: signing in instead, then `children` (the other way to start). */
export function AlreadyHaveAnAccount({ children }: { children: ReactNode }) {
  return (
    <div className="mt-5 flex flex-col items-center gap-2 text-center text-sm text-muted-foreground">
      <p>
        Already have an account?{' '}
        <Link to="/login" className={textLinkClass}>
          Sign in
        </Link>
      </p>
      {children}
    </div>
  );
}
