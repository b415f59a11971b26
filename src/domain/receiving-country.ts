import { payoutRailOf } from './cross-border';
import type { RuleViolation } from './rule';

/*
 * Where a transfer is received (spec section 3's receivingCountryId) and in what currency. The currency follows
 * the country; a payout into the beneficiary's own account (a MoMo wallet, a bank account) lands in the country that
 * account is in; only a cash pick-up is collected wherever the transfer names. docs/decisions.md, "Issue 22: the
 * receiving country decides the currency".
 */

/**
 * The currency a payout in a country is made in: ISO 3166-1 alpha-2 to ISO 4217, for every country the seed offers
 * (tests/domain/receiving-country.test.ts keeps the two in step). A country whose currency the rate table lacks is
 * not paid out in yet.
 */
export const COUNTRY_CURRENCIES: Readonly<Record<string, string>> = {
  GH: 'GHS',
  // African Union member states.
  DZ: 'DZD',
  AO: 'AOA',
  BJ: 'XOF',
  BW: 'BWP',
  BF: 'XOF',
  BI: 'BIF',
  CV: 'CVE',
  CM: 'XAF',
  CF: 'XAF',
  TD: 'XAF',
  KM: 'KMF',
  CG: 'XAF',
  CD: 'CDF',
  CI: 'XOF',
  DJ: 'DJF',
  EG: 'EGP',
  GQ: 'XAF',
  ER: 'ERN',
  SZ: 'SZL',
  ET: 'ETB',
  GA: 'XAF',
  GM: 'GMD',
  GN: 'GNF',
  GW: 'XOF',
  KE: 'KES',
  LS: 'LSL',
  LR: 'LRD',
  LY: 'LYD',
  MG: 'MGA',
  MW: 'MWK',
  ML: 'XOF',
  MR: 'MRU',
  MU: 'MUR',
  MA: 'MAD',
  MZ: 'MZN',
  NA: 'NAD',
  NE: 'XOF',
  NG: 'NGN',
  RW: 'RWF',
  ST: 'STN',
  SN: 'XOF',
  SC: 'SCR',
  SL: 'SLE',
  SO: 'SOS',
  ZA: 'ZAR',
  SS: 'SSP',
  SD: 'SDG',
  TZ: 'TZS',
  TG: 'XOF',
  TN: 'TND',
  UG: 'UGX',
  ZM: 'ZMW',
  ZW: 'ZWG',
  // The diaspora.
  AU: 'AUD',
  AT: 'EUR',
  BE: 'EUR',
  BR: 'BRL',
  CA: 'CAD',
  CN: 'CNY',
  DK: 'DKK',
  FR: 'EUR',
  DE: 'EUR',
  IN: 'INR',
  IE: 'EUR',
  IT: 'EUR',
  JP: 'JPY',
  LB: 'LBP',
  NL: 'EUR',
  NO: 'NOK',
  PK: 'PKR',
  PT: 'EUR',
  QA: 'QAR',
  SA: 'SAR',
  ES: 'EUR',
  SE: 'SEK',
  CH: 'CHF',
  TR: 'TRY',
  AE: 'AED',
  GB: 'GBP',
  US: 'USD',
};

/** The currency paid out in the country of this ISO code, or null for a code the table does not know. */
export const currencyOfCountry = (isoCode: string): string | null => COUNTRY_CURRENCIES[isoCode] ?? null;

export interface ReceivingInput {
  receivingCountryId: number;
  /** The currency paid out in the receiving country (currencyOfCountry). */
  countryCurrency: string | null;
  /** The currency the request names; null when it names none (then it is the country's). */
  currency: string | null;
  /** The country of the beneficiary's account (a bank beneficiary's is its bank's); null while none is chosen. */
  beneficiaryCountryId: number | null;
  deliveryMethodId: number;
}

/** The receive currency: the one named, else the receiving country's. */
export const receiveCurrencyOf = (
  input: Pick<ReceivingInput, 'currency' | 'countryCurrency'>,
): string | null => input.currency ?? input.countryCurrency;

/**
 * The receiving country's rules: a currency named must be the one paid out there; a payout into the beneficiary's
 * own account (every delivery method but cash pick-up) must be received in the country that account is in.
 */
export const receivingViolations = (
  input: ReceivingInput,
): RuleViolation<'currency' | 'receivingCountryId'>[] => [
  ...(input.currency !== null && input.countryCurrency !== null && input.currency !== input.countryCurrency
    ? [{ field: 'currency', messageId: 'transfer.currencyNotCountrys' } as const]
    : []),
  ...(input.beneficiaryCountryId !== null &&
  input.deliveryMethodId > 0 &&
  payoutRailOf(input.deliveryMethodId) !== 'cash_pickup' &&
  input.beneficiaryCountryId !== input.receivingCountryId
    ? [{ field: 'receivingCountryId', messageId: 'transfer.beneficiaryCountry' } as const]
    : []),
];
