/**
 * Which language a reader gets: the `lang` query parameter (a language switch link) first, then the
 * `regatta_lang` cookie that link leaves behind, then the browser's Accept-Language with its q-values
 * honoured; German for de and any de-XX, English for everything else. The rule itself is shared
 * (@regatta/http language.ts: the gateway's rate-limit page chooses the same way).
 */
import { LANGUAGE_COOKIE, LANGUAGE_PARAM, cookieValue, negotiateLanguage, preferredLanguage, supportedLanguageOf, type LanguageChoiceOf } from '@regatta/http';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './locale.js';

export { LANGUAGE_COOKIE, LANGUAGE_PARAM, cookieValue };
/** A year: the choice is a preference, not a secret, and is made again with one click. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** A language tag (de, de-AT, en-US) as one of ours, or undefined when it is none of them. */
export const supportedLanguage = (tag: string | undefined | null): Language | undefined => supportedLanguageOf(tag, LANGUAGES);

/** The language of ours the Accept-Language header prefers (q-values honoured), or undefined. */
export const fromAcceptLanguage = (header: string | undefined): Language | undefined => preferredLanguage(header, LANGUAGES);

export type LanguageChoice = LanguageChoiceOf<Language>;

export function chooseLanguage(input: { query: unknown; cookie: string | undefined; acceptLanguage: string | undefined }): LanguageChoice {
  return negotiateLanguage(input, LANGUAGES, DEFAULT_LANGUAGE);
}
