import { intlLocales, type Language } from '../domain/language';
import type { MessageId } from '../i18n/en';

/**
 * Reference data the server names in English (transfer purposes, currency and country names), shown in the reader's
 * language: a name this table does not know (one an operator added later) is shown as the server wrote it.
 */
const purposeMessages: Readonly<Record<string, MessageId>> = {
  'Family support': 'purpose.familySupport',
  Education: 'purpose.education',
  Business: 'purpose.business',
  Other: 'purpose.other',
  'Medical expenses': 'purpose.medical',
  Gift: 'purpose.gift',
  Savings: 'purpose.savings',
  'Rent and housing': 'purpose.rent',
  'Funeral expenses': 'purpose.funeral',
  'Salary payment': 'purpose.salary',
};

const currencyMessages: Readonly<Record<string, MessageId>> = {
  GHS: 'currency.GHS',
  USD: 'currency.USD',
  EUR: 'currency.EUR',
  GBP: 'currency.GBP',
  NGN: 'currency.NGN',
  PKR: 'currency.PKR',
  INR: 'currency.INR',
  KES: 'currency.KES',
  ZAR: 'currency.ZAR',
};

type Translate = (id: MessageId) => string;

export const purposeName = (t: Translate, english: string): string => {
  const id = purposeMessages[english];
  return id ? t(id) : english;
};

export const currencyName = (t: Translate, code: string, english: string): string => {
  const id = currencyMessages[code];
  return id ? t(id) : english;
};

/**
 * A country in the reader's language: CLDR's name for its ISO code, as the browser has it (no catalog: 82 names in
 * nine languages would weigh on every download). English keeps the server's name (the spec's data), and so does a
 * language the browser has no region names for.
 */
export const countryName = (language: Language, isoCode: string, english: string): string => {
  if (language === 'en') return english;
  try {
    const names = new Intl.DisplayNames([intlLocales[language]], { type: 'region', fallback: 'none' });
    if (names.resolvedOptions().locale.split('-')[0] !== language) return english;
    return names.of(isoCode) ?? english;
  } catch {
    return english;
  }
};
