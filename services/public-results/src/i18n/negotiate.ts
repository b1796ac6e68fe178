/**
 * Which language a reader gets: the `lang` query parameter (a language switch link) first, then the
 * `regatta_lang` cookie that link leaves behind, then the browser's Accept-Language with its q-values
 * honoured; German for de and any de-XX, English for everything else.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from './locale.js';

export const LANGUAGE_COOKIE = 'regatta_lang';
export const LANGUAGE_PARAM = 'lang';
/** A year: the choice is a preference, not a secret, and is made again with one click. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** A language tag (de, de-AT, en-US) as one of ours, or undefined when it is none of them. */
export function supportedLanguage(tag: string | undefined | null): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split('-')[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The supported language the Accept-Language header prefers, or undefined. Ranges are taken by
 * q-value (default 1; q=0 means "not this"), the earlier one first on equal q; `*` stands for the
 * first language not otherwise named.
 */
export function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .slice(0, 50)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((piece) => piece.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.toLowerCase(), quality: Number.isFinite(quality) ? Math.min(Math.max(quality, 0), 1) : 0, index };
    })
    .filter((range) => range.tag !== '')
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const refused = new Set(ranges.filter((r) => r.quality === 0).map((r) => supportedLanguage(r.tag)));
  for (const range of ranges) {
    if (range.quality === 0) break;
    if (range.tag === '*') return LANGUAGES.find((lang) => !refused.has(lang) && !ranges.some((r) => supportedLanguage(r.tag) === lang));
    const lang = supportedLanguage(range.tag);
    if (lang && !refused.has(lang)) return lang;
  }
  return undefined;
}

/** The value of one cookie in a Cookie header, undefined when absent. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

export interface LanguageChoice {
  lang: Language;
  /** Chosen by the address itself (`?lang=`): the answer does not vary with the reader's headers. */
  fromQuery: boolean;
  /** The cookie to set: the reader switched to a language the cookie does not already say. */
  remember: boolean;
}

export function chooseLanguage(input: { query: unknown; cookie: string | undefined; acceptLanguage: string | undefined }): LanguageChoice {
  const cookie = supportedLanguage(cookieValue(input.cookie, LANGUAGE_COOKIE));
  const asked = typeof input.query === 'string' ? supportedLanguage(input.query) : undefined;
  if (asked) return { lang: asked, fromQuery: true, remember: asked !== cookie };
  return { lang: cookie ?? fromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LANGUAGE, fromQuery: false, remember: false };
}
