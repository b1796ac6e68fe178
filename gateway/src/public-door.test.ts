import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageCookie } from './public-door.js';

test('of the cookies only the public pages language choice goes on, rebuilt', () => {
  assert.equal(languageCookie('regatta_session=abc.def; regatta_lang=de; other=1'), 'regatta_lang=de');
  assert.equal(languageCookie('regatta_lang=en'), 'regatta_lang=en');
  assert.equal(languageCookie('regatta_lang=de-AT;session=x'), 'regatta_lang=de-AT');
  assert.equal(languageCookie('session=secret'), undefined);
  assert.equal(languageCookie('regatta_lang=de; session=secret'), 'regatta_lang=de', 'the session is dropped');
  assert.equal(languageCookie('xregatta_lang=de'), undefined);
  assert.equal(languageCookie('regatta_lang=de,session=secret'), undefined, 'nothing that is not a language tag');
  assert.equal(languageCookie('regatta_lang="de"'), undefined);
  assert.equal(languageCookie(undefined), undefined);
  assert.equal(languageCookie(['regatta_lang=de']), undefined);
});
