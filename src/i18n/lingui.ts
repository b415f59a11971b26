/**
 * Lingui without any English catalog: the translator functions and the loaders of the other languages, shared by
 * the server's core (./core.ts, every English message bundled) and the browser (./english.ts, English in two parts).
 */
import { setupI18n, type I18n as LinguiI18n, type Messages } from '@lingui/core';
import type { MessageId } from './en';
import type { Language } from '../domain/language';
import { intlLocales as languageLocales } from '../domain/language';

export type Values = Record<string, string | number>;
/** A compiled catalog (Lingui's precompiled ICU messages, by id). */
export type Catalog = Messages;
/** The languages with a catalog, and `pseudo` (English with accents and longer words) for development. */
export type CatalogLocale = Language | 'pseudo';

/** Each catalog's Intl locale, for its plural rules and the numbers in its messages (src/domain/locale-format.ts). */
export const intlLocales: Record<CatalogLocale, string> = { ...languageLocales, pseudo: languageLocales.en };

type CompiledModule = { default?: { messages: unknown }; messages?: unknown };
export const messagesOf = (module: CompiledModule): Catalog =>
  (module.default?.messages ?? module.messages) as Catalog;

/** The catalogs other than English, each its own chunk, loaded when its language is chosen. */
export const otherLoaders: Record<Exclude<CatalogLocale, 'en'>, () => Promise<Catalog>> = {
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

/** A Lingui instance showing one catalog; `missing` is told of an id the catalog lacks. */
export const linguiFor = (
  catalog: Catalog,
  locale: CatalogLocale = 'en',
  missing?: (locale: string, id: string) => string,
): LinguiI18n =>
  setupI18n({
    locale,
    locales: [intlLocales[locale]],
    messages: { [locale]: catalog },
    ...(missing && { missing }),
  });

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
