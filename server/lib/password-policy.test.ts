import { describe, expect, it } from 'vitest';
import { defaultPasswordPolicy, type PasswordPolicy } from '../../contract/organizations';
import { checkPassword, passwordPolicyProblem } from '../../contract/password-policy';

const strict: PasswordPolicy = {
  minLength: 10,
  maxLength: 20,
  requireLowercase: true,
  requireUppercase: true,
  requireNumeric: true,
  requireNonAlphanumeric: true,
};

describe('password policy', () => {
  it('asks only for 6 characters by default', () => {
    expect(checkPassword(defaultPasswordPolicy, 'abc')).toEqual([
      { rule: 'minLength', met: false, message: 'At least 6 characters' },
    ]);
    expect(passwordPolicyProblem(defaultPasswordPolicy, 'abcdef')).toBeNull();
  });

  it('lists every rule of a strict policy with what is met', () => {
    expect(checkPassword(strict, 'abcDEF').map(({ message, met }) => [message, met])).toEqual([
      ['At least 10 characters', false],
      ['At most 20 characters', true],
      ['One lowercase letter', true],
      ['One uppercase letter', true],
      ['One number', false],
      ['One symbol (not a letter or number)', false],
    ]);
    expect(passwordPolicyProblem(strict, 'abcDEF')).toBe(
      'The password needs at least 10 characters, one number and one symbol (not a letter or number).',
    );
    expect(passwordPolicyProblem(strict, 'Spring-2026-ok')).toBeNull();
  });

  it('refuses a password over the maximum', () => {
    expect(passwordPolicyProblem(strict, 'Aa1!'.repeat(6))).toBe('The password needs at most 20 characters.');
  });

  it('counts an emoji as one character', () => {
    expect(passwordPolicyProblem(defaultPasswordPolicy, '⚾⚾⚾⚾⚾⚾')).toBeNull();
    expect(passwordPolicyProblem(defaultPasswordPolicy, '😀😀😀')).not.toBeNull();
  });
});
