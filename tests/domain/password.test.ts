import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordStrength, passwordViolations, PASSWORD_MAX_LENGTH } from '../../src/domain/password';
import { proves } from '../support/requirements';

describe('password rules', () => {
  it('needs at least 8 characters with a letter and a digit', () => {
    expect(passwordViolations('abcdefg1', 'abcdefg1')).toEqual([]);
    expect(passwordViolations('abcdefgh', 'abcdefgh')).toEqual([
      { field: 'createPassword', messageId: 'password.weak' },
    ]);
    expect(passwordViolations('12345678', '12345678')).toEqual([
      { field: 'createPassword', messageId: 'password.weak' },
    ]);
    expect(passwordViolations('abc1', 'abc1')).toEqual([
      { field: 'createPassword', messageId: 'password.weak' },
    ]);
  });

  it('reports a mismatch before weakness', () => {
    expect(passwordViolations('abc', 'abd')).toEqual([
      { field: 'confirmPassword', messageId: 'password.mismatch' },
      { field: 'createPassword', messageId: 'password.weak' },
    ]);
  });

  it('refuses passwords longer than the maximum', () => {
    const long = 'a1'.repeat(PASSWORD_MAX_LENGTH);
    expect(passwordViolations(long, long)).toEqual([
      { field: 'createPassword', messageId: 'password.tooLong' },
    ]);
  });
});

describe(proves('S5.passwordStrength.1', 'password strength bar'), () => {
  it('scores 1 for any non-empty password of 5 characters or fewer', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 5 }), (password) => passwordStrength(password) === 1),
    );
  });

  it('adds a point for mixed case and one for a digit or symbol above 5 characters', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abcdef')).toBe(1);
    expect(passwordStrength('abcDef')).toBe(2);
    expect(passwordStrength('abcdef1')).toBe(2);
    expect(passwordStrength('abcdef!')).toBe(2);
    expect(passwordStrength('abcDef1')).toBe(3);
  });

  it('is always between 1 and 3 for a non-empty password', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (password) => {
        const score = passwordStrength(password);
        return score >= 1 && score <= 3;
      }),
    );
  });
});
