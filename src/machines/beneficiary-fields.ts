/**
 * What the beneficiary forms' inputs (add and edit) keep of what is typed: names and the relationship keep
 * letters, combining marks and spaces; the phone keeps digits and always starts with Ghana's dial code digits
 * ('233'); the account number keeps digits, at most 20. The rules themselves are src/domain/beneficiary.ts (the
 * server's own).
 */
import {
  BENEFICIARY_ACCOUNT_MAX_DIGITS,
  BENEFICIARY_PHONE_PREFIX_LENGTH,
  BENEFICIARY_RELATIONSHIP_MAX_LENGTH,
} from '../domain/beneficiary';
import { MOMO_PHONE_MAX_DIGITS } from '../domain/momo';
import { digitsOnly } from '../domain/rule';

/** The dial code digits the phone field starts with (the request drops them and sends phoneCode '+233'). */
export const BENEFICIARY_DIAL_DIGITS = '233';
export const BENEFICIARY_PHONE_CODE = '+233';
/** A name input keeps at most this many characters (the rules allow 15 or 30; longer shows their message). */
export const BENEFICIARY_NAME_INPUT_MAX = 100;
/** The relationship: letters and spaces, at most 30 characters (the rule's own figure). */
export const BENEFICIARY_RELATIONSHIP_MAX = BENEFICIARY_RELATIONSHIP_MAX_LENGTH;

/** Letters (any script), combining marks and spaces, at most `max` characters; a leading space is dropped. */
const lettersInput = (typed: string, max: number): string =>
  [...typed.replace(/[^\p{L}\p{M} ]+/gu, '').replace(/^ +/, '')].slice(0, max).join('');

/** Letters (any script), combining marks and spaces; a leading space is dropped. */
export const beneficiaryNameInput = (typed: string): string =>
  lettersInput(typed, BENEFICIARY_NAME_INPUT_MAX);

/**
 * The phone as the field holds it: '233' then the national number's digits ('233241234567'). Typing the number
 * as Ghanaians write it ('024 123 4567') or whole ('+233 24 123 4567') gives the same value: the dial code and the
 * trunk 0 are not part of the national number. At most 12 digits after the dial code.
 */
export const beneficiaryPhoneInput = (typed: string): string => {
  const digits = digitsOnly(typed);
  const national = (digits.startsWith(BENEFICIARY_DIAL_DIGITS) ? digits.slice(3) : digits).replace(/^0+/, '');
  return BENEFICIARY_DIAL_DIGITS + national.slice(0, MOMO_PHONE_MAX_DIGITS);
};

/** The national part of the phone field (what the input shows after its '+233'). */
export const nationalPart = (phone: string): string => phone.slice(BENEFICIARY_PHONE_PREFIX_LENGTH);

/**
 * The field's value from what was typed in the input that shows the national part after a fixed '+233': the
 * national digits, or a whole international number when it starts with '+' (pasted or filled in by the browser).
 */
export const phoneFieldFromNational = (typed: string): string =>
  beneficiaryPhoneInput(typed.trim().startsWith('+') ? typed : BENEFICIARY_DIAL_DIGITS + digitsOnly(typed));

/** Digits only, at most 20. */
export const beneficiaryAccountInput = (typed: string): string =>
  digitsOnly(typed).slice(0, BENEFICIARY_ACCOUNT_MAX_DIGITS);

/** Letters, combining marks and spaces without leading spaces, at most 30 characters ('Sister', 'Business partner'). */
export const relationshipInput = (typed: string): string => lettersInput(typed, BENEFICIARY_RELATIONSHIP_MAX);

/** A name as it is sent: trimmed, single-spaced. */
export const tidyBeneficiaryName = (name: string): string => name.trim().replace(/ {2,}/g, ' ');
