/** The languages the app offers (each has a complete catalog: `npm run i18n:check` fails otherwise). */
export const languages = ['en', 'fr'] as const;
export type Language = (typeof languages)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);
