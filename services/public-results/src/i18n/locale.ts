/**
 * Every word of the public pages goes through i18next (the library the console uses), with one
 * resource file per language beside this module (en.json, de.json: the same keys, checked by a unit
 * test). A page is rendered with a Locale: its language, the translator fixed to it, and the date and
 * number formats of that language. Dates stay in UTC (a cached page is the same for every reader).
 */
import i18next from 'i18next';
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The resources as i18next takes them (one namespace, "translation"). */
export const RESOURCES = { en: { translation: en }, de: { translation: de } } as const;

type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
/** Dotted paths of the English resources' strings ("regatta.noticeBoard"), plural forms folded. */
type Paths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${WithoutPlural<K>}` : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Paths<typeof en>;
/** Groups of vocabulary codes with words under `terms.` (fleets' scoring systems, race statuses ...). */
export type TermGroup = keyof typeof en.terms;

const i18n = i18next.createInstance();
void i18n.init({
  resources: RESOURCES,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  returnNull: false,
  // The pages' html tag escapes every value it inserts; i18next must not escape a second time.
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

export type Vars = Record<string, string | number>;

export interface Locale {
  lang: Language;
  /** The message in this language ({{name}} placeholders filled; `count` picks the plural form). */
  t(key: MessageKey, vars?: Vars): string;
  /** A vocabulary code in words (`terms.<group>.<code>`), or the code humanized when there is none. */
  term(group: TermGroup, code: string): string;
  date(iso: string | null): string;
  dateTime(iso: string | null): string;
  dateRange(start: string | null, end: string | null): string;
  /** Points as the rules print them: whole numbers bare, otherwise one decimal (5.8, 5,8). */
  points(value: number): string;
  /** A measurement such as a course distance, up to two decimals. */
  number(value: number): string;
}

/** Intl locales of the languages: British English writes 3 Nov 2026, as the pages always did. */
const INTL_LOCALE: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

export const humanize = (text: string) => text.replace(/[_-]+/g, ' ');

function makeLocale(lang: Language): Locale {
  const fixed = i18n.getFixedT(lang);
  const t = (key: string, vars?: Vars) => fixed(key, vars ?? {});
  const intl = INTL_LOCALE[lang];
  const dateFormat = new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const dateTimeFormat = new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });
  const wholeFormat = new Intl.NumberFormat(intl, { maximumFractionDigits: 0, useGrouping: false });
  const decimalFormat = new Intl.NumberFormat(intl, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  const numberFormat = new Intl.NumberFormat(intl, { maximumFractionDigits: 2 });
  const date = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '');
  return {
    lang,
    t,
    term: (group, code) => {
      const key = `terms.${group}.${code}`;
      return i18n.exists(key, { lng: lang }) ? t(key) : humanize(code);
    },
    date,
    dateTime: (iso) => (iso ? dateTimeFormat.format(new Date(iso)) : ''),
    dateRange: (start, end) => {
      if (!start) return '';
      if (!end || date(start) === date(end)) return date(start);
      return `${date(start)} – ${date(end)}`;
    },
    points: (value) => (Number.isInteger(value) ? wholeFormat : decimalFormat).format(value),
    number: (value) => numberFormat.format(value),
  };
}

const LOCALES: Record<Language, Locale> = { en: makeLocale('en'), de: makeLocale('de') };

export const localeOf = (lang: Language): Locale => LOCALES[lang];
export const ENGLISH = LOCALES.en;
