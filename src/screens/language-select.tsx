import {
  isCatalogLocale,
  languageNames,
  languages,
  languageShortNames,
  pseudoLocaleEnabled,
  useI18n,
  type CatalogLocale,
} from '../i18n/i18n';

const PSEUDO_NAME = 'Pseudo-locale';
const nameOf = (locale: CatalogLocale) => (locale === 'pseudo' ? PSEUDO_NAME : languageNames[locale]);
const shortNameOf = (locale: CatalogLocale) => (locale === 'pseudo' ? 'XA' : languageShortNames[locale]);

/**
 * The header's language switcher, compact enough for a 360 px phone's header: a globe and the current language
 * short ('EN') drawn over a native select, which stays the real control (keyboard, screen readers, the phone's own
 * picker) and lists each language named in itself (plus the pseudo-locale in development).
 */
export function LanguageSelect() {
  const { t, language, setLanguage } = useI18n();
  return (
    <div className="language-select">
      <span className="language-select-face" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path
            d="M3 12h18M12 3c2.5 2.7 3.6 5.7 3.6 9s-1.1 6.3-3.6 9c-2.5-2.7-3.6-5.7-3.6-9S9.5 5.7 12 3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          />
        </svg>
        <span className="language-select-code">{shortNameOf(language)}</span>
      </span>
      <select
        aria-label={t('language.current', { language: nameOf(language) })}
        value={language}
        onChange={(event) => {
          if (isCatalogLocale(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {languageNames[code]}
          </option>
        ))}
        {pseudoLocaleEnabled ? (
          <option value="pseudo" lang="en-XA">
            {PSEUDO_NAME}
          </option>
        ) : null}
      </select>
    </div>
  );
}
