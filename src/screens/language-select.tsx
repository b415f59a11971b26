import { useId } from 'react';
import { isCatalogLocale, languages, pseudoLocaleEnabled, useI18n } from '../i18n/i18n';

/** The header's language switcher: each language named in itself (plus the pseudo-locale in development). */
export function LanguageSelect() {
  const { t, language, setLanguage } = useI18n();
  const id = useId();
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isCatalogLocale(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.${code}`)}
          </option>
        ))}
        {pseudoLocaleEnabled ? (
          <option value="pseudo" lang="en-XA">
            Pseudo-locale
          </option>
        ) : null}
      </select>
    </div>
  );
}
