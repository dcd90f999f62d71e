import type { PasswordPolicy } from './organizations';

/**
 * The organisation's password rules, checked the same way by the server (which refuses the password) and by
 * the web client (the live checklist). No zod here: the sign-in screens import it.
 */
export type PasswordRule =
  'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric';

export interface PasswordRuleCheck {
  rule: PasswordRule;
  met: boolean;
  /** What the rule asks for, e.g. 'At least 6 characters'. */
  message: string;
}

/** Characters as a person counts them (an emoji is one), not UTF-16 units. */
const lengthOf = (password: string) => [...password].length;

/** Every rule of the policy, in a fixed order, with whether the password meets it. */
export function checkPassword(policy: PasswordPolicy, password: string): PasswordRuleCheck[] {
  const length = lengthOf(password);
  const checks: PasswordRuleCheck[] = [
    {
      rule: 'minLength',
      met: length >= policy.minLength,
      message: `At least ${policy.minLength} ${policy.minLength === 1 ? 'character' : 'characters'}`,
    },
  ];
  if (policy.maxLength !== null) {
    checks.push({
      rule: 'maxLength',
      met: length <= policy.maxLength,
      message: `At most ${policy.maxLength} characters`,
    });
  }
  if (policy.requireLowercase) {
    checks.push({ rule: 'lowercase', met: /\p{Ll}/u.test(password), message: 'One lowercase letter' });
  }
  if (policy.requireUppercase) {
    checks.push({ rule: 'uppercase', met: /\p{Lu}/u.test(password), message: 'One uppercase letter' });
  }
  if (policy.requireNumeric) {
    checks.push({ rule: 'numeric', met: /\p{N}/u.test(password), message: 'One number' });
  }
  if (policy.requireNonAlphanumeric) {
    checks.push({
      rule: 'nonAlphanumeric',
      met: /[^\p{L}\p{N}]/u.test(password),
      message: 'One symbol (not a letter or number)',
    });
  }
  return checks;
}

/** Null when the password meets the policy, else one sentence naming what is missing. */
export function passwordPolicyProblem(policy: PasswordPolicy, password: string): string | null {
  const unmet = checkPassword(policy, password).filter((check) => !check.met);
  if (unmet.length === 0) return null;
  const wants = unmet.map((check) => check.message.charAt(0).toLowerCase() + check.message.slice(1));
  const last = wants.pop();
  return `The password needs ${wants.length > 0 ? `${wants.join(', ')} and ${last}` : last}.`;
}
