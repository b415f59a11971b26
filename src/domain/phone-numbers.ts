/**
 * libphonenumber-js with the metadata of the countries the app offers only (./phone-metadata.json, written by
 * `npm run phone-metadata`): a quarter of its "min" metadata. The browser (formatting as typed) and the server
 * (E.164, masking) use these same functions, so both know the same numbers.
 */
import {
  AsYouType as AsYouTypeWith,
  isSupportedCountry as isSupportedCountryWith,
  parsePhoneNumberFromString as parseWith,
  type CountryCode,
  type MetadataJson,
  type PhoneNumber,
} from 'libphonenumber-js/core';
import metadataJson from './phone-metadata.json';

export type { CountryCode, PhoneNumber };

const metadata = metadataJson as unknown as MetadataJson;

export const isSupportedCountry = (isoCode: string): isoCode is CountryCode =>
  isSupportedCountryWith(isoCode as CountryCode, metadata);

/** Formats national digits as they are typed ("24 412 3456" for Ghana). */
export const asYouType = (isoCode: CountryCode, digits: string): string =>
  new AsYouTypeWith(isoCode, metadata).input(digits);

/** A full international number ('+233…'), or undefined when it cannot be read as one. */
export const parsePhoneNumber = (text: string): PhoneNumber | undefined => parseWith(text, metadata);

/** E.164 ('+233241234567') of a number written with its country code, a trunk 0 after the code dropped. */
export const toE164 = (text: string): string | undefined => parsePhoneNumber(text)?.number;

/**
 * The one way a phone number is shown (receipts, the gateway): '+233 24 123 4567', the country code then the
 * national grouping, from E.164 or from '+233 0241234567' as typed; what cannot be read is shown as it is.
 */
export const formatPhone = (text: string): string => parsePhoneNumber(text)?.formatInternational() ?? text;
