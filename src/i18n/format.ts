/**
 * Money and dates in the reader's language (src/domain/locale-format.ts decides how), apart from `useI18n` so that a
 * screen which only translates (the public pages' first script) does not carry the formatting tables.
 */
import { useMemo } from 'react';
import type { MinorUnits } from '../domain/money';
import { formatDateIn, formatMoneyIn } from '../domain/locale-format';
import { formatLanguage, useLingui, type CatalogLocale } from './i18n';

export interface Format {
  /** Integer minor units (pesewas) as GH₵ in the reader's language; in `currency`'s minor units when given (cents). */
  formatMoney: (minor: MinorUnits, currency?: string) => string;
  /** A date as Intl's options ask, in the reader's language. */
  formatDate: (date: Date, options?: Intl.DateTimeFormatOptions) => string;
}

export const useFormat = (): Format => {
  const { i18n } = useLingui();
  const language = formatLanguage(i18n.locale as CatalogLocale);
  return useMemo<Format>(
    () => ({
      formatMoney: (minor, currency) => formatMoneyIn(language, minor, currency),
      formatDate: (date, options) => formatDateIn(language, date, options),
    }),
    [language],
  );
};
