/**
 * English in the browser, in parts: the public pages' messages (./locales/en/public*.json, made by `npm run i18n`
 * from the ids those pages' modules name: scripts/i18n-public-ids.ts) are in the first route's bundle, the log-in
 * and sign-up forms' own in their chunks; every other message arrives with the other routes' chunks
 * (src/app/routes.tsx), or as soon as a public page meets an id it lacks (an answer of the server's, say). Other
 * languages load whole (./lingui.ts).
 */
import type { MessageId } from './en';
import publicEnglish from './locales/en/public.json';
import { messagesOf, otherLoaders, type Catalog, type CatalogLocale } from './lingui';

let english: Catalog = publicEnglish.messages as unknown as Catalog;
let complete: Promise<Catalog> | null = null;
const listeners = new Set<(catalog: Catalog) => void>();

/** The English messages loaded so far: the public ones, then all. */
export const englishNow = (): Catalog => english;

/**
 * A public route's own English, added when its chunk has loaded and before it renders. Added in place: every
 * I18nProvider's English is this one catalog, so the route's first render (a hydration) has its text, and no
 * provider re-renders for it.
 */
export const addEnglish = (part: { messages: unknown }): void => {
  Object.assign(english, part.messages);
};

/** Every English message (one chunk, fetched once); each I18nProvider is told when it arrives. */
export const loadEnglish = (): Promise<Catalog> => {
  complete ??= import('./english-catalog').then(messagesOf).then((catalog) => {
    english = catalog;
    for (const listener of listeners) listener(catalog);
    return catalog;
  });
  return complete;
};

export const onEnglishLoaded = (listener: (catalog: Catalog) => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A route's chunk together with every English message, so it never renders an id in place of its text. */
export const withEnglish = <T>(chunk: Promise<T>): Promise<T> =>
  Promise.all([chunk, loadEnglish()]).then(([module]) => module);

const loaded = new Map<CatalogLocale, Catalog>();

export const loadCatalog = async (locale: CatalogLocale): Promise<Catalog> => {
  if (locale === 'en') return loadEnglish();
  const cached = loaded.get(locale);
  if (cached) return cached;
  const catalog = await otherLoaders[locale]();
  loaded.set(locale, catalog);
  return catalog;
};

/** Whether the English loaded so far has this id (all of them once a route beyond the public pages has loaded). */
export const isMessageId = (value: unknown): value is MessageId =>
  typeof value === 'string' && Object.hasOwn(english, value);
