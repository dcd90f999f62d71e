import type { PasswordPolicy } from '@contract/organizations';
import { checkPassword } from '@contract/password-policy';
import { CheckIcon } from '@/components/ui/icons';

interface PasswordPolicyChecklistProps {
  policy: PasswordPolicy;
  password: string;
  /** For the password field's aria-describedby. */
  id?: string;
}

/** The organisation's password rules under a password field, each ticked off live as the password meets it. */
export function PasswordPolicyChecklist({ policy, password, id }: PasswordPolicyChecklistProps) {
  const checks = checkPassword(policy, password);
  return (
    <ul id={id} aria-label="Password requirements" className="mb-3 flex flex-col gap-1 text-sm">
      {checks.map((check) => (
        <li
          key={check.rule}
          className={`flex items-center gap-2 ${check.met ? 'text-success' : 'text-muted-foreground'}`}
        >
          {check.met ? (
            <CheckIcon className="size-4" />
          ) : (
            <span aria-hidden="true" className="mx-1 size-2 shrink-0 rounded-full border-2 border-current" />
          )}
          <span className="sr-only">{check.met ? 'Met: ' : 'Not met: '}</span>
          {check.message}
        </li>
      ))}
    </ul>
  );
}
