/**
 * In a real headless Chromium: the widget on a club's site (another origin) shows the standings with
 * the club's embed token and follows results posted through the API without a reload; a site the
 * token does not allow sees a clear refusal; every public page passes an axe-core audit (no serious
 * or critical violation), works at phone width, and a draft regatta's page is 404; the notice board's
 * hearing schedule and decisions read as headings, a table and articles, and follow the live feed;
 * the German pages pass the same audit, the language switch works and is remembered, and the live
 * status line speaks German.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'puppeteer-core';
import { apiClient, eventually, gatewayUrl } from '@regatta/testing';
import { hostSite, launchBrowser, type HostSite, seriousViolations, widgetHostPage, widgetState } from './browser.js';
import { buildRegatta, ok, type TestRegatta } from './regatta.js';

const api = apiClient();
const gateway = gatewayUrl();

describe('in a real browser', () => {
  let browser: Browser;
  let regatta: TestRegatta;
  let draft: TestRegatta;
  let allowed: HostSite;
  let refused: HostSite;
  let token: string;

  before(async () => {
    browser = await launchBrowser();
    regatta = await buildRegatta(api, { places: 4, boats: 4, races: 3 });
    draft = await buildRegatta(api, { status: 'draft', organizer: regatta.organizer, org: regatta.org, boats: 0, races: 1 });
    await regatta.submit(1, [[1, 1800], [2, 1815], [3, 1830], [4, 1845]]);
    // Two club sites on their own origins; the token allows only the first.
    allowed = await hostSite();
    refused = await hostSite();
    const created = await ok(api.post('/api/v1/embed-tokens', { organizationId: regatta.org.id, name: 'club site', allowedOrigins: [allowed.origin] }, { cookie: regatta.organizer.cookie }), 201);
    token = created.data.token;
    const page = widgetHostPage(gateway, { event: regatta.slug, token, view: 'standings' });
    allowed.page('/', page);
    refused.page('/', page);
    // The public read model follows the facts: wait until race 1 is in the standings.
    await eventually(async () => {
      const response = await fetch(`${gateway}/regattas/${regatta.slug}/standings.json`);
      if (response.status !== 200) return undefined;
      const body = (await response.json()) as any;
      return body.data.fleets[0]?.entries.length === 4 ? true : undefined;
    }, 15_000, 'standings projected');
    // The protest room on the notice board: case 1 (ITA 101 v ITA 103, race 1) heard and decided DSQ,
    // so the audited regatta page carries the hearing schedule and a decision.
    const key = regatta.organizer.key;
    const lodged = await ok(api.post(`/api/v1/events/${regatta.slug}/protests`, { type: 'boat', raceIds: [regatta.raceIds[0]!], protestorBoat: regatta.boats[0]!.id, protesteeBoats: [regatta.boats[2]!.id], incident: 'Contact at the leeward mark.', rulesAlleged: ['18.2'], contact: { name: 'Ada', email: 'ada@example.org' } }, { key }), 201);
    await ok(api.post(`/api/v1/events/${regatta.slug}/protests/${lodged.data.id}/hearing`, { startsAt: new Date(Date.now() + 3_600_000).toISOString(), room: 'Jury room' }, { key }));
    await ok(api.post(`/api/v1/events/${regatta.slug}/protests/${lodged.data.id}/decision`, { factsFound: 'ITA 103 touched the mark and ITA 101.', conclusions: 'ITA 103 broke rule 18.2(b).', rulesApplied: ['18.2(b)'], consequences: [{ boat: regatta.boats[2]!.id, action: 'dsq' }] }, { key }));
    await eventually(async () => {
      const body = (await (await fetch(`${gateway}/regattas/${regatta.slug}.json`)).json()) as any;
      return body.data.cases?.[0]?.status === 'decided' ? true : undefined;
    }, 15_000, 'decision on the notice board');
  });

  after(async () => {
    await browser?.close();
    await allowed?.close();
    await refused?.close();
  });

  test('the widget on an allowed club site shows the standings, then follows new results without a reload', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${allowed.origin}/`, { waitUntil: 'load' });
      await page.waitForFunction(() => (document.querySelector('regatta-results') as HTMLElement | null)?.dataset['state'] === 'ready', { timeout: 15_000 });
      const first = await widgetState(page);
      assert.ok(first.text.includes('ITA 101'), first.text);
      assert.ok(first.text.indexOf('ITA 101') < first.text.indexOf('ITA 104'), 'ITA 101 leads after race 1');
      assert.match(first.text, /Provisional/);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));

      // Race 2 reverses the order: 104, 103, 102, 101. Totals 1+4, 2+3, 3+2, 4+1 = 5 each; discards
      // apply from the fleet's set-up; whatever the order, boat 4's race 2 win must appear.
      await regatta.submit(2, [[4, 1700], [3, 1710], [2, 1720], [1, 1730]]);
      await page.waitForFunction(
        (before: string | undefined) => {
          const el = document.querySelector('regatta-results') as HTMLElement | null;
          return !!el && el.dataset['updatedAt'] !== before && (el.shadowRoot?.textContent ?? '').includes('R2');
        },
        { timeout: 15_000 },
        first.updatedAt,
      );
      const second = await widgetState(page);
      assert.match(second.text, /R2/);
      assert.deepEqual(navigations, [], 'no reload');
    } finally {
      await page.close();
    }
  });

  test('on a German club site the widget speaks German', async () => {
    allowed.page('/de', widgetHostPage(gateway, { event: regatta.slug, token, view: 'standings' }, 'de'));
    const page = await browser.newPage();
    try {
      await page.goto(`${allowed.origin}/de`, { waitUntil: 'load' });
      await page.waitForFunction(() => (document.querySelector('regatta-results') as HTMLElement | null)?.dataset['state'] === 'ready', { timeout: 15_000 });
      const state = await widgetState(page);
      assert.match(state.text, /Vorläufig|Offiziell/, state.text);
      assert.match(state.text, /Steuermann/);
      assert.match(state.text, /WF1/);
      assert.match(state.text, /Aktualisiert \d{2}:\d{2}:\d{2}/);
      assert.doesNotMatch(state.text, /Provisional|Updated|Total|Net\b/);
      assert.deepEqual(await seriousViolations(page), [], 'the German widget passes axe');
    } finally {
      await page.close();
    }
  });

  test('a club site the token does not allow shows the refusal', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${refused.origin}/`, { waitUntil: 'load' });
      await page.waitForFunction(() => (document.querySelector('regatta-results') as HTMLElement | null)?.dataset['state'] === 'error', { timeout: 15_000 });
      const state = await widgetState(page);
      assert.equal(state.alertCode, 'origin_not_allowed');
      assert.ok(state.text.includes(refused.origin), state.text);
      assert.equal(state.text.includes(token), false, 'the token is never shown');
    } finally {
      await page.close();
    }
  });

  test('every public page passes axe-core with no serious or critical violation, on desktop and phone widths', async () => {
    const paths = ['/regattas', `/clubs/${regatta.org.slug}`, `/regattas/${regatta.slug}`, `/regattas/${regatta.slug}/entries`, `/regattas/${regatta.slug}/results`, `/regattas/${regatta.slug}/standings`, '/embed/v1/demo'];
    const page = await browser.newPage();
    // Each width loads every page afresh: past the pages' max-age the browser would revalidate and see 304.
    await page.setCacheEnabled(false);
    try {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 740, isMobile: true }]) {
        await page.setViewport(viewport);
        for (const path of paths) {
          const response = await page.goto(`${gateway}${path}`, { waitUntil: 'load' });
          assert.equal(response?.status(), 200, path);
          const violations = await seriousViolations(page);
          assert.deepEqual(violations, [], `${path} at ${viewport.width}px: ${JSON.stringify(violations)}`);
          // Nothing wider than the phone's screen but the scrollable tables.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 1, `${path} overflows by ${overflow}px at ${viewport.width}px`);
        }
      }
    } finally {
      await page.close();
    }
  });

  test('the notice board reads as headings, a table and articles, and shows a new hearing without a reload', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${gateway}/regattas/${regatta.slug}`, { waitUntil: 'load' });
      const board = await page.evaluate(() => {
        const headings = [...document.querySelectorAll('main h2, main h3, main h4')].map((h) => `${h.tagName} ${h.textContent}`);
        const table = [...document.querySelectorAll('main table')].find((t) => t.querySelector('caption')?.textContent === 'Hearings, earliest first');
        return {
          headings,
          columns: table ? [...table.querySelectorAll('thead th[scope=col]')].map((th) => th.textContent) : [],
          rows: table ? [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => `${cell.tagName}:${cell.textContent}`)) : [],
          decision: document.querySelector('article.decision')?.getAttribute('aria-labelledby') ?? null,
          text: document.querySelector('main')?.textContent ?? '',
        };
      });
      assert.deepEqual(board.headings.filter((h) => /Notice board|Hearing schedule|Decisions|Case 1/.test(h)), ['H2 Notice board', 'H3 Hearing schedule', 'H3 Decisions', 'H4 Case 1: Protest, boat v boat (R1 Lasers)']);
      assert.deepEqual(board.columns, ['Case', 'Status', 'Type', 'Races', 'Parties', 'Time', 'Room']);
      assert.deepEqual(board.rows.map((cells) => [cells[0], cells[1], cells[4], cells[6]]), [['TH:1', 'TD:Decided', 'TD:ITA 101 Boat 1 v ITA 103 Boat 3', 'TD:Jury room']]);
      assert.equal(board.decision, 'case-1');
      assert.match(board.text, /ITA 103 Boat 3, race 1: Disqualified \(DSQ\)/);
      assert.equal(/ada@example\.org|Contact at the leeward mark/.test(board.text), false, 'no contact details or incident');

      // A second case heard while the page is open: the live feed brings it in, no reload.
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));
      const key = regatta.organizer.key;
      const second = await ok(api.post(`/api/v1/events/${regatta.slug}/protests`, { type: 'redress', raceIds: [regatta.raceIds[0]!], protestorBoat: regatta.boats[3]!.id, incident: 'Fouled by a spectator boat.' }, { key }), 201);
      await ok(api.post(`/api/v1/events/${regatta.slug}/protests/${second.data.id}/hearing`, { startsAt: new Date(Date.now() + 7_200_000).toISOString(), room: 'Room 7' }, { key }));
      await page.waitForFunction(() => (document.querySelector('main')?.textContent ?? '').includes('Room 7'), { timeout: 15_000 });
      assert.deepEqual(navigations, [], 'no reload');
      assert.deepEqual(await seriousViolations(page), []);
    } finally {
      await page.close();
    }
  });

  test('the print stylesheet puts each fleet on its own page and hides navigation', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${gateway}/regattas/${regatta.slug}/standings`, { waitUntil: 'load' });
      await page.emulateMediaType('print');
      const printed = await page.evaluate(() => ({
        nav: getComputedStyle(document.querySelector('nav.tabs')!).display,
        breakBefore: [...document.querySelectorAll('section.fleet')].map((s) => getComputedStyle(s).breakBefore),
      }));
      assert.equal(printed.nav, 'none');
      assert.equal(printed.breakBefore.length, 1);
      const pdf = await page.pdf({ format: 'A4' });
      assert.ok(pdf.length > 1000);
    } finally {
      await page.close();
    }
  });

  test('German pages pass axe-core at phone and desktop widths, switch language by link, and say live updates in German', async () => {
    const paths = ['/regattas', `/clubs/${regatta.org.slug}`, `/regattas/${regatta.slug}`, `/regattas/${regatta.slug}/entries`, `/regattas/${regatta.slug}/results`, `/regattas/${regatta.slug}/standings`, '/embed/v1/demo'];
    // A context of its own: the language cookie the switch sets stays out of the other tests.
    const context = await browser.createBrowserContext();
    /** A fresh tab reading German (each visit a fresh answer, not a revalidated 304). */
    const germanTab = async () => {
      const tab = await context.newPage();
      await tab.setExtraHTTPHeaders({ 'accept-language': 'de-DE,de;q=0.9' });
      await tab.setCacheEnabled(false);
      return tab;
    };
    const lang = (tab: Page) => tab.evaluate(() => document.documentElement.lang);
    try {
      for (const viewport of [{ width: 1280, height: 900 }, { width: 375, height: 740, isMobile: true }]) {
        const page = await germanTab();
        await page.setViewport(viewport);
        for (const path of paths) {
          const response = await page.goto(`${gateway}${path}`, { waitUntil: 'load' });
          assert.equal(response?.status(), 200, path);
          assert.equal(response?.headers()['content-language'], 'de', path);
          assert.equal(await lang(page), 'de', path);
          assert.equal(await page.$eval('a.signin', (a) => a.textContent), 'Anmelden', path);
          const violations = await seriousViolations(page);
          assert.deepEqual(violations, [], `${path} at ${viewport.width}px: ${JSON.stringify(violations)}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 1, `${path} overflows by ${overflow}px at ${viewport.width}px`);
        }
        await page.close();
      }

      // The switch: English by its link, remembered on the next page, then German again.
      const switching = await germanTab();
      await switching.goto(`${gateway}/regattas/${regatta.slug}/standings`, { waitUntil: 'load' });
      await Promise.all([switching.waitForNavigation({ waitUntil: 'load' }), switching.click('a[hreflang="en"]')]);
      assert.equal(await lang(switching), 'en');
      await switching.goto(`${gateway}/regattas/${regatta.slug}/results`, { waitUntil: 'load' });
      assert.equal(await lang(switching), 'en', 'the choice is remembered');
      assert.equal(await switching.$eval('a.signin', (a) => a.textContent), 'Sign in');
      await Promise.all([switching.waitForNavigation({ waitUntil: 'load' }), switching.click('a[hreflang="de"]')]);
      assert.equal(await lang(switching), 'de');
      await switching.close();

      // New results while the German standings are open: the table and the status line follow, in German.
      const live = await germanTab();
      await live.goto(`${gateway}/regattas/${regatta.slug}/standings`, { waitUntil: 'load' });
      assert.equal(await live.$eval('#live-status', (p) => p.textContent), 'Live: Diese Seite aktualisiert sich, sobald Ergebnisse eingehen.');
      await regatta.submit(3, [[1, 1700], [2, 1710], [3, 1720], [4, 1730]]);
      await live.waitForFunction(() => (document.querySelector('main')?.textContent ?? '').includes('WF3'), { timeout: 15_000 });
      await live.waitForFunction(() => /^Live: aktualisiert um /.test(document.getElementById('live-status')?.textContent ?? ''), { timeout: 15_000 });
      assert.deepEqual(await seriousViolations(live), []);
    } finally {
      await context.close();
    }
  });

  test("a draft regatta's page is 404 in the browser too", async () => {
    const page = await browser.newPage();
    try {
      const response = await page.goto(`${gateway}/regattas/${draft.slug}/standings`);
      assert.equal(response?.status(), 404);
      assert.match(await page.content(), /not found or is not public/);
    } finally {
      await page.close();
    }
  });
});
