/**
 * The app's languages. Every language with a catalog (src/i18n/locales/<code>/messages.po) is listed in
 * `catalogLanguages`; those offered to users (the switcher, sign-up, the account, the server's mails) in
 * `languages`: a language is shipped once its catalog is complete (`npm run i18n:check` fails on a shipped
 * language with work left). Twi is written with its ISO 639-1 code `ak` (Akan), the code browsers and CLDR know.
 */
export const catalogLanguages = ['en', 'fr', 'ak', 'ha', 'yo', 'sw', 'zu', 'ig', 'am'] as const;
export type Language = (typeof catalogLanguages)[number];

/** The shipped languages, in the switcher's order. */
export const languages = [
  'en',
  'fr',
  'ak',
  'ha',
  'yo',
  'sw',
  'zu',
  'ig',
  'am',
] as const satisfies readonly Language[];
export type ShippedLanguage = (typeof languages)[number];

export const isCatalogLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (catalogLanguages as readonly string[]).includes(value);

export const isLanguage = (value: unknown): value is ShippedLanguage =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** Each language named in itself (never translated: a reader looks for their own language's name). */
export const languageNames: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  ak: 'Twi',
  ha: 'Hausa',
  yo: 'Yorùbá',
  sw: 'Kiswahili',
  zu: 'isiZulu',
  ig: 'Igbo',
  am: 'አማርኛ',
};

/** The short form the header shows for the current language ('TW' for Twi: people know it as Twi, not Akan). */
export const languageShortNames: Record<Language, string> = {
  en: 'EN',
  fr: 'FR',
  ak: 'TW',
  ha: 'HA',
  yo: 'YO',
  sw: 'SW',
  zu: 'ZU',
  ig: 'IG',
  am: 'AM',
};

/** The writing direction, for <html dir>: every language of the app today is written left to right (Ge'ez too). */
export const textDirections: Record<Language, 'ltr' | 'rtl'> = {
  en: 'ltr',
  fr: 'ltr',
  ak: 'ltr',
  ha: 'ltr',
  yo: 'ltr',
  sw: 'ltr',
  zu: 'ltr',
  ig: 'ltr',
  am: 'ltr',
};

/** The Intl locale of each language's numbers and plural rules (Ghanaian English for English: GH₵ as in Ghana). */
export const intlLocales: Record<Language, string> = {
  en: 'en-GH',
  fr: 'fr',
  ak: 'ak',
  ha: 'ha',
  yo: 'yo',
  sw: 'sw',
  zu: 'zu',
  ig: 'ig',
  am: 'am',
};
