/**
 * The page a browser gets when its address is over the public pages' per-minute limit, in the
 * reader's language. The words are the public pages' (public-results i18n `rateLimit`, served as
 * /embed/v1/rate-limit.json); the gateway fetches them in the background and keeps them, so a 429
 * never waits for (or adds load to) public-results. Until they arrive, and whenever they cannot be
 * read, the page is in English from the words below. The language is chosen as the pages choose it
 * (@regatta/http negotiateLanguage: `?lang=`, the regatta_lang cookie, Accept-Language).
 */
import { ASSERTION_HEADER, negotiateLanguage, signAssertion } from '@regatta/http';

export interface LimitWords {
  title: string;
  /** Plural forms of the sentence, by Intl.PluralRules category (`one`, `other`), with {{count}}. */
  body_one?: string;
  body_other: string;
}

export interface LimitWordsByLanguage {
  fallback: string;
  languages: Record<string, LimitWords>;
}

const ENGLISH: LimitWordsByLanguage = {
  fallback: 'en',
  languages: {
    en: {
      title: 'Too many requests',
      body_one: 'This address sent too many requests. Please try again in {{count}} second.',
      body_other: 'This address sent too many requests. Please try again in {{count}} seconds.',
    },
  },
};

/** Kept words are read again after an hour; a failed read is tried again after 30 s at the earliest. */
const REFRESH_MS = 3_600_000;
const RETRY_MS = 30_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function isWords(value: unknown): value is LimitWordsByLanguage {
  const v = value as LimitWordsByLanguage | undefined;
  if (!v || typeof v.fallback !== 'string' || typeof v.languages !== 'object' || v.languages === null) return false;
  const all = Object.entries(v.languages);
  return (
    all.some(([lang]) => lang === v.fallback) &&
    all.every(([lang, w]) => /^[a-z]{2,3}$/.test(lang) && typeof w?.title === 'string' && typeof w.body_other === 'string')
  );
}

/** The page itself: the words in `lang`, the seconds filled in (with the language's plural form). */
export function limitPage(words: LimitWordsByLanguage, lang: string, seconds: number): string {
  const w = words.languages[lang] ?? words.languages[words.fallback]!;
  const form = new Intl.PluralRules(lang).select(seconds);
  const sentence = ((form === 'one' ? w.body_one : undefined) ?? w.body_other).replace(/\{\{count\}\}/g, String(seconds));
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(w.title)}</title></head><body><main><h1>${escapeHtml(w.title)}</h1><p>${escapeHtml(sentence)}</p></main></body></html>`;
}

export interface LimitPages {
  /** The page for this reader (`lang` query value, Cookie and Accept-Language headers). */
  render(reader: { query: string | undefined; cookie: string | undefined; acceptLanguage: string | undefined }, seconds: number): { body: string; lang: string };
}

/** `load` reads the words (the public-results document); it is called at once and then as needed. */
export function limitPages(load: () => Promise<unknown>, now: () => number = Date.now): LimitPages {
  let words = ENGLISH;
  let loadedAt: number | undefined;
  let triedAt = -Infinity;
  let loading = false;
  const refresh = () => {
    const at = now();
    const due = loadedAt === undefined ? at - triedAt >= RETRY_MS : at - loadedAt >= REFRESH_MS && at - triedAt >= RETRY_MS;
    if (loading || !due) return;
    loading = true;
    triedAt = at;
    load()
      .then((value) => {
        const data = (value as { data?: unknown } | undefined)?.data;
        if (isWords(data)) {
          words = data;
          loadedAt = now();
        }
      })
      .catch(() => undefined)
      .finally(() => {
        loading = false;
      });
  };
  refresh();
  return {
    render(reader, seconds) {
      refresh();
      const supported = Object.keys(words.languages);
      const { lang } = negotiateLanguage({ query: reader.query, cookie: reader.cookie, acceptLanguage: reader.acceptLanguage }, supported, words.fallback);
      return { body: limitPage(words, lang, seconds), lang };
    },
  };
}

/** Reads the words from public-results (as the public door asks it: an anonymous assertion), within 2 s. */
export function fetchLimitWords(publicResultsUrl: string, assertionSecret: string): () => Promise<unknown> {
  return async () => {
    const response = await fetch(`${publicResultsUrl.replace(/\/+$/, '')}/embed/v1/rate-limit.json`, {
      headers: { [ASSERTION_HEADER]: signAssertion({ scopes: [], roles: {}, via: 'anonymous' }, assertionSecret) },
      signal: AbortSignal.timeout(2_000),
    });
    if (!response.ok) throw new Error(`rate-limit words: HTTP ${response.status}`);
    return response.json();
  };
}
