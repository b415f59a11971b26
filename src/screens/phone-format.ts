import { asYouType, isSupportedCountry } from '../domain/phone-numbers';

/** National digits shown the way people of that country write them ("24 412 3456" for Ghana). Display only. */
export const formatNationalNumber = (isoCode: string | null, digits: string): string => {
  if (!digits || !isoCode || !isSupportedCountry(isoCode)) return digits;
  return asYouType(isoCode, digits);
};
