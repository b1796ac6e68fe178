/**
 * The language of an HTML answer, and the headers that say it: `Content-Language`, `Vary` (the page
 * depends on Accept-Language and the cookie unless `?lang=` chose it), and the `regatta_lang` cookie
 * when the reader switched language with a `?lang=` link. JSON twins carry no language.
 */
import type { Request, Response } from 'express';
import { chooseLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, LANGUAGE_PARAM, type LanguageChoice } from '../i18n/negotiate.js';

export function requestLanguage(req: Request): LanguageChoice {
  return chooseLanguage({ query: (req.query as Record<string, unknown>)[LANGUAGE_PARAM], cookie: req.header('cookie'), acceptLanguage: req.header('accept-language') });
}

/** What a shared cache must key an HTML answer by, besides its address. */
export const htmlVary = (choice: LanguageChoice) => (choice.fromQuery ? 'Accept-Encoding' : 'Accept-Encoding, Accept-Language, Cookie');

/**
 * Content-Language, Vary and, for a switch, the cookie that remembers it. An answer that sets the
 * cookie is the reader's own (`private`): a shared cache must not hand the Set-Cookie to others.
 */
export function sayLanguage(res: Response, choice: LanguageChoice): void {
  res.setHeader('Content-Language', choice.lang);
  res.setHeader('Vary', htmlVary(choice));
  if (choice.remember) {
    res.append('Set-Cookie', `${LANGUAGE_COOKIE}=${choice.lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly`);
    const cacheControl = res.getHeader('Cache-Control');
    if (typeof cacheControl === 'string') res.setHeader('Cache-Control', cacheControl.replace(/^public\b/, 'private'));
  }
}
