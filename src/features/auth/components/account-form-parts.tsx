import { Link } from '@tanstack/react-router';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { textLinkClass } from '@/components/ui/text-link-class';

/** A link that looks like the screen's main button (to sign in, or to ask for a new link). */
export const primaryLinkClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground shadow-sm hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** An email field as every account form has it: the browser's username for password managers, no autocorrect. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="username"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

/** The Show / Hide button inside a password field. */
export function PasswordVisibilityToggle({
  isVisible,
  onToggle,
}: {
  isVisible: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={isVisible}
      aria-label="Show password"
      className="rounded-md px-2.5 py-1.5 text-xs font-semibold text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      {isVisible ? 'Hide' : 'Show'}
    </button>
  );
}

export function BackToSignInLink() {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to="/login" className={textLinkClass}>
        Back to sign in
      </Link>
    </p>
  );
}

/** The way to registration, under the sign-in and sign-up forms. */
export function StartOrganizationPrompt({ className }: { className?: string }) {
  return (
    <p className={className}>
      Running a team?{' '}
      <Link to="/registration" className={textLinkClass}>
        Start an organisation
      </Link>
    </p>
  );
}
