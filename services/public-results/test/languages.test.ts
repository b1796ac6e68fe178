/**
 * The public pages in English and German through the gateway: the language follows Accept-Language
 * (q-values), a `?lang=` switch (remembered in the regatta_lang cookie, which the gateway's public
 * door lets through while it drops every other cookie), the answer says Content-Language and Vary,
 * the page cache and ETags are per language (a German page never reaches an English reader), JSON
 * twins stay language-neutral, and every page links Sign in to the console.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, eventually, gatewayUrl } from '@regatta/testing';
import { buildRegatta, type TestRegatta } from './regatta.js';

const api = apiClient();
const base = gatewayUrl();
const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' });
const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };

describe('public pages in English and German', () => {
  let regatta: TestRegatta;

  before(async () => {
    regatta = await buildRegatta(api, { places: 2, boats: 3, races: 2 });
    await regatta.submit(1, [[1, 1800], [2, 1815]]);
    await eventually(async () => {
      const response = await fetch(`${base}/regattas/${regatta.slug}/standings.json`);
      if (response.status !== 200) return undefined;
      const body = (await response.json()) as any;
      return body.data.fleets[0]?.entries.length === 2 ? true : undefined;
    }, 15_000, 'standings projected');
  });

  test('a German Accept-Language gets the German page: lang="de", Content-Language de, Vary, Anmelden', async () => {
    for (const tab of ['', '/entries', '/results', '/standings']) {
      const response = await get(`/regattas/${regatta.slug}${tab}`, GERMAN);
      assert.equal(response.status, 200, tab);
      assert.equal(response.headers.get('content-language'), 'de', tab);
      assert.equal(response.headers.get('vary'), 'Accept-Encoding, Accept-Language, Cookie', tab);
      assert.match(response.headers.get('cache-control') ?? '', /^public, max-age=\d+$/);
      assert.equal(response.headers.get('set-cookie'), null, 'no cookie without a switch');
      const page = await response.text();
      assert.match(page, /<html lang="de">/, tab);
      assert.ok(page.includes(`<a class="signin" href="/console/sign-in?next=%2Fregattas%2F${regatta.slug}">Anmelden</a>`), tab);
      assert.match(page, /<nav class="tabs" aria-label="Regatta"><ul><li><a [^>]*>Übersicht<\/a><\/li><li><a [^>]*>Meldungen<\/a><\/li><li><a [^>]*>Ergebnisse<\/a><\/li><li><a [^>]*>Gesamtwertung<\/a><\/li><\/ul><\/nav>/, tab);
    }
    const standings = await (await get(`/regattas/${regatta.slug}/standings`, { 'accept-language': 'de-AT' })).text();
    assert.match(standings, /<span class="badge provisional">Vorläufig<\/span>/);
    assert.match(standings, /<th scope="col" class="num">Netto<\/th>/);
    assert.doesNotMatch(standings, /Provisional|Standings|Sign in/);
    const overview = await (await get(`/regattas/${regatta.slug}`, GERMAN)).text();
    assert.ok(overview.includes('<h2>Wettfahrtplan</h2>'));
    assert.ok(overview.includes('<h2>Schwarzes Brett</h2>'));
  });

  test('without Accept-Language, or with another language, the page is English', async () => {
    for (const headers of [{}, { 'accept-language': 'fr-FR,fr;q=0.9' }, { 'accept-language': 'de;q=0.2, en;q=0.8' }] as Array<Record<string, string>>) {
      const response = await get(`/regattas/${regatta.slug}/standings`, headers);
      assert.equal(response.headers.get('content-language'), 'en', JSON.stringify(headers));
      const page = await response.text();
      assert.match(page, /<html lang="en">/);
      assert.match(page, /Provisional/);
      assert.ok(page.includes(`<a class="signin" href="/console/sign-in?next=%2Fregattas%2F${regatta.slug}">Sign in</a>`));
    }
  });

  test('?lang=en overrides Accept-Language, is remembered in a cookie the gateway passes on, and ?lang=de switches back', async () => {
    const switched = await get(`/regattas/${regatta.slug}/results?lang=en`, GERMAN);
    assert.equal(switched.headers.get('content-language'), 'en');
    assert.equal(switched.headers.get('vary'), 'Accept-Encoding', 'the address alone says the language');
    assert.match(switched.headers.get('cache-control') ?? '', /^private, max-age=\d+$/, 'an answer that sets a cookie is not for shared caches');
    const cookie = switched.headers.get('set-cookie') ?? '';
    assert.match(cookie, /^regatta_lang=en; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);
    assert.match(await switched.text(), /<html lang="en">/);

    // The next page, with the cookie (and a session cookie the door must drop), stays English.
    const remembered = await get(`/regattas/${regatta.slug}/standings`, { ...GERMAN, cookie: `regatta_session=not-for-public-results; ${cookie.split(';')[0]}` });
    assert.equal(remembered.headers.get('content-language'), 'en');
    assert.equal(remembered.headers.get('set-cookie'), null);
    assert.match(await remembered.text(), /<html lang="en">/);

    const back = await get(`/regattas/${regatta.slug}/standings?lang=de`, { cookie: 'regatta_lang=en' });
    assert.equal(back.headers.get('content-language'), 'de');
    assert.match(back.headers.get('set-cookie') ?? '', /^regatta_lang=de;/);
    const page = await back.text();
    assert.match(page, /<html lang="de">/);
    assert.ok(page.includes(`<a href="/regattas/${regatta.slug}/standings?lang=en" hreflang="en" lang="en">English</a>`), 'the switch to English');
    assert.ok(page.includes(`<a href="/regattas/${regatta.slug}/standings?lang=de" hreflang="de" lang="de" aria-current="true">Deutsch</a>`));
    const same = await get(`/regattas/${regatta.slug}/standings?lang=de`, { cookie: 'regatta_lang=de' });
    assert.equal(same.headers.get('set-cookie'), null, 'already remembered');
    assert.match(same.headers.get('cache-control') ?? '', /^public, /);
    await same.text();
  });

  test('the page cache and ETags are per language: a German page never reaches an English reader', async () => {
    const path = `/regattas/${regatta.slug}/entries`;
    // Twice German (the second answer comes from the page cache), then English without any header.
    const german = await get(path, GERMAN);
    await german.text();
    const germanAgain = await get(path, GERMAN);
    const germanEtag = germanAgain.headers.get('etag');
    assert.equal(germanEtag, german.headers.get('etag'));
    assert.match(await germanAgain.text(), /<html lang="de">/);
    const english = await get(path);
    assert.match(await english.text(), /<html lang="en">/);
    assert.notEqual(english.headers.get('etag'), germanEtag);
    // A German validator does not make an English reader's answer a 304.
    const revalidated = await get(path, { 'if-none-match': germanEtag! });
    assert.equal(revalidated.status, 200);
    assert.match(await revalidated.text(), /<html lang="en">/);
    const notModified = await get(path, { ...GERMAN, 'if-none-match': germanEtag! });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.headers.get('content-language'), 'de');
  });

  test('JSON twins are the same in every language and say none', async () => {
    for (const path of [`/regattas/${regatta.slug}.json`, `/regattas/${regatta.slug}/standings.json`, '/regattas.json']) {
      const english = await fetch(base + path);
      const german = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}lang=de`, { headers: GERMAN });
      assert.equal(german.headers.get('content-language'), null, path);
      assert.equal(german.headers.get('set-cookie'), null, path);
      assert.equal(german.headers.get('vary'), 'Accept-Encoding', path);
      assert.equal(german.headers.get('etag'), english.headers.get('etag'), path);
      assert.equal(await german.text(), await english.text(), path);
    }
  });

  test('listing, club, not-found and embed demo pages speak German too and link Sign in', async () => {
    const listing = await get(`/regattas?q=${encodeURIComponent(regatta.name)}`, GERMAN);
    const list = await listing.text();
    assert.match(list, /<h1>Regatten<\/h1>/);
    assert.match(list, /<button type="submit">Suchen<\/button>/);
    assert.ok(list.includes(`href="/regattas?q=${encodeURIComponent(regatta.name).replace(/%20/g, '+')}&amp;lang=en"`), 'the switch keeps the search');
    assert.ok(list.includes('<a class="signin" href="/console/sign-in">Anmelden</a>'));

    const club = await (await get(`/clubs/${regatta.org.slug}`, GERMAN)).text();
    assert.match(club, /<h2>Bevorstehende Regatten<\/h2>/);
    assert.ok(club.includes(`<a class="signin" href="/console/sign-in?next=%2Forgs%2F${regatta.org.slug}">Anmelden</a>`));

    const missing = await get('/regattas/no-such-regatta-here', GERMAN);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('content-language'), 'de');
    assert.match(await missing.text(), /Die Regatta wurde nicht gefunden oder ist nicht öffentlich\./);

    const demo = await get('/embed/v1/demo', GERMAN);
    assert.equal(demo.headers.get('content-language'), 'de');
    assert.equal(demo.headers.get('vary'), 'Accept-Encoding, Accept-Language, Cookie');
    const demoPage = await demo.text();
    assert.match(demoPage, /<html lang="de">/);
    assert.match(demoPage, /<h1>Live-Regattaergebnisse auf der Website Ihres Vereins<\/h1>/);
    assert.ok(demoPage.includes('<a class="signin" href="/console/sign-in">Anmelden</a>'));
    const englishDemo = await get('/embed/v1/demo', { 'if-none-match': demo.headers.get('etag')! });
    assert.equal(englishDemo.status, 200, 'the German ETag is not the English page');
    assert.match(await englishDemo.text(), /<h1>Live regatta results on your club site<\/h1>/);
  });
});
