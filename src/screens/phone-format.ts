import { asYouType, isSupportedCountry } from '../domain/phone-numbers';
import { digitsOnly } from '../domain/rule';

/** National digits shown the way people of that country write them ("24 412 3456" for Ghana). Display only. */
export const formatNationalNumber = (isoCode: string | null, digits: string): string => {
  if (!digits || !isoCode || !isSupportedCountry(isoCode)) return digits;
  return asYouType(isoCode, digits);
};

/**
 * What the person typed, as digits. Deleting only a formatting character (a space or a bracket) would leave the
 * digits unchanged and the character would come straight back; treat it as deleting the digit before it.
 */
export const typedDigits = (previousDisplay: string, previousDigits: string, typed: string): string => {
  const digits = digitsOnly(typed);
  if (digits === previousDigits && typed.length < previousDisplay.length) return digits.slice(0, -1);
  return digits;
};
