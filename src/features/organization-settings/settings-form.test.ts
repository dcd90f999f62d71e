import { defaultPasswordPolicy } from '@contract';
import { describePasswordPolicy, shownColor, sixDigitHex } from './settings-form';

describe('describePasswordPolicy', () => {
  it('says the rule in one sentence', () => {
    expect(describePasswordPolicy(defaultPasswordPolicy)).toBe('Passwords need at least 6 characters.');
    expect(describePasswordPolicy({ ...defaultPasswordPolicy, minLength: 8, maxLength: 8 })).toBe(
      'Passwords need exactly 8 characters.',
    );
    expect(
      describePasswordPolicy({
        minLength: 10,
        maxLength: 64,
        requireLowercase: true,
        requireUppercase: true,
        requireNumeric: false,
        requireNonAlphanumeric: true,
      }),
    ).toBe(
      'Passwords need 10 to 64 characters, with at least a lowercase letter, an uppercase letter and a symbol.',
    );
  });
});

describe('colours', () => {
  it('shows the default for an empty or unfinished field', () => {
    expect(shownColor('primaryColor', '')).toBe('#2563eb');
    expect(shownColor('liftColor', '#12')).toBe('#9ca3af');
    expect(shownColor('liftColor', '#abc')).toBe('#abc');
  });

  it('gives the colour picker six digits', () => {
    expect(sixDigitHex('#AbC')).toBe('#aabbcc');
    expect(sixDigitHex('#1D4ED8')).toBe('#1d4ed8');
  });
});
