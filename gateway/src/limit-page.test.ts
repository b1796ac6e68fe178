import assert from 'node:assert/strict';
import { test } from 'node:test';
import { limitPage, limitPages, type LimitWordsByLanguage } from './limit-page.js';

const WORDS: LimitWordsByLanguage = {
  fallback: 'en',
  languages: {
    en: { title: 'Too many requests', body_one: 'Try again in {{count}} second.', body_other: 'Try again in {{count}} seconds.' },
    de: { title: 'Zu viele Anfragen', body_one: 'Bitte in {{count}} Sekunde erneut.', body_other: 'Bitte in {{count}} Sekunden erneut.' },
  },
};
const reader = (over: Partial<{ query: string; cookie: string; acceptLanguage: string }> = {}) => ({ query: undefined, cookie: undefined, acceptLanguage: undefined, ...over });
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('the page says the seconds in the language\'s plural form and escapes the words', () => {
  assert.match(limitPage(WORDS, 'de', 1), /<html lang="de">.*<title>Zu viele Anfragen<\/title>.*<h1>Zu viele Anfragen<\/h1><p>Bitte in 1 Sekunde erneut\.<\/p>/);
  assert.match(limitPage(WORDS, 'de', 42), /Bitte in 42 Sekunden erneut\./);
  assert.match(limitPage(WORDS, 'en', 0), /Try again in 0 seconds\./);
  const hostile: LimitWordsByLanguage = { fallback: 'en', languages: { en: { title: '<script>x</script>', body_other: '"{{count}}"' } } };
  assert.match(limitPage(hostile, 'en', 3), /<title>&#60;script&#62;x&#60;\/script&#62;<\/title>.*<p>&#34;3&#34;<\/p>/);
});

test('the reader gets the language as the pages choose it: ?lang=, then the cookie, then Accept-Language', async () => {
  const pages = limitPages(async () => ({ data: WORDS }));
  await settle();
  assert.equal(pages.render(reader({ acceptLanguage: 'de-AT,de;q=0.9,en;q=0.5' }), 30).lang, 'de');
  assert.equal(pages.render(reader({ acceptLanguage: 'fr-FR' }), 30).lang, 'en', 'a language without words: the fallback');
  assert.equal(pages.render(reader({ cookie: 'regatta_lang=de', acceptLanguage: 'en' }), 30).lang, 'de');
  assert.equal(pages.render(reader({ query: 'en', cookie: 'regatta_lang=de' }), 30).lang, 'en');
  assert.match(pages.render(reader({ acceptLanguage: 'de' }), 30).body, /Bitte in 30 Sekunden erneut/);
});

test('until the words arrive, or when they cannot be read, the page is English; a failed read is retried after 30 s', async () => {
  let clock = 0;
  let calls = 0;
  let answer: () => Promise<unknown> = () => Promise.reject(new Error('public-results away'));
  const pages = limitPages(() => {
    calls += 1;
    return answer();
  }, () => clock);
  await settle();
  const german = reader({ acceptLanguage: 'de' });
  assert.deepEqual([pages.render(german, 5).lang, calls], ['en', 1]);
  assert.match(pages.render(german, 5).body, /This address sent too many requests\. Please try again in 5 seconds\./);
  clock = 29_999;
  pages.render(german, 5);
  assert.equal(calls, 1, 'no second read within 30 s');
  answer = async () => ({ data: { fallback: 'en', languages: { de: { title: 'x', body_other: 'y' } } } });
  clock = 30_000;
  pages.render(german, 5);
  await settle();
  assert.deepEqual([calls, pages.render(german, 5).lang], [2, 'en'], 'words without their fallback language are not taken');
  answer = async () => ({ data: WORDS });
  clock = 60_000;
  pages.render(german, 5);
  await settle();
  assert.deepEqual([calls, pages.render(german, 5).lang], [3, 'de']);
  clock = 60_000 + 3_599_999;
  pages.render(german, 5);
  assert.equal(calls, 3, 'kept words are read again after an hour, not before');
});
