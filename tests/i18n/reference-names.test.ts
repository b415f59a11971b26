// Issue 23: reference data the server names in English (transfer purposes, currency names) reads in the reader's
// language: every seeded name has a message, translated in French and Twi (not left in English).
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../scripts/i18n-catalogs';
import { INITIAL_EXCHANGE_RATES } from '../../src/server/seed/exchange-rates';
import { TRANSACTION_PURPOSES } from '../../src/server/seed/reference-data';
import type { MessageId } from '../../src/i18n/en';
import { countryName, currencyName, purposeName } from '../../src/screens/reference-names';
import { COUNTRIES } from '../../src/server/seed/reference-data';

const catalogs = { en: readCatalog('en'), fr: readCatalog('fr'), ak: readCatalog('ak') };
const inLocale = (locale: keyof typeof catalogs) => (id: MessageId) =>
  catalogs[locale].get(id)?.text ?? `?${id}`;

describe('reference names', () => {
  it.each(['fr', 'ak'] as const)('every transfer purpose and currency has its own %s name', (locale) => {
    for (const { purpose } of TRANSACTION_PURPOSES) {
      expect(purposeName(inLocale('en'), purpose)).toBe(purpose);
      const translated = purposeName(inLocale(locale), purpose);
      expect(translated, purpose).not.toMatch(/^\?/);
      if (purpose !== 'Business') expect(translated, purpose).not.toBe(purpose);
    }
    for (const { code, name } of INITIAL_EXCHANGE_RATES) {
      const translated = currencyName(inLocale(locale), code, name);
      expect(translated, code).not.toMatch(/^\?/);
      // 'euro' is French for the euro.
      if (code !== 'EUR') expect(translated.toLowerCase(), code).not.toBe(name.toLowerCase());
    }
  });

  it("names the countries in the reader's language (CLDR's names), and in English as the server does", () => {
    expect(countryName('fr', 'US', 'United States')).toBe('États-Unis');
    expect(countryName('ak', 'US', 'United States')).toBe('Amɛrika');
    expect(countryName('fr', 'GH', 'Ghana')).toBe('Ghana');
    expect(countryName('en', 'CG', 'Republic of the Congo')).toBe('Republic of the Congo');
    // A code no one names keeps the server's name.
    expect(countryName('fr', 'AA', 'Somewhere')).toBe('Somewhere');
    for (const { isoCode, name } of COUNTRIES) expect(countryName('fr', isoCode, name), isoCode).not.toBe('');
  });

  it('shows a name it does not know as the server wrote it', () => {
    expect(purposeName(inLocale('fr'), 'Pilgrimage')).toBe('Pilgrimage');
    expect(currencyName(inLocale('fr'), 'XOF', 'West African CFA franc')).toBe('West African CFA franc');
  });

  it("says 'gems' in French's and Twi's own words, and Twi's footer 'Fees' is no two-letter link", () => {
    for (const catalog of [catalogs.fr, catalogs.ak])
      for (const [id, entry] of catalog)
        if (!entry.obsolete) expect(entry.text.replace(/\{gems,/g, ''), id).not.toMatch(/\b[Gg]ems?\b/);
    expect(catalogs.ak.get('footer.fees')!.text.length).toBeGreaterThan(2);
  });
});
