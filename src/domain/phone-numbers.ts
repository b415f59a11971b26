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
