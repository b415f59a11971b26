import { useId } from 'react';
import { isLanguage, languages, useI18n } from '../i18n/i18n';

/** The header's language switcher: each language named in itself. */
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
          if (isLanguage(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {languages.map((code) => (
          <option key={code} value={code} lang={code}>
            {t(`language.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
