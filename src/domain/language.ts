/** The languages the app offers and a user can keep on the account (each has a complete catalog: `npm run i18n:check`). */
export const languages = ['en', 'fr'] as const;
export type Language = (typeof languages)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);
