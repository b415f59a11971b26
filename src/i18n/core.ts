/**
 * The i18n core, without React, for the server (mails) and tools: Lingui 5 with explicit, stable message ids.
 * Catalogs are PO files (./locales/<locale>/messages.po, English the source) compiled to
 * ./locales/<locale>/messages.json by `npm run i18n`. Here every English message is bundled; the browser takes
 * English in two parts instead (./english.ts), so the first route carries only the public pages' messages.
 */
import { enCatalog, type MessageId } from './en';
import type { Language } from '../domain/language';
import { otherLoaders, translator, type Catalog, type CatalogLocale, type Translate } from './lingui';

export { enCatalog, type MessageId } from './en';
export {
  intlLocales,
  linguiFor,
  translateWith,
  translator,
  type Catalog,
  type CatalogLocale,
  type Translate,
  type Values,
} from './lingui';

const loaded = new Map<CatalogLocale, Catalog>([['en', enCatalog]]);

export const loadCatalog = async (locale: CatalogLocale): Promise<Catalog> => {
  const cached = loaded.get(locale);
  if (cached) return cached;
  const catalog = await otherLoaders[locale as Exclude<CatalogLocale, 'en'>]();
  loaded.set(locale, catalog);
  return catalog;
};

export const isMessageId = (value: unknown): value is MessageId =>
  typeof value === 'string' && Object.hasOwn(enCatalog, value);

/** The server's way in: a translator for a user's language (its catalog loaded once). */
export const translatorFor = async (language: Language): Promise<Translate> =>
  translator(await loadCatalog(language), language);
