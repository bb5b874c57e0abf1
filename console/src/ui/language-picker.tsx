import { useId } from 'react';
import { LANGUAGE_NAMES, type Language, useI18n } from '../i18n/index.js';

export function LanguagePicker() {
  const { language, setLanguage, t } = useI18n();
  const id = useId();
  return (
    <div className="language">
      <label htmlFor={id}>{t('app.language')}</label>
      <select id={id} value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
        {Object.entries(LANGUAGE_NAMES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
