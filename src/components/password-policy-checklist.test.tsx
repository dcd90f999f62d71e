import { defaultPasswordPolicy } from '@contract';
import { render, screen, within } from '@testing-library/react';
import { PasswordPolicyChecklist } from './password-policy-checklist';

const itemsOf = () =>
  within(screen.getByRole('list', { name: 'Password requirements' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('password policy checklist', () => {
  it('lists only the minimum length under the default policy', () => {
    render(<PasswordPolicyChecklist policy={defaultPasswordPolicy} password="abc" />);
    expect(itemsOf()).toEqual(['Not met: At least 6 characters']);
  });

  it('lists every rule of a strict policy and marks the met ones', () => {
    render(
      <PasswordPolicyChecklist
        policy={{
          minLength: 8,
          maxLength: 12,
          requireLowercase: true,
          requireUppercase: true,
          requireNumeric: true,
          requireNonAlphanumeric: true,
        }}
        password="abcdefgh!"
      />,
    );
    expect(itemsOf()).toEqual([
      'Met: At least 8 characters',
      'Met: At most 12 characters',
      'Met: One lowercase letter',
      'Not met: One uppercase letter',
      'Not met: One number',
      'Met: One symbol (not a letter or number)',
    ]);
  });
});
