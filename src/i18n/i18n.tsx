/**
 * A small typed i18n layer (no library, see the decision in docs/decisions.md): catalogs are plain objects keyed by
 * stable ids, English is bundled, other languages are separate bundles loaded with import() on demand,
 * `t(id, { name })` fills `{name}` placeholders, and numbers, money and dates go through Intl.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { formatMoney as formatMinor, type MinorUnits } from '../domain/money';
import { en, type Catalog, type MessageId } from './en';

export const languages = ['en', 'fr'] as const;
export type Language = (typeof languages)[number];

/** Each language's Intl locale (Ghanaian English formats GH₵ as people in Ghana expect it). */
const locales: Record<Language, string> = { en: 'en-GH', fr: 'fr' };

const loaders: Record<Language, () => Promise<Catalog>> = {
  en: () => Promise.resolve(en),
  fr: () => import('./fr').then((module) => module.default),
};

const STORAGE_KEY = 'language';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

export const storedLanguage = (): Language => {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
};

const loaded = new Map<Language, Catalog>([['en', en]]);

export const loadCatalog = async (language: Language): Promise<Catalog> => {
  const cached = loaded.get(language);
  if (cached) return cached;
  const catalog = await loaders[language]();
  loaded.set(language, catalog);
  return catalog;
};

export type Values = Record<string, string | number>;

export const interpolate = (text: string, values?: Values): string =>
  values
    ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
    : text;

export const translator =
  (catalog: Catalog) =>
  (id: MessageId, values?: Values): string =>
    interpolate(catalog[id] ?? en[id] ?? id, values);

export interface I18n {
  language: Language;
  locale: string;
  t: (id: MessageId, values?: Values) => string;
  /** Integer minor units (pesewas) as GH₵ in the reader's locale. */
  formatMoney: (minor: MinorUnits) => string;
  formatDate: (date: Date, options?: Intl.DateTimeFormatOptions) => string;
  setLanguage: (language: Language) => Promise<void>;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({
  initialLanguage = 'en',
  initialCatalog,
  children,
}: {
  initialLanguage?: Language;
  /** The catalog of initialLanguage when the caller loaded it already (main.tsx does, before the first render). */
  initialCatalog?: Catalog;
  children: ReactNode;
}) {
  const [state, setState] = useState<{ language: Language; catalog: Catalog }>(() => ({
    language: initialCatalog || initialLanguage === 'en' ? initialLanguage : 'en',
    catalog: initialCatalog ?? en,
  }));

  const setLanguage = useCallback(async (language: Language) => {
    const catalog = await loadCatalog(language);
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Private mode or storage full: the choice lasts for this visit only.
    }
    setState({ language, catalog });
  }, []);

  useEffect(() => {
    // A language whose catalog was not given is loaded once; English shows until it arrives.
    if (initialCatalog || initialLanguage === 'en') return;
    let cancelled = false;
    void loadCatalog(initialLanguage).then((catalog) => {
      if (!cancelled) setState({ language: initialLanguage, catalog });
    });
    return () => {
      cancelled = true;
    };
  }, [initialLanguage, initialCatalog]);

  useEffect(() => {
    document.documentElement.lang = state.language;
  }, [state.language]);

  const value = useMemo<I18n>(() => {
    const locale = locales[state.language];
    return {
      language: state.language,
      locale,
      t: translator(state.catalog),
      formatMoney: (minor) => formatMinor(minor, locale),
      formatDate: (date, options) => new Intl.DateTimeFormat(locale, options).format(date),
      setLanguage,
    };
  }, [state, setLanguage]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = (): I18n => {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside <I18nProvider>');
  return i18n;
};

/** Translates an id that came from the machines or the server (a DomainMessageId, or anything unknown). */
export const isMessageId = (value: unknown): value is MessageId => typeof value === 'string' && value in en;
