import type { DomainMessageId } from './messages';
import type { RuleViolation } from './rule';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordField = 'createPassword' | 'confirmPassword';

/** Sign-up rules 3 and 4, also enforced when a forgotten password is replaced. */
export const passwordViolations = (
  createPassword: string,
  confirmPassword: string,
): RuleViolation<PasswordField>[] => {
  const violations: RuleViolation<PasswordField>[] = [];
  if (createPassword !== confirmPassword) {
    violations.push({ field: 'confirmPassword', messageId: 'password.mismatch' });
  }
  const weakness = passwordWeakness(createPassword);
  if (weakness) violations.push({ field: 'createPassword', messageId: weakness });
  return violations;
};

const passwordWeakness = (password: string): DomainMessageId | null => {
  if (password.length > PASSWORD_MAX_LENGTH) return 'password.tooLong';
  const strongEnough =
    password.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(password) && /\p{Nd}/u.test(password);
  return strongEnough ? null : 'password.weak';
};

export type PasswordStrength = 0 | 1 | 2 | 3;

/**
 * The new-password strength bar (display only): 1 for any non-empty password of 5 characters or fewer; otherwise
 * 1 point for length over 5, 1 for mixed case, 1 for a digit or symbol.
 */
export const passwordStrength = (password: string): PasswordStrength => {
  if (password === '') return 0;
  if (password.length <= 5) return 1;
  const mixedCase = /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password);
  const digitOrSymbol = /[^\p{L}\s]/u.test(password);
  return (1 + Number(mixedCase) + Number(digitOrSymbol)) as PasswordStrength;
};
