/**
 * Which of the languages a text exists in a reader gets (the public pages, the widget's words, the
 * gateway's rate-limit page): the `lang` query parameter (a language switch link) first, then the
 * `regatta_lang` cookie that link leaves behind, then the browser's Accept-Language with its q-values
 * honoured, then the fallback. A tag counts by its primary subtag (de-AT is de).
 */

export const LANGUAGE_COOKIE = 'regatta_lang';
export const LANGUAGE_PARAM = 'lang';

/** A language tag (de, de-AT, en-US) as one of `supported`, or undefined when it is none of them. */
export function supportedLanguageOf<L extends string>(tag: string | undefined | null, supported: readonly L[]): L | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split('-')[0];
  return supported.find((lang) => lang === primary);
}

/**
 * The supported language the Accept-Language header prefers, or undefined. Ranges are taken by
 * q-value (default 1; q=0 means "not this"), the earlier one first on equal q; `*` stands for the
 * first language not otherwise named.
 */
export function preferredLanguage<L extends string>(header: string | undefined, supported: readonly L[]): L | undefined {
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
  const refused = new Set(ranges.filter((r) => r.quality === 0).map((r) => supportedLanguageOf(r.tag, supported)));
  for (const range of ranges) {
    if (range.quality === 0) break;
    if (range.tag === '*') return supported.find((lang) => !refused.has(lang) && !ranges.some((r) => supportedLanguageOf(r.tag, supported) === lang));
    const lang = supportedLanguageOf(range.tag, supported);
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

export interface LanguageChoiceOf<L extends string> {
  lang: L;
  /** Chosen by the address itself (`?lang=`): the answer does not vary with the reader's headers. */
  fromQuery: boolean;
  /** The cookie to set: the reader switched to a language the cookie does not already say. */
  remember: boolean;
}

export function negotiateLanguage<L extends string>(
  input: { query: unknown; cookie: string | undefined; acceptLanguage: string | undefined },
  supported: readonly L[],
  fallback: L,
): LanguageChoiceOf<L> {
  const cookie = supportedLanguageOf(cookieValue(input.cookie, LANGUAGE_COOKIE), supported);
  const asked = typeof input.query === 'string' ? supportedLanguageOf(input.query, supported) : undefined;
  if (asked) return { lang: asked, fromQuery: true, remember: asked !== cookie };
  return { lang: cookie ?? preferredLanguage(input.acceptLanguage, supported) ?? fallback, fromQuery: false, remember: false };
}
