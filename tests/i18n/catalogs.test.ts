/** The PO catalogs, what is compiled from them, and the completeness check (`npm run i18n:check` runs the same code). */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { domainMessages } from '../../src/domain/messages';
import { languages } from '../../src/domain/language';
import { linguiFor, loadCatalog, translator } from '../../src/i18n/core';
import {
  check,
  checkCatalog,
  compileCatalog,
  compiledFile,
  compiledLocales,
  extractSource,
  extractTranslation,
  parseCatalog,
  placeholders,
  pluralCategoriesOf,
  problemCount,
  readCatalog,
  serializeCatalog,
  sourceMessages,
  type Catalog,
  type Entry,
} from '../../scripts/i18n-catalogs';

const FIX = 'run `npm run i18n` (extract, compile, check) and commit src/i18n/locales';

const entry = (id: string, text: string, more: Partial<Entry> = {}): Entry => ({
  id,
  text,
  notes: [],
  flags: [],
  obsolete: false,
  ...more,
});
const catalogOf = (...entries: Entry[]): Catalog => new Map(entries.map((e) => [e.id, e]));

describe('committed catalogs', () => {
  test.each(compiledLocales)('the compiled %s catalog matches its PO file', (locale) => {
    expect(readFileSync(compiledFile(locale), 'utf8'), `${compiledFile(locale)} is stale: ${FIX}`).toBe(
      compileCatalog(locale),
    );
  });

  test('every shipped language is complete: nothing missing, untranslated, fuzzy, or with other placeholders', () => {
    const reports = check();
    expect(reports.map((report) => report.locale)).toEqual(expect.arrayContaining([...languages]));
    for (const report of reports.filter((r) => r.shipped))
      expect(report, FIX).toMatchObject({
        missing: [],
        extra: [],
        untranslated: [],
        fuzzy: [],
        placeholders: [],
        plurals: [],
        invalid: [],
      });
  });

  test('the English catalog and src/domain/messages.ts agree (the server answers with that English)', () => {
    const english = sourceMessages('en');
    for (const [id, text] of Object.entries(domainMessages)) {
      expect(english[id as keyof typeof english], `${id}: ${FIX}`).toBe(text);
    }
  });

  test('every English message has a note for translators, and extracting again changes nothing', () => {
    const english = readCatalog('en');
    for (const message of english.values()) expect(message.notes.join(' '), message.id).not.toBe('');
    for (const locale of ['en', ...languages.filter((language) => language !== 'en')]) {
      const po = readFileSync(`src/i18n/locales/${locale}/messages.po`, 'utf8');
      const next =
        locale === 'en' ? extractSource(english) : extractTranslation(english, readCatalog(locale));
      expect(serializeCatalog(locale, next, po), `${locale}: ${FIX}`).toBe(po);
    }
  });
});

describe('the check', () => {
  const english = catalogOf(
    entry('a', 'Hello {name}'),
    entry('b', '{count, plural, one {# file} other {# files}}'),
    entry('c', 'Plain'),
  );

  test('passes a complete translation', () => {
    const french = catalogOf(
      entry('a', 'Bonjour {name}'),
      entry('b', '{count, plural, one {# fichier} other {# fichiers}}'),
      entry('c', 'Simple'),
    );
    expect(problemCount(checkCatalog('fr', english, french))).toBe(0);
  });

  test('lists missing, untranslated, fuzzy, placeholder and ICU problems, and fails a shipped language', () => {
    const french = catalogOf(
      entry('a', 'Bonjour {nom}'),
      entry('b', '{count, plural, one {# fichier} other {# fichiers}'),
      entry('c', '', { flags: [] }),
    );
    const report = checkCatalog('fr', english, french);
    expect(report).toMatchObject({
      shipped: true,
      missing: [],
      untranslated: ['c'],
      placeholders: [{ id: 'a', english: ['name'], translation: ['nom'] }],
    });
    expect(report.invalid.map((i) => i.id)).toEqual(['b']);
    const partial = checkCatalog('tw', english, catalogOf(entry('a', 'Hello {name}', { flags: ['fuzzy'] })));
    expect(partial).toMatchObject({ shipped: false, missing: ['b', 'c'], fuzzy: ['a'] });
  });

  test('fails an id English does not have (obsolete entries are kept for translators, not counted)', () => {
    const french = catalogOf(
      entry('a', 'Bonjour {name}'),
      entry('b', '{count, plural, one {# fichier} other {# fichiers}}'),
      entry('c', 'Simple'),
      entry('typo', 'En trop'),
      entry('gone', 'Parti', { obsolete: true }),
    );
    expect(checkCatalog('fr', english, french)).toMatchObject({ extra: ['typo'] });
    expect(problemCount(checkCatalog('fr', english, french))).toBe(1);
  });

  test("fails plural branches that are not the language's own CLDR categories", () => {
    const count = '{count, plural, one {# x} other {# xs}}';
    const only = (text: string) => catalogOf(entry('a', 'Hello {name}'), entry('b', text), entry('c', 'x'));
    // Yoruba and Igbo have one form: English's 'one' is foreign there.
    expect(checkCatalog('yo', english, only(count)).plurals).toEqual([
      { id: 'b', argument: 'count', used: ['one', 'other'], expected: ['other'] },
    ]);
    expect(problemCount(checkCatalog('ig', english, only('{count, plural, other {# x}}')))).toBe(0);
    // Akan, Zulu and Amharic have 'one' (0 and 1 are 'one' there): a catalog without it fails.
    for (const locale of ['ak', 'zu', 'am']) {
      expect(
        checkCatalog(locale, english, only('{count, plural, other {# x}}')).plurals,
        locale,
      ).toHaveLength(1);
      expect(problemCount(checkCatalog(locale, english, only(count))), locale).toBe(0);
    }
    // Exact branches are allowed anywhere; a category the language lacks is not, even beside them.
    expect(problemCount(checkCatalog('yo', english, only('{count, plural, =0 {none} other {# x}}')))).toBe(0);
    expect(
      checkCatalog('ha', english, only('{count, plural, one {a} few {b} other {c}}')).plurals,
    ).toHaveLength(1);
    // French has 'many' (from a million on): allowed, not required.
    expect(problemCount(checkCatalog('fr', english, only(count)))).toBe(0);
    expect(
      problemCount(checkCatalog('fr', english, only('{count, plural, one {a} many {b} other {c}}'))),
    ).toBe(0);
  });

  test("takes each language's categories from CLDR (Intl.PluralRules)", () => {
    expect(pluralCategoriesOf('yo')).toEqual({ allowed: ['other'], required: ['other'] });
    expect(pluralCategoriesOf('ig')).toEqual({ allowed: ['other'], required: ['other'] });
    expect(pluralCategoriesOf('fr')).toEqual({
      allowed: ['many', 'one', 'other'],
      required: ['one', 'other'],
    });
    for (const locale of ['ak', 'zu', 'am']) {
      expect(new Intl.PluralRules(locale).select(0), locale).toBe('one');
      expect(pluralCategoriesOf(locale).required, locale).toEqual(['one', 'other']);
    }
  });

  test('reads placeholders inside plural and select branches', () => {
    expect(placeholders('{n, plural, one {{who} sent #} other {{who} and {others} sent #}}')).toEqual([
      'n',
      'others',
      'who',
    ]);
    expect(placeholders('{kind, select, card {By card} other {{bank}}}')).toEqual(['bank', 'kind']);
  });
});

describe('extract', () => {
  test('adds a new English id empty, and flags a translation fuzzy when its English changed', () => {
    const before = extractTranslation(catalogOf(entry('a', 'Hello'), entry('b', 'Bye')), new Map());
    expect([...before.values()].map((e) => [e.id, e.text, e.flags])).toEqual([
      ['a', '', []],
      ['b', '', []],
    ]);
    const translated = new Map(
      [...before].map(([id, e]) => [id, { ...e, text: id === 'a' ? 'Bonjour' : 'Au revoir' }]),
    );
    const after = extractTranslation(catalogOf(entry('a', 'Hello!'), entry('b', 'Bye')), translated);
    expect(after.get('a')).toMatchObject({ text: 'Bonjour', flags: ['fuzzy'], notes: ['English: Hello!'] });
    expect(after.get('b')).toMatchObject({ text: 'Au revoir', flags: [] });
  });

  test('keeps a removed id as obsolete, and round-trips a PO file', () => {
    const after = extractTranslation(catalogOf(entry('a', 'Hello')), catalogOf(entry('gone', 'Parti')));
    expect(after.get('gone')).toMatchObject({ obsolete: true });
    const po = serializeCatalog('fr', after, null);
    expect(po).toContain('#~ msgid "gone"');
    expect(parseCatalog(po).get('a')).toMatchObject({ text: '', notes: ['English: Hello'] });
  });
});

describe('plurals and the pseudo-locale', () => {
  test('French picks its plural form, and the number in it is formatted for the locale', async () => {
    const french = translator(await loadCatalog('fr'), 'fr');
    expect(french('pager.showing', { from: 1, to: 5, total: 1234 })).toBe(
      'Affichage de 1 à 5 sur 1\u202f234',
    );
  });

  test('pseudo is English with accents, placeholders intact', async () => {
    const pseudo = linguiFor(await loadCatalog('pseudo'), 'pseudo');
    const text = pseudo._('otp.codeSentTo', { maskedEmail: 'a****@b.co' });
    expect(text).toMatch(/a\*\*\*\*@b\.co$/);
    expect(text).not.toContain('We sent');
  });
});
