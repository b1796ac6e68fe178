import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_STORAGE_KEY } from '../i18n';

/**
 * Remembers the choice at once (the detector's localStorage key), then switches: a language other
 * than English loads its texts first, and a person who moves on meanwhile keeps the choice.
 */
export function chooseLanguage(lng: string, change: (lng: string) => void): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Storage refused (private mode): the switch still applies to this visit.
  }
  change(lng);
}

/** The language switch; the choice is remembered for the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = (i18n.resolvedLanguage ?? 'en').slice(0, 2);
  return (
    <label className="inline-field">
      <span>{t('nav.language')}</span>
      <select value={current} onChange={(event) => chooseLanguage(event.target.value, (lng) => void i18n.changeLanguage(lng))}>
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>{t(`languages.${lng}`)}</option>
        ))}
      </select>
    </label>
  );
}
