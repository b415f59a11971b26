import { parsePhoneNumber } from '../../domain/phone-numbers';
import { digitsOnly } from '../../domain/rule';

/** '+' and 8 to 15 digits, the first not 0: the only form an SMS is addressed to. */
export const isE164 = (phone: string): boolean => /^\+[1-9]\d{7,14}$/.test(phone);

/**
 * A phone kept as dial code + number (the users table, a beneficiary) in E.164, or null when it is not a valid
 * number of its country. libphonenumber drops a trunk prefix typed after the dial code ('+233 024...' is
 * '+23324...'), so one number always has one spelling: the form `users.verified_phone` holds and on-us transfers
 * compare against.
 */
export const toE164 = (phoneCode: string, phoneNumber: string): string | null => {
  const parsed = parsePhoneNumber(`+${digitsOnly(phoneCode)}${digitsOnly(phoneNumber)}`);
  return parsed?.isValid() ? parsed.number : null;
};

/** What an answer may show of a number: its dial code and last three digits ('+233 ******567'). */
export const maskPhone = (e164: string): string => {
  const parsed = parsePhoneNumber(e164);
  const dial = parsed ? `+${parsed.countryCallingCode}` : e164.slice(0, 4);
  const national = e164.slice(dial.length);
  return `${dial} ${'*'.repeat(Math.max(national.length - 3, 0))}${national.slice(-3)}`;
};
