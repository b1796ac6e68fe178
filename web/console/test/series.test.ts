/**
 * A club's scorer keeps a multi-event series in a real Chromium: from the organization's navigation to
 * its series; a new series of two regattas whose "best of" the API refuses on that field (3 of 2
 * regattas; nothing typed is lost), then created; the series' standings across the regattas with the
 * dropped score in parentheses and the tie broken by the last regatta (RRS A8.2); the series changed
 * in place (one regatta left out, every regatta counted) and the standings following on screen
 * without a reload. Axe-clean at 375
 * and 1280 px, in English and German. Regattas, entries and results are made through the API.
 *
 * The numbers (one-design, one race each, low point): A: Alpha 1, Bravo 2, Charlie 3; B: Charlie 1,
 * Bravo 2, Alpha 3. Best 1 of 2 (net points added): Alpha 1 (3 dropped), Charlie 1 (3 dropped), Bravo
 * 2 (of two equal scores the earlier is dropped); Alpha and Charlie tie, and Charlie beat Alpha in the last regatta: Charlie 1st, Alpha
 * 2nd, Bravo 3rd. With regatta A alone: Alpha 1, Bravo 2, Charlie 3.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, openMenu, refusedOn, signUp } from './harness.js';

const headers = () => ({ origin: gatewayUrl(), 'content-type': 'application/json' });
const BOATS = ['Alpha', 'Bravo', 'Charlie'] as const;
type Boat = (typeof BOATS)[number];

async function post(page: Page, path: string, data: unknown, status = 201): Promise<any> {
  const answer = await page.request.post(path, { headers: headers(), data });
  assert.equal(answer.status(), status, `${path}: ${await answer.text()}`);
  return ((await answer.json()) as { data: unknown }).data;
}

/** A published one-design regatta with one race of the three boats (the same boats in every regatta). */
async function regatta(page: Page, org: string, name: string, inDays: number, boatIds: Map<Boat, string>): Promise<{ slug: string; raceId: string; name: string }> {
  const start = new Date(Math.floor((Date.now() + inDays * 86_400_000) / 86_400_000) * 86_400_000 + 10 * 3_600_000);
  const full = `${name} ${Date.now()}`;
  const { slug } = await post(page, '/api/v1/events', { organization: org, name: full, startDate: start.toISOString(), endDate: new Date(start.getTime() + 86_400_000).toISOString() });
  await post(page, `/api/v1/events/${slug}/fleets`, { name: 'ILCA 7' });
  const race = await post(page, `/api/v1/events/${slug}/races`, { fleetId: 'ILCA 7', scheduledStart: new Date(start.getTime() + 3_600_000).toISOString() });
  const published = await page.request.put(`/api/v1/events/${slug}`, { headers: headers(), data: { status: 'published' } });
  assert.equal(published.status(), 200, await published.text());
  for (const [index, boat] of BOATS.entries()) {
    const known = boatIds.get(boat);
    const entry = await post(page, `/api/v1/events/${slug}/register`, {
      fleet: 'ILCA 7',
      sailor: { name: `Skipper of ${boat}`, email: `series-${boat.toLowerCase()}-${slug}@sailors.example.org` },
      boat: known ? { id: known } : { name: boat, sailNumber: `GER ${201 + index}`, model: 'ILCA 7' },
    });
    boatIds.set(boat, entry.boatId);
  }
  return { slug, raceId: race.id, name: full };
}

async function score(page: Page, slug: string, raceId: string, order: Boat[], boatIds: Map<Boat, string>): Promise<void> {
  const answer = await page.request.post(`/api/v1/events/${slug}/races/${raceId}/results`, {
    headers: headers(),
    data: { status: 'finished', results: order.map((boat) => ({ boat: boatIds.get(boat), status: 'finished' })) },
  });
  assert.equal(answer.status(), 200, await answer.text());
}

/** The standings table of the fleet once results-scoring has ranked the series as wanted: the screen follows by itself, no reload. */
async function standingsShow(page: Page, first: RegExp): Promise<void> {
  let last = '';
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const row = page.getByRole('table', { name: 'Series standings: ILCA 7' }).getByRole('row').nth(1);
    if ((await row.count()) > 0 && first.test((last = await row.innerText()))) return;
    await page.waitForTimeout(250);
  }
  assert.fail(`the standings' first row never matched ${first}: ${JSON.stringify(last)}`);
}

describe('console: multi-event series', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('create a series of two regattas, see its standings, change it in place', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Sam Scorer');
    const org = await createOrganization(page, `Series Club ${Date.now()}`);
    const boatIds = new Map<Boat, string>();
    const a = await regatta(page, org, 'Spring Cup', 2, boatIds);
    const b = await regatta(page, org, 'Summer Cup', 5, boatIds);
    await score(page, a.slug, a.raceId, ['Alpha', 'Bravo', 'Charlie'], boatIds);
    await score(page, b.slug, b.raceId, ['Charlie', 'Bravo', 'Alpha'], boatIds);

    await page.goto(`/console/orgs/${org}/regattas`);
    await openMenu(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Series' }).click();
    await page.getByRole('heading', { name: 'Series', level: 1 }).waitFor();
    await page.getByText('No series yet.').waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the series with none yet');

    // Best 3 of 2 regattas: the service refuses it on the field, and what was typed stays.
    const form = page.getByRole('region', { name: 'New series' });
    await form.getByLabel('Name').fill('Harbour Series');
    await form.getByRole('checkbox', { name: new RegExp(`^${a.name}`) }).check();
    await form.getByRole('checkbox', { name: new RegExp(`^${b.name}`) }).check();
    await form.getByLabel('Regattas counted').fill('3');
    await form.getByRole('button', { name: 'Create series' }).click();
    const bestOf = form.getByLabel('Regattas counted');
    await refusedOn(bestOf);
    assert.equal(await bestOf.getAttribute('aria-invalid'), 'true');
    assert.equal(await form.getByLabel('Name').inputValue(), 'Harbour Series', 'nothing typed is lost');
    assert.equal(await form.getByRole('checkbox', { name: new RegExp(`^${b.name}`) }).isChecked(), true);
    assert.deepEqual(await auditBothWidths(page), [], 'a refusal on its field');

    await bestOf.fill('1');
    await form.getByRole('button', { name: 'Create series' }).click();
    await page.getByRole('heading', { name: 'Harbour Series', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Series Harbour Series created.' }).waitFor();
    await page.getByText('The best regatta counts').waitFor();

    // Charlie and Alpha both net 1; Charlie won the last regatta (A8.2). Dropped scores in parentheses.
    await standingsShow(page, /^1\s+GER 203 Charlie/);
    const table = page.getByRole('table', { name: 'Series standings: ILCA 7' });
    const rows = await table.getByRole('row').allInnerTexts();
    assert.equal(rows.length, 4, 'three boats and the header');
    assert.match(rows[1]!, /^1\s+GER 203 Charlie\s+Skipper of Charlie\s+\(3\)\s+1\s+4\s+1$/);
    assert.match(rows[2]!, /^2\s+GER 201 Alpha\s+Skipper of Alpha\s+1\s+\(3\)\s+4\s+1$/);
    assert.match(rows[3]!, /^3\s+GER 202 Bravo\s+Skipper of Bravo\s+\(2\)\s+2\s+4\s+2$/);
    assert.deepEqual(await auditBothWidths(page), [], 'the series standings');

    // Summer Cup left out, every regatta counted: regatta A alone ranks them.
    await page.getByRole('button', { name: 'Change settings: Harbour Series' }).click();
    const settings = page.getByRole('region', { name: 'Settings of Harbour Series' });
    assert.equal(await settings.getByLabel('Regattas counted').inputValue(), '1');
    await settings.getByRole('checkbox', { name: new RegExp(`^${b.name}`) }).uncheck();
    await settings.getByLabel('Regattas counted').fill('');
    await settings.getByRole('button', { name: 'Save series' }).click();
    await page.getByRole('status').filter({ hasText: 'Series Harbour Series saved; the standings follow.' }).waitFor();
    await page.getByText('Every regatta counts').waitFor();
    await standingsShow(page, /^1\s+GER 201 Alpha/);
    const stored = (await (await page.request.get(`/api/v1/series/${new URL(page.url()).pathname.split('/').pop()}`)).json()) as { data: { bestOf: number | null; events: Array<{ slug: string }> } };
    assert.deepEqual([stored.data.bestOf, stored.data.events.map((event) => event.slug)], [null, [a.slug]]);

    // In German.
    await openMenu(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { name: 'Serienwertung', level: 2 }).waitFor();
    await page.getByRole('table', { name: 'Serienwertung: ILCA 7' }).waitFor();
    await page.getByRole('button', { name: 'Einstellungen ändern: Harbour Series' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the series in German');
    await page.getByRole('link', { name: 'Alle Serien' }).click();
    await page.getByRole('link', { name: 'Harbour Series' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the list of series in German');
    await context.close();
  });
});
