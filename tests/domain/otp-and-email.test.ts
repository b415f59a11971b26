import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emailViolation, maskEmail } from '../../src/domain/email';
import { otpDigit, otpViolation, pastedOtp } from '../../src/domain/otp';
import { limitPhoneInput } from '../../src/domain/phone';

describe('OTP boxes', () => {
  it('keep only the last digit typed', () => {
    expect(otpDigit('a')).toBe('');
    expect(otpDigit('7')).toBe('7');
    expect(otpDigit('47')).toBe('7');
  });

  it('fill all six boxes from a pasted six-digit code and ignore anything else', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{6}$/), (code) => {
        expect(pastedOtp(code)).toEqual(code.split(''));
        expect(pastedOtp(`${code.slice(0, 3)} ${code.slice(3)}`)).toEqual(code.split(''));
      }),
    );
    expect(pastedOtp('12345')).toBeNull();
    expect(pastedOtp('1234567')).toBeNull();
    expect(pastedOtp('12a456')).toBeNull();
  });

  it('accept exactly six digits', () => {
    expect(otpViolation('123456')).toBeNull();
    expect(otpViolation('12345')).toBe('otp.invalidFormat');
  });
});

describe('email', () => {
  it('is required, then must look like an address', () => {
    expect(emailViolation('')).toBe('email.required');
    expect(emailViolation('ama@example')).toBe('email.invalid');
    expect(emailViolation(' ama@example.com.gh ')).toBeNull();
  });

  it('is masked for display', () => {
    expect(maskEmail('Kwame@Example.com')).toBe('k****@example.com');
  });
});

describe('phone input', () => {
  it('keeps digits only, 15 in all with the dial code', () => {
    expect(limitPhoneInput('+233', '024 123-4567')).toBe('0241234567');
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const kept = limitPhoneInput('+233', typed);
        return /^\d*$/.test(kept) && kept.length <= 12;
      }),
    );
  });
});
