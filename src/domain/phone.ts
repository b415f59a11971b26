import { digitsOnly } from './rule';

/** E.164 allows at most 15 digits, dial code included. */
export const PHONE_MAX_DIGITS = 15;
/** Sign-up rule 6: the full number (dial code and number) must have at least 12 characters. */
export const SIGN_UP_PHONE_MIN_DIGITS = 12;
/** The spec's default dial code, replaced by the chosen country's. */
export const DEFAULT_PHONE_CODE = '+44';

export const fullPhoneDigits = (phoneCode: string, phoneNumber: string): string =>
  digitsOnly(phoneCode) + phoneNumber;

export const isSignUpPhoneValid = (phoneCode: string, phoneNumber: string): boolean => {
  if (!/^\+?\d{1,4}$/.test(phoneCode) || !/^\d*$/.test(phoneNumber)) return false;
  const digits = fullPhoneDigits(phoneCode, phoneNumber);
  return digits.length >= SIGN_UP_PHONE_MIN_DIGITS && digits.length <= PHONE_MAX_DIGITS;
};

/** What the phone input keeps of what is typed: digits only, at most as many as fit after the dial code. */
export const limitPhoneInput = (phoneCode: string, typed: string): string =>
  digitsOnly(typed).slice(0, Math.max(PHONE_MAX_DIGITS - digitsOnly(phoneCode).length, 0));
