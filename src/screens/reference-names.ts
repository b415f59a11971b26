import type { MessageId } from '../i18n/en';

/**
 * Reference data the server names in English (transfer purposes, currency names), shown in the reader's language:
 * a name this table does not know (one an operator added later) is shown as the server wrote it.
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
