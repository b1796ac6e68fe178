import assert from 'node:assert/strict';
import { test } from 'node:test';
import { negotiateLanguage, preferredLanguage, supportedLanguageOf } from './language.js';

test('a tag counts by its primary subtag among the languages given', () => {
  assert.equal(supportedLanguageOf('fr-CA', ['en', 'fr']), 'fr');
  assert.equal(supportedLanguageOf('fr-CA', ['en', 'de']), undefined);
  assert.equal(preferredLanguage('fr-CA, de;q=0.8', ['en', 'de', 'fr']), 'fr');
  assert.equal(preferredLanguage('fr-CA, de;q=0.8', ['en', 'de']), 'de');
  assert.equal(preferredLanguage('en;q=0, *', ['en', 'de', 'fr']), 'de', 'the star: the first language not named');
});

test('?lang= first (remembered when it differs from the cookie), then the cookie, then Accept-Language, then the fallback', () => {
  const supported = ['en', 'de'] as const;
  assert.deepEqual(negotiateLanguage({ query: 'de', cookie: 'regatta_lang=en', acceptLanguage: 'en' }, supported, 'en'), { lang: 'de', fromQuery: true, remember: true });
  assert.deepEqual(negotiateLanguage({ query: 'de', cookie: 'regatta_lang=de', acceptLanguage: 'en' }, supported, 'en'), { lang: 'de', fromQuery: true, remember: false });
  assert.deepEqual(negotiateLanguage({ query: 'xx', cookie: 'a=1; regatta_lang=de', acceptLanguage: 'en' }, supported, 'en'), { lang: 'de', fromQuery: false, remember: false });
  assert.equal(negotiateLanguage({ query: undefined, cookie: undefined, acceptLanguage: 'de-CH' }, supported, 'en').lang, 'de');
  assert.equal(negotiateLanguage({ query: undefined, cookie: undefined, acceptLanguage: 'fr' }, supported, 'en').lang, 'en');
});
