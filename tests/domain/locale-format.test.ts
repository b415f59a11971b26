/**
 * Amounts and dates in each language (src/domain/locale-format.ts). Node has ICU's full data, so for the four
 * languages whose dates the module writes itself (Chromium has no data for them) its output is compared with what
 * Intl says for them here: the same CLDR text, whatever the browser. The same cases run in Chromium in
 * tests/e2e/languages.spec.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { catalogLanguages, type Language } from '../../src/domain/language';
import { cldrDateLanguages, formatDateIn, formatMoneyIn, intlLocales } from '../../src/domain/locale-format';

const NBSP = '\u00a0';
const march5 = new Date(Date.UTC(2026, 2, 5, 14, 30));
const utc = { timeZone: 'UTC' } as const;

/** The app's uses of formatDate (screens), each with its options. */
const shapes: Intl.DateTimeFormatOptions[] = [
  { month: 'long', ...utc },
  { month: 'long', year: 'numeric', ...utc },
  { dateStyle: 'long', ...utc },
  { timeStyle: 'short', ...utc },
];

describe('money', () => {
  test.each(catalogLanguages)('%s writes GH₵ with the narrow symbol, never GHS', (language) => {
    const text = formatMoneyIn(language, 123450);
    expect(text).toContain('GH₵');
    expect(text).not.toContain('GHS');
    expect(text).toMatch(/1.?234[.,]50/);
  });

  test('each language as CLDR writes it (grouping, decimals, symbol side)', () => {
    const expected: Record<Language, string> = {
      en: `GH₵${NBSP}1,234.50`,
      fr: `1${'\u202f'}234,50${NBSP}GH₵`,
      ak: `GH₵${NBSP}1,234.50`,
      ha: `GH₵${NBSP}1,234.50`,
      yo: `GH₵${NBSP}1,234.50`,
      sw: `GH₵${NBSP}1,234.50`,
      zu: `GH₵${NBSP}1,234.50`,
      ig: `GH₵${NBSP}1,234.50`,
      am: `GH₵${NBSP}1,234.50`,
    };
    for (const language of catalogLanguages)
      expect(formatMoneyIn(language, 123450), language).toBe(expected[language]);
    expect(formatMoneyIn('ha', -5)).toBe(`-GH₵${NBSP}0.05`);
    expect(formatMoneyIn('yo', 1999, 'USD')).toBe('$19.99');
  });

  test('the languages written with English number symbols have those symbols in CLDR too', () => {
    for (const language of cldrDateLanguages) {
      const own = new Intl.NumberFormat(language, { minimumFractionDigits: 2 }).format(1234.5);
      expect(own, language).toBe('1,234.50');
    }
  });
});

describe('dates', () => {
  test('Hausa, Yoruba, Zulu and Igbo are written from CLDR data, not by the browser', () => {
    expect([...cldrDateLanguages].sort()).toEqual(['ha', 'ig', 'yo', 'zu']);
  });

  test.each(cldrDateLanguages)('%s: the same text as ICU with CLDR data, for every month', (language) => {
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2026, month, 28, 9, 5));
      for (const options of shapes) {
        // CLDR 48's Yoruba short time is 'H:m' ('9:5'): the module writes HH:mm ('09:05'), tested below.
        if (language === 'yo' && options.timeStyle) continue;
        expect(formatDateIn(language, date, options), JSON.stringify(options)).toBe(
          new Intl.DateTimeFormat(language, options).format(date),
        );
      }
    }
  });

  test('a date with a time, and a medium date, spell the month out (CLDR medium Yoruba is all digits)', () => {
    const options = { dateStyle: 'medium', timeStyle: 'short', ...utc } as const;
    expect(formatDateIn('ha', march5, options)).toBe('5 Maris, 2026, 14:30');
    expect(formatDateIn('yo', march5, options)).toBe('5 Oṣù Ẹrẹ̀nà 2026, 14:30');
    expect(formatDateIn('zu', march5, options)).toBe('Mashi 5, 2026 14:30');
    expect(formatDateIn('ig', march5, options)).toBe('5 Maachị 2026, 14:30');
    expect(formatDateIn('yo', march5, { dateStyle: 'medium', ...utc })).toBe('5 Oṣù Ẹrẹ̀nà 2026');
    expect(formatDateIn('yo', new Date(Date.UTC(2026, 0, 2, 9, 5)), { timeStyle: 'short', ...utc })).toBe(
      '09:05',
    );
  });

  test('the time zone asked for is the one written', () => {
    const late = new Date(Date.UTC(2026, 0, 31, 23, 30));
    expect(formatDateIn('ha', late, { dateStyle: 'long', timeZone: 'UTC' })).toBe('31 Janairu, 2026');
    expect(formatDateIn('ha', late, { dateStyle: 'long', timeZone: 'Africa/Addis_Ababa' })).toBe(
      '1 Faburairu, 2026',
    );
    expect(formatDateIn('zu', late, { timeStyle: 'short', timeZone: 'Africa/Johannesburg' })).toBe('01:30');
  });

  test('the languages the browser knows are written by Intl in their own locale', () => {
    expect(formatDateIn('fr', march5, { dateStyle: 'long', ...utc })).toBe('5 mars 2026');
    expect(formatDateIn('sw', march5, { dateStyle: 'long', ...utc })).toBe('5 Machi 2026');
    expect(formatDateIn('ak', march5, { month: 'long', ...utc })).toBe('Ɔbɛnem');
    expect(formatDateIn('am', march5, { month: 'long', ...utc })).toBe('ማርች');
    expect(formatDateIn('en', march5, { dateStyle: 'medium', ...utc })).toBe('5 Mar 2026');
    expect(intlLocales.en).toBe('en-GH');
  });
});

describe('one place', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
    });
  const formatting =
    /Intl\.(DateTimeFormat|NumberFormat)\s*\(|toLocale(Date|Time)?String|from 'date-fns'.*\bformat\b/;

  test('nothing outside src/domain/locale-format.ts and money.ts formats a date or an amount itself', () => {
    const offenders = files('src')
      .filter((path) => !/src\/domain\/(locale-format|money)\.ts$/.test(path))
      .filter((path) => formatting.test(readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
