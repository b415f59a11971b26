import type { DomainMessageId } from './messages';

export const OTP_LENGTH = 6;

/** One OTP box: the last digit typed, or nothing. */
export const otpDigit = (typed: string): string => typed.replace(/\D+/g, '').slice(-1);

/** A pasted code fills every box when it holds six digits (spaces and dashes ignored). */
export const pastedOtp = (pasted: string): string[] | null => {
  const digits = pasted.replace(/[\s-]+/g, '');
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(digits) ? digits.split('') : null;
};

export const otpViolation = (code: string): DomainMessageId | null =>
  new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code) ? null : 'otp.invalidFormat';
