import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chooseLanguage, cookieValue, fromAcceptLanguage, supportedLanguage } from './negotiate.js';

test('de and every de-XX are German; anything else is not one of ours', () => {
  assert.equal(supportedLanguage('de'), 'de');
  assert.equal(supportedLanguage('de-DE'), 'de');
  assert.equal(supportedLanguage('DE-at'), 'de');
  assert.equal(supportedLanguage('de-CH'), 'de');
  assert.equal(supportedLanguage('en-US'), 'en');
  assert.equal(supportedLanguage('fr'), undefined);
  assert.equal(supportedLanguage('deu'), undefined);
  assert.equal(supportedLanguage(''), undefined);
});

test('Accept-Language: q-values decide, the earlier range wins a tie, q=0 refuses', () => {
  assert.equal(fromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8'), 'de');
  assert.equal(fromAcceptLanguage('de-AT'), 'de');
  assert.equal(fromAcceptLanguage('en-GB,en;q=0.9,de;q=0.8'), 'en');
  assert.equal(fromAcceptLanguage('de;q=0.5, en;q=0.9'), 'en');
  assert.equal(fromAcceptLanguage('en;q=0.5, de-CH;q=0.7'), 'de');
  assert.equal(fromAcceptLanguage('fr-FR, fr;q=0.9, de;q=0.3'), 'de', 'the first language we have');
  assert.equal(fromAcceptLanguage('de, en'), 'de');
  assert.equal(fromAcceptLanguage('de;q=0, en;q=0.1'), 'en');
  assert.equal(fromAcceptLanguage('*'), 'en');
  assert.equal(fromAcceptLanguage('en;q=0, *'), 'de', 'the star stands for a language not refused');
  assert.equal(fromAcceptLanguage('fr'), undefined);
  assert.equal(fromAcceptLanguage('de;q=abc'), undefined, 'an unreadable q-value counts as refusal');
  assert.equal(fromAcceptLanguage(''), undefined);
  assert.equal(fromAcceptLanguage(undefined), undefined);
  assert.equal(fromAcceptLanguage(',;,;q=,de'), 'de');
});

test('the cookie is found among others', () => {
  assert.equal(cookieValue('a=1; regatta_lang=de; b=2', 'regatta_lang'), 'de');
  assert.equal(cookieValue('regatta_lang=en', 'regatta_lang'), 'en');
  assert.equal(cookieValue('xregatta_lang=de', 'regatta_lang'), undefined);
  assert.equal(cookieValue(undefined, 'regatta_lang'), undefined);
});

test('?lang= first, then the cookie, then Accept-Language, then English', () => {
  const choose = (query: unknown, cookie?: string, acceptLanguage?: string) => chooseLanguage({ query, cookie, acceptLanguage });
  assert.deepEqual(choose(undefined), { lang: 'en', fromQuery: false, remember: false });
  assert.deepEqual(choose(undefined, undefined, 'de-DE'), { lang: 'de', fromQuery: false, remember: false });
  assert.deepEqual(choose(undefined, 'regatta_lang=en', 'de-DE'), { lang: 'en', fromQuery: false, remember: false });
  assert.deepEqual(choose('en', undefined, 'de-DE'), { lang: 'en', fromQuery: true, remember: true });
  assert.deepEqual(choose('de', 'regatta_lang=de'), { lang: 'de', fromQuery: true, remember: false }, 'already remembered');
  assert.deepEqual(choose('de', 'regatta_lang=en'), { lang: 'de', fromQuery: true, remember: true });
  assert.deepEqual(choose('fr', undefined, 'de'), { lang: 'de', fromQuery: false, remember: false }, 'a language we do not have is ignored');
  assert.deepEqual(choose(['de', 'en'], undefined, 'en'), { lang: 'en', fromQuery: false, remember: false }, 'a repeated parameter is ignored');
  assert.deepEqual(choose(undefined, 'regatta_lang=xx', 'de'), { lang: 'de', fromQuery: false, remember: false });
});
