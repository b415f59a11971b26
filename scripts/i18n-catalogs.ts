/**
 * The translation catalogs (src/i18n/locales/<locale>/messages.po) and what is made from them: `npm run i18n`
 * (scripts/i18n.ts) and the tests in tests/i18n call these same functions.
 *
 * - English (en/messages.po) is the source: one entry per message id with its English text and a note for
 *   translators. The ids of src/domain/messages.ts take their English from there (the server answers with it).
 * - extract: copies domain messages into the English catalog and every English id into each other language's
 *   catalog (empty when new, flagged fuzzy when its English changed since it was translated).
 * - compile: each catalog to src/i18n/locales/<locale>/messages.json (Lingui's precompiled ICU form, committed),
 *   untranslated entries falling back to English; `pseudo` is compiled from English (development only).
 * - check: missing, extra, untranslated and fuzzy messages, placeholders that differ from English, plural
 *   categories that are not the language's own (CLDR's, as Intl.PluralRules gives them), ICU syntax errors.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createCompiledCatalog } from '@lingui/cli/api';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import config from '../lingui.config';
import { domainMessages } from '../src/domain/messages';
import type { MessageId } from '../src/i18n/en';
import { intlLocales } from '../src/domain/locale-format';
import { isCatalogLanguage, languages } from '../src/domain/language';
import { PUBLIC_PARTS, publicIdsByPart } from './i18n-public-ids';

export const SOURCE_LOCALE = config.sourceLocale;
export const PSEUDO_LOCALE = config.pseudoLocale;
/** Locales with a catalog a translator edits (English included: it is the source). */
export const catalogLocales = config.locales.filter((locale) => locale !== PSEUDO_LOCALE);
/** The languages the app offers: a problem in one of their catalogs fails the check. */
export const shippedLocales: readonly string[] = languages;

const ENGLISH_NOTE = 'English: ';
export const DOMAIN_NOTE =
  'A rule or process message (src/domain/messages.ts): shown in the app, and the server answers with its English text.';

export interface Entry {
  id: string;
  text: string;
  /** Notes for translators (`#.` lines). */
  notes: string[];
  flags: string[];
  obsolete: boolean;
}
export type Catalog = Map<string, Entry>;

const root = join(import.meta.dirname, '..');
export const poFile = (locale: string) => join(root, 'src/i18n/locales', locale, 'messages.po');
export const compiledFile = (locale: string) => join(root, 'src/i18n/locales', locale, 'messages.json');

interface LinguiMessage {
  translation?: string;
  comments?: string[];
  obsolete?: boolean;
  extra?: { flags?: string[]; translatorComments?: string[] };
}

export const parseCatalog = (po: string): Catalog => {
  const parsed = config.format.parse(po, {
    locale: null,
    sourceLocale: SOURCE_LOCALE,
    filename: 'messages.po',
  }) as Record<string, LinguiMessage>;
  return new Map(
    Object.entries(parsed).map(([id, message]) => [
      id,
      {
        id,
        text: message.translation ?? '',
        notes: message.comments ?? [],
        flags: (message.extra?.flags ?? []).filter((flag) => flag !== 'obsolete'),
        obsolete: message.obsolete ?? false,
      },
    ]),
  );
};

export const readCatalog = (locale: string): Catalog =>
  existsSync(poFile(locale)) ? parseCatalog(readFileSync(poFile(locale), 'utf8')) : new Map();

export const serializeCatalog = (locale: string, catalog: Catalog, existing: string | null): string => {
  const messages = Object.fromEntries(
    [...catalog.values()].map((entry) => [
      entry.id,
      {
        translation: entry.text,
        comments: entry.notes,
        obsolete: entry.obsolete,
        extra: { flags: entry.flags, translatorComments: [] },
      },
    ]),
  );
  const text = config.format.serialize(messages, {
    locale,
    sourceLocale: SOURCE_LOCALE,
    filename: 'messages.po',
    existing,
  });
  return typeof text === 'string' ? text : String(text);
};

const writeCatalog = (locale: string, catalog: Catalog) => {
  const file = poFile(locale);
  mkdirSync(dirname(file), { recursive: true });
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : null;
  writeFileSync(file, serializeCatalog(locale, catalog, existing));
};

/** The English source text of every live message, by id (what the tests compare with src/domain/messages.ts). */
export const sourceMessages = (locale = SOURCE_LOCALE) =>
  Object.fromEntries(
    [...readCatalog(locale).values()]
      .filter((entry) => !entry.obsolete)
      .map((entry) => [entry.id, entry.text]),
  ) as Record<MessageId, string>;

/** English with the domain messages' text; a domain id new to it gets a note to refine. */
export const extractSource = (english: Catalog): Catalog => {
  const next: Catalog = new Map(english);
  for (const [id, text] of Object.entries(domainMessages)) {
    const entry = next.get(id);
    next.set(id, { id, text, notes: entry?.notes ?? [DOMAIN_NOTE], flags: [], obsolete: false });
  }
  return next;
};

/** A translated catalog brought up to date with the English one. */
export const extractTranslation = (english: Catalog, translation: Catalog): Catalog => {
  const next: Catalog = new Map();
  for (const source of english.values()) {
    if (source.obsolete) continue;
    const previous = translation.get(source.id);
    const notes = source.notes.filter((note) => !note.startsWith(ENGLISH_NOTE));
    const englishBefore = previous?.notes
      .find((note) => note.startsWith(ENGLISH_NOTE))
      ?.slice(ENGLISH_NOTE.length);
    const changed = previous?.text && englishBefore !== undefined && englishBefore !== source.text;
    const flags = previous?.flags.filter((flag) => flag !== 'fuzzy') ?? [];
    next.set(source.id, {
      id: source.id,
      text: previous?.obsolete ? '' : (previous?.text ?? ''),
      notes: [...notes, `${ENGLISH_NOTE}${source.text}`],
      flags: changed || previous?.flags.includes('fuzzy') ? [...flags, 'fuzzy'] : flags,
      obsolete: false,
    });
  }
  for (const old of translation.values()) {
    if (!next.has(old.id) && old.text) next.set(old.id, { ...old, obsolete: true });
  }
  return next;
};

export const extract = () => {
  const english = extractSource(readCatalog(SOURCE_LOCALE));
  writeCatalog(SOURCE_LOCALE, english);
  for (const locale of catalogLocales.filter((locale) => locale !== SOURCE_LOCALE)) {
    writeCatalog(locale, extractTranslation(english, readCatalog(locale)));
  }
};

/** The text each id shows in `locale`: its translation, or English while it has none (or is fuzzy). */
const textsFor = (locale: string, english: Catalog, translation: Catalog): Record<string, string> => {
  const texts: Record<string, string> = {};
  for (const source of english.values()) {
    if (source.obsolete) continue;
    const entry = translation.get(source.id);
    const usable =
      locale !== PSEUDO_LOCALE && entry && !entry.obsolete && entry.text && !entry.flags.includes('fuzzy');
    texts[source.id] = usable ? entry.text : source.text;
  }
  return texts;
};

/** The compiled catalog of a locale as committed: Lingui's JSON form, one message per line. */
export const compileCatalog = (locale: string, english = readCatalog(SOURCE_LOCALE)): string => {
  const translation = locale === SOURCE_LOCALE || locale === PSEUDO_LOCALE ? english : readCatalog(locale);
  const { source, errors } = createCompiledCatalog(locale, textsFor(locale, english, translation), {
    namespace: 'json',
    pseudoLocale: PSEUDO_LOCALE,
  });
  if (errors.length > 0) {
    throw new Error(`${locale}: ${errors.map((error) => `${error.id}: ${String(error.error)}`).join('; ')}`);
  }
  const { messages } = JSON.parse(source) as { messages: Record<string, unknown> };
  const lines = Object.entries(messages).map(
    ([id, message]) => `${JSON.stringify(id)}:${JSON.stringify(message)}`,
  );
  return `{"messages":{\n${lines.join(',\n')}\n}}\n`;
};

export const compiledLocales = [...catalogLocales, PSEUDO_LOCALE];

/** The compiled English of the public pages only, in parts (scripts/i18n-public-ids.ts; src/i18n/english.ts). */
export const publicEnglishFiles = PUBLIC_PARTS.map((part) => join(root, 'src/i18n/locales/en', part.file));
export const publicEnglishFile = publicEnglishFiles[0]!;

/** Each part's file and its content, from the compiled English. */
export const compilePublicEnglish = (compiledEnglish: string): Map<string, string> => {
  const { messages } = JSON.parse(compiledEnglish) as { messages: Record<string, unknown> };
  const parts = publicIdsByPart(Object.keys(messages));
  return new Map(
    PUBLIC_PARTS.map((part, index) => {
      const ids = parts.get(part.file)!;
      const lines = Object.entries(messages)
        .filter(([id]) => ids.has(id))
        .map(([id, message]) => `${JSON.stringify(id)}:${JSON.stringify(message)}`);
      return [publicEnglishFiles[index]!, `{"messages":{\n${lines.join(',\n')}\n}}\n`];
    }),
  );
};

/** The ids of src/domain/messages.ts without their English: what the browser checks a server's answer against. */
export const domainMessageIdsFile = join(root, 'src/domain/message-ids.json');
export const compileDomainMessageIds = (): string =>
  `${JSON.stringify(Object.keys(domainMessages), null, 1)}\n`;

export const compile = () => {
  writeFileSync(domainMessageIdsFile, compileDomainMessageIds());
  const english = readCatalog(SOURCE_LOCALE);
  for (const locale of compiledLocales) {
    mkdirSync(dirname(compiledFile(locale)), { recursive: true });
    const compiled = compileCatalog(locale, english);
    writeFileSync(compiledFile(locale), compiled);
    if (locale !== SOURCE_LOCALE) continue;
    for (const [file, content] of compilePublicEnglish(compiled)) writeFileSync(file, content);
  }
};

type Token = string | [string, string?, Record<string, Token[] | string | number>?];

/** Every argument of an ICU message, nested ones included, with its type ('plural', 'select'...) and branches. */
const argumentsOf = (text: string): Exclude<Token, string>[] => {
  const found: Exclude<Token, string>[] = [];
  const walk = (tokens: unknown) => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens as Token[]) {
      if (typeof token === 'string') continue;
      found.push(token);
      for (const branch of Object.values(token[2] ?? {})) walk(branch);
    }
  };
  walk(compileMessageOrThrow(text));
  return found;
};

/** The placeholder names of an ICU message (`{name}`, `{count, plural, ...}` and those inside its branches). */
export const placeholders = (text: string): string[] =>
  [...new Set(argumentsOf(text).map((token) => token[0]))].sort();

/** The plural categories (one, few, other...) each plural of a message uses, exact `=n` branches left out. */
export const pluralCategoriesUsed = (
  text: string,
): { name: string; ordinal: boolean; categories: string[] }[] =>
  argumentsOf(text)
    .filter((token) => token[1] === 'plural' || token[1] === 'selectordinal')
    .map((token) => ({
      name: token[0],
      ordinal: token[1] === 'selectordinal',
      categories: Object.keys(token[2] ?? {})
        .filter((key) => key !== 'offset' && !/^\d+$/.test(key))
        .sort(),
    }));

/**
 * A language's own plural categories (CLDR's rules, as Intl.PluralRules has them): `allowed` is every category it
 * has, `required` those some whole number under 10,000 falls in (French 'many' starts at a million: optional).
 */
export const pluralCategoriesOf = (locale: string, ordinal = false) => {
  const tag = isCatalogLanguage(locale) ? intlLocales[locale] : locale;
  const rules = new Intl.PluralRules(tag, { type: ordinal ? 'ordinal' : 'cardinal' });
  const required = new Set<string>();
  for (let n = 0; n < 10_000; n += 1) required.add(rules.select(n));
  return {
    allowed: [...rules.resolvedOptions().pluralCategories].map(String).sort(),
    required: [...required].sort(),
  };
};

export interface LocaleReport {
  locale: string;
  shipped: boolean;
  missing: string[];
  /** Live entries whose id English does not have (a typo, or an id removed from English). */
  extra: string[];
  untranslated: string[];
  fuzzy: string[];
  placeholders: { id: string; english: string[]; translation: string[] }[];
  plurals: { id: string; argument: string; used: string[]; expected: string[] }[];
  invalid: { id: string; error: string }[];
}

/** The plurals of a text whose branches are not the language's own categories (all required, none foreign). */
const pluralProblems = (locale: string, id: string, text: string): LocaleReport['plurals'] =>
  pluralCategoriesUsed(text).flatMap(({ name, ordinal, categories }) => {
    const { allowed, required } = pluralCategoriesOf(locale, ordinal);
    const foreign = categories.filter((category) => !allowed.includes(category));
    const absent = required.filter((category) => !categories.includes(category));
    return foreign.length > 0 || absent.length > 0
      ? [{ id, argument: name, used: categories, expected: allowed }]
      : [];
  });

const syntaxError = (text: string): string | null => {
  try {
    compileMessageOrThrow(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};

/** What a translator still has to do in one catalog, compared with English. */
export const checkCatalog = (locale: string, english: Catalog, translation: Catalog): LocaleReport => {
  const report: LocaleReport = {
    locale,
    shipped: shippedLocales.includes(locale),
    missing: [],
    extra: [],
    untranslated: [],
    fuzzy: [],
    placeholders: [],
    plurals: [],
    invalid: [],
  };
  for (const source of english.values()) {
    if (source.obsolete) continue;
    const entry = translation.get(source.id);
    if (!entry || entry.obsolete) report.missing.push(source.id);
    else if (entry.text.trim() === '') report.untranslated.push(source.id);
    else {
      if (entry.flags.includes('fuzzy')) report.fuzzy.push(source.id);
      const error = syntaxError(entry.text);
      if (error) report.invalid.push({ id: source.id, error });
      else if (locale !== SOURCE_LOCALE && !syntaxError(source.text)) {
        const want = placeholders(source.text);
        const got = placeholders(entry.text);
        if (want.join() !== got.join())
          report.placeholders.push({ id: source.id, english: want, translation: got });
      }
      if (!error) report.plurals.push(...pluralProblems(locale, source.id, entry.text));
    }
  }
  for (const entry of translation.values()) {
    const source = english.get(entry.id);
    if (!entry.obsolete && (!source || source.obsolete)) report.extra.push(entry.id);
  }
  return report;
};

export const problemCount = (report: LocaleReport) =>
  report.missing.length +
  report.extra.length +
  report.untranslated.length +
  report.fuzzy.length +
  report.placeholders.length +
  report.plurals.length +
  report.invalid.length;

export const check = (): LocaleReport[] => {
  const english = readCatalog(SOURCE_LOCALE);
  return catalogLocales.map((locale) =>
    checkCatalog(locale, english, locale === SOURCE_LOCALE ? english : readCatalog(locale)),
  );
};

export const formatReport = (report: LocaleReport): string => {
  const lines = [
    `${report.locale}${report.shipped ? ' (shipped)' : ''}: ${problemCount(report) === 0 ? 'complete' : `${problemCount(report)} to do`}`,
  ];
  const list = (title: string, ids: string[]) => {
    if (ids.length > 0) lines.push(`  ${title} (${ids.length}): ${ids.join(', ')}`);
  };
  list('missing', report.missing);
  list('extra (not in English)', report.extra);
  list('untranslated', report.untranslated);
  list('fuzzy (English changed, review)', report.fuzzy);
  for (const { id, english, translation } of report.placeholders) {
    lines.push(
      `  placeholders differ in ${id}: English {${english.join('}, {')}}, here {${translation.join('}, {')}}`,
    );
  }
  for (const { id, argument, used, expected } of report.plurals) {
    lines.push(
      `  plural categories of {${argument}} in ${id}: ${used.join(', ')}; the language has ${expected.join(', ')}`,
    );
  }
  for (const { id, error } of report.invalid) lines.push(`  invalid ICU in ${id}: ${error}`);
  return lines.join('\n');
};
