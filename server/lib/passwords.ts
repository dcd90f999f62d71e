import { hash, verify } from '@node-rs/argon2';
import { errorCodes } from '../../contract/errors';
import type { PasswordPolicy } from '../../contract/organizations';
import { passwordPolicyProblem } from '../../contract/password-policy';
import { ApiError } from './errors';

// OWASP's argon2id baseline: m = 19 MiB, t = 2, p = 1.
const argon2Options = {
  // 2 is Algorithm.Argon2id, a const enum that verbatimModuleSyntax cannot import.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password; with no stored hash it still spends the same work on a decoy,
 * so an unknown email cannot be told apart by timing.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword('decoy password that matches nothing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/** A new password under the organisation's rules, or a 400 naming `fields.password` (spec 5). */
export function requirePolicyPassword(policy: PasswordPolicy, password: string): void {
  const problem = passwordPolicyProblem(policy, password);
  if (problem) {
    throw new ApiError(400, errorCodes.validation, 'Choose a password that meets every rule.', {
      password: problem,
    });
  }
}
