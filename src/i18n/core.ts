/**
 * The i18n core, without React, shared by the browser (through ./i18n.tsx) and the server (mails): Lingui 5 with
 * explicit, stable message ids. Catalogs are PO files (./locales/<locale>/messages.po, English the source) compiled
 * to ./locales/<locale>/messages.json by `npm run i18n`; English is bundled, other languages load with import().
 */
import { setupI18n, type I18n as LinguiI18n, type Messages } from '@lingui/core';
import { enCatalog, type MessageId } from './en';
import type { Language } from '../domain/language';
import { intlLocales as languageLocales } from '../domain/locale-format';

export { enCatalog, type MessageId } from './en';
export type Values = Record<string, string | number>;
/** A compiled catalog (Lingui's precompiled ICU messages, by id). */
export type Catalog = Messages;
/** The languages with a catalog, and `pseudo` (English with accents and longer words) for development. */
export type CatalogLocale = Language | 'pseudo';

/** Each catalog's Intl locale, for its plural rules and the numbers in its messages (src/domain/locale-format.ts). */
export const intlLocales: Record<CatalogLocale, string> = { ...languageLocales, pseudo: languageLocales.en };

type CompiledModule = { default?: { messages: unknown }; messages?: unknown };
const messagesOf = (module: CompiledModule): Catalog =>
  (module.default?.messages ?? module.messages) as Catalog;

const loaders: Record<CatalogLocale, () => Promise<Catalog>> = {
  en: () => Promise.resolve(enCatalog),
  fr: () => import('./locales/fr/messages.json').then(messagesOf),
  ak: () => import('./locales/ak/messages.json').then(messagesOf),
  ha: () => import('./locales/ha/messages.json').then(messagesOf),
  yo: () => import('./locales/yo/messages.json').then(messagesOf),
  sw: () => import('./locales/sw/messages.json').then(messagesOf),
  zu: () => import('./locales/zu/messages.json').then(messagesOf),
  ig: () => import('./locales/ig/messages.json').then(messagesOf),
  am: () => import('./locales/am/messages.json').then(messagesOf),
  // Development only: a production build leaves the pseudo-locale out altogether.
  pseudo: () =>
    process.env.NODE_ENV === 'production'
      ? Promise.reject(new Error('no pseudo-locale in production'))
      : import('./locales/pseudo/messages.json').then(messagesOf),
};

const loaded = new Map<CatalogLocale, Catalog>([['en', enCatalog]]);

export const loadCatalog = async (locale: CatalogLocale): Promise<Catalog> => {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const catalog = await loaders[locale]();
  loaded.set(locale, catalog);
  return catalog;
};

export const isMessageId = (value: unknown): value is MessageId =>
  typeof value === 'string' && Object.hasOwn(enCatalog, value);

/** A Lingui instance showing one catalog. */
export const linguiFor = (catalog: Catalog, locale: CatalogLocale = 'en'): LinguiI18n =>
  setupI18n({ locale, locales: [intlLocales[locale]], messages: { [locale]: catalog } });

/** A value the caller forgot stays visible as `{name}` instead of leaving a silent gap. */
const visibleGaps = (values: Values = {}): Values =>
  new Proxy(values, {
    get: (target, key) =>
      typeof key === 'string' && !(key in target) ? `{${key}}` : Reflect.get(target, key),
  });

export type Translate = (id: MessageId, values?: Values) => string;

export const translateWith =
  (lingui: LinguiI18n): Translate =>
  (id, values) =>
    lingui._(id, visibleGaps(values));

/** `t(id, values)` over one compiled catalog. */
export const translator = (catalog: Catalog, locale: CatalogLocale = 'en'): Translate =>
  translateWith(linguiFor(catalog, locale));

/** The server's way in: a translator for a user's language (its catalog loaded once). */
export const translatorFor = async (language: Language): Promise<Translate> =>
  translator(await loadCatalog(language), language);
