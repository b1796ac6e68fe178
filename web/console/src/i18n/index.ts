/**
 * One i18n layer for every word of the console: i18next with react-i18next. Each area of the console
 * has its own namespace file per language (locales/<lng>/<area>.json). English, the fallback, is in
 * the first load; another language's files are a chunk of their own, loaded when it is chosen
 * (i18next-resources-to-backend), so an English reader does not download German. The
 * language follows the browser's preferred languages (the ones it sends as Accept-Language) until the
 * person picks one with the switch, which is remembered in localStorage (a preference, not a secret).
 */
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'regatta.lang';

type Bundle = Record<string, unknown>;
const english = import.meta.glob<Bundle>('./locales/en/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<Bundle>(['./locales/*/*.json', '!./locales/en/*.json'], { import: 'default' });

export function resourcesOf(modules: Record<string, Bundle>): Record<string, Record<string, Bundle>> {
  const resources: Record<string, Record<string, Bundle>> = {};
  for (const [path, bundle] of Object.entries(modules)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lng, ns] = match as unknown as [string, string, string];
    (resources[lng] ??= {})[ns] = bundle;
  }
  return resources;
}

const resources = resourcesOf(english);

/** Resolves once the language's texts are there (at once for English, bundled). */
export const i18nReady: Promise<unknown> = i18n
  .use(LanguageDetector)
  .use(resourcesToBackend((lng: string, ns: string) => others[`./locales/${lng}/${ns}.json`]?.() ?? Promise.resolve({})))
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    ns: Object.keys(resources['en'] ?? { common: {} }),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    // The console renders once the texts are loaded (main.tsx waits for i18nReady), and a later
    // switch loads the new language before it changes anything: no screen ever suspends on texts.
    react: { useSuspense: false },
    returnNull: false,
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
    },
  });

function applyDocumentLanguage(lng: string | undefined): void {
  if (typeof document !== 'undefined') document.documentElement.lang = (lng ?? 'en').slice(0, 2);
}
applyDocumentLanguage(i18n.resolvedLanguage);
i18n.on('languageChanged', applyDocumentLanguage);

export function currentLanguage(): Language {
  const lng = (i18n.resolvedLanguage ?? 'en').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'en';
}

export default i18n;
