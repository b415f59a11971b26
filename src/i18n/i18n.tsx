/**
 * The React binding of the i18n core (./core.ts): one Lingui instance per provider, given to the screens through a
 * context that changes whenever the instance's language or catalog does, and the screens' API: `useI18n()` gives `t(id, values)`, the language and
 * `setLanguage`; `useFormat()` (./format.ts) formats money and dates in the reader's language. The choice is kept in
 * localStorage.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { I18n as LinguiI18n } from '@lingui/core';
import {
  intlLocales,
  linguiFor,
  translateWith,
  type Catalog,
  type CatalogLocale,
  type Translate,
} from './lingui';
import { englishNow, loadCatalog, loadEnglish, onEnglishLoaded } from './english';
import { isLanguage, textDirections, type Language, type ShippedLanguage } from '../domain/language';

export { addEnglish, isMessageId, loadCatalog, loadEnglish, withEnglish } from './english';
export type { CatalogLocale, Values } from './lingui';
export type { MessageId } from './en';
export {
  isLanguage,
  languageNames,
  languageShortNames,
  languages,
  type Language,
  type ShippedLanguage,
} from '../domain/language';

const STORAGE_KEY = 'language';

/** The pseudo-locale is offered only in development (`npm run dev`), never in a production build. */
export const pseudoLocaleEnabled = process.env.NODE_ENV === 'development';

export const isCatalogLocale = (value: unknown): value is CatalogLocale =>
  isLanguage(value) || (pseudoLocaleEnabled && value === 'pseudo');

export const storedLanguage = (): CatalogLocale => {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isCatalogLocale(value) ? value : 'en';
  } catch {
    return 'en';
  }
};

let lastActivated: CatalogLocale = 'en';
/** The language on screen now, for code outside React (the sign-up request carries it). */
export const currentLanguage = (): ShippedLanguage => (isLanguage(lastActivated) ? lastActivated : 'en');

/** The language whose amounts and dates a catalog shows (the pseudo-locale's are English). */
export const formatLanguage = (locale: CatalogLocale): Language => (locale === 'pseudo' ? 'en' : locale);

export interface I18n {
  language: CatalogLocale;
  locale: string;
  t: Translate;
  setLanguage: (language: CatalogLocale) => Promise<void>;
}

/** An id the English shown so far lacks: the rest of English is fetched, and the id shows until it arrives. */
const fetchEnglishWhenMissing = (locale: string, id: string): string => {
  if (locale === 'en') void loadEnglish().catch(() => undefined);
  return id;
};

const SetLanguageContext = createContext<I18n['setLanguage'] | null>(null);

interface LinguiBinding {
  i18n: LinguiI18n;
  /** A new function whenever the language or catalog changes: what the screens' memos depend on. */
  _: LinguiI18n['_'];
}

const LinguiContext = createContext<LinguiBinding | null>(null);

const bindingOf = (i18n: LinguiI18n): LinguiBinding => ({ i18n, _: i18n._.bind(i18n) });

/** The provider's Lingui instance and its current translation function, for ./format.ts and the hooks below. */
export const useLingui = (): LinguiBinding => {
  const binding = useContext(LinguiContext);
  if (!binding) throw new Error('useI18n outside <I18nProvider>');
  return binding;
};

/**
 * What @lingui/react's provider does, without its <Trans> (no screen uses it; the public pages' first script need
 * not carry it): a new context value on every change of the instance.
 */
function LinguiProvider({ i18n, children }: { i18n: LinguiI18n; children: ReactNode }) {
  const [binding, setBinding] = useState(() => ({ ...bindingOf(i18n), locale: i18n.locale }));
  useEffect(() => {
    const update = () => setBinding({ ...bindingOf(i18n), locale: i18n.locale });
    const unsubscribe = i18n.on('change', update);
    // A change between the first render and this subscription.
    if (binding.locale !== i18n.locale) update();
    return unsubscribe;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n]);
  return <LinguiContext value={binding}>{children}</LinguiContext>;
}

export function I18nProvider({
  initialLanguage = 'en',
  initialCatalog,
  onLanguageChosen,
  children,
}: {
  initialLanguage?: CatalogLocale;
  /** The catalog of initialLanguage when the caller loaded it already (src/app/boot.tsx does, before the first render). */
  initialCatalog?: Catalog;
  /** Called after the reader picked a language (the app saves it on the signed-in user's account). */
  onLanguageChosen?: (language: CatalogLocale) => void;
  children: ReactNode;
}) {
  const [lingui] = useState(() =>
    initialCatalog || initialLanguage === 'en'
      ? linguiFor(initialCatalog ?? englishNow(), initialLanguage, fetchEnglishWhenMissing)
      : linguiFor(englishNow(), 'en', fetchEnglishWhenMissing),
  );

  // The rest of English, once it arrives (with a route's chunk, or for an id the public part lacks).
  useEffect(
    () =>
      onEnglishLoaded((messages) => {
        lingui.load('en', messages);
      }),
    [lingui],
  );

  const show = useCallback(
    (locale: CatalogLocale, messages: Catalog) => {
      lastActivated = locale;
      lingui.loadAndActivate({ locale, locales: [intlLocales[locale]], messages });
    },
    [lingui],
  );

  useEffect(() => {
    lastActivated = lingui.locale as CatalogLocale;
    // A language whose catalog was not given is loaded once; English shows until it arrives.
    if (initialCatalog || initialLanguage === 'en') return;
    let cancelled = false;
    void loadCatalog(initialLanguage).then((messages) => {
      if (!cancelled) show(initialLanguage, messages);
    });
    return () => {
      cancelled = true;
    };
  }, [lingui, show, initialLanguage, initialCatalog]);

  const setLanguage = useCallback(
    async (language: CatalogLocale) => {
      const messages = await loadCatalog(language);
      try {
        localStorage.setItem(STORAGE_KEY, language);
      } catch {
        // Private mode or storage full: the choice lasts for this visit only.
      }
      show(language, messages);
      onLanguageChosen?.(language);
    },
    [show, onLanguageChosen],
  );

  return (
    <LinguiProvider i18n={lingui}>
      <SetLanguageContext value={setLanguage}>
        <DocumentLanguage />
        {children}
      </SetLanguageContext>
    </LinguiProvider>
  );
}

export const useI18n = (): I18n => {
  const setLanguage = useContext(SetLanguageContext);
  if (!setLanguage) throw new Error('useI18n outside <I18nProvider>');
  const { i18n, _ } = useLingui();
  return useMemo<I18n>(() => {
    const language = i18n.locale as CatalogLocale;
    const locale = intlLocales[language];
    return {
      language,
      locale,
      t: translateWith(i18n),
      setLanguage,
    };
    // `_` changes whenever the active catalog changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n, _, setLanguage]);
};

/** Keeps <html lang> and dir on the language shown (screen readers pick their voice from it, fonts their glyphs). */
function DocumentLanguage() {
  const { i18n } = useLingui();
  const language = i18n.locale as CatalogLocale;
  useEffect(() => {
    const root = document.documentElement;
    const lang = language === 'pseudo' ? 'en-XA' : language;
    const dir = textDirections[formatLanguage(language)];
    // Written only when they change: each write restyles the whole page.
    if (root.lang !== lang) root.lang = lang;
    if (root.dir !== dir) root.dir = dir;
  }, [language]);
  return null;
}
