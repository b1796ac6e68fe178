import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';

/** The language switch; i18next's detector remembers the choice (localStorage) for the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'en').slice(0, 2);
  return (
    <label className="inline-field">
      <span>{t('nav.language')}</span>
      <select value={current} onChange={(event) => void i18n.changeLanguage(event.target.value)}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>{t(`languages.${lng}`)}</option>
        ))}
      </select>
    </label>
  );
}
