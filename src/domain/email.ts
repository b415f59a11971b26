import type { DomainMessageId } from './messages';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const EMAIL_MAX_LENGTH = 254;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Rule 7 of sign-up (and every email field): required, then e-mail-typed. */
export const emailViolation = (email: string): DomainMessageId | null => {
  const trimmed = email.trim();
  if (trimmed === '') return 'email.required';
  if (trimmed.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(trimmed)) return 'email.invalid';
  return null;
};

/** "kwame@example.com" -> "k****@example.com", for "we sent a code to ..." */
export const maskEmail = (email: string): string => {
  const [local = '', domain = ''] = normalizeEmail(email).split('@');
  const visible = local.slice(0, 1);
  return `${visible}${'*'.repeat(Math.max(local.length - 1, 1))}@${domain}`;
};
