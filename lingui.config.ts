// Lingui: where the catalogs are and how they are written. scripts/i18n-catalogs.ts reads this file, so
// `npm run i18n` and Lingui's own tools see the same locales, format and paths (README, "Translations").
import { formatter } from '@lingui/format-po';
import type { LinguiConfig } from '@lingui/conf';
import { catalogLanguages } from './src/domain/language';

const config = {
  sourceLocale: 'en',
  // Every language with a catalog (src/domain/language.ts); `pseudo` is compiled from English for development only (never shipped, never translated).
  locales: [...catalogLanguages, 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/i18n/locales/{locale}/messages', include: ['src'] }],
  // Ids are explicit (`signUp.title`): msgid is the id, msgstr the text, `#.` the note for translators.
  format: formatter({ explicitIdAsDefault: true, origins: false }),
  compileNamespace: 'json',
} satisfies LinguiConfig;

export default config;
