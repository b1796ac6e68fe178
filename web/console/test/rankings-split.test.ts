/**
 * A federation's scorer keeps its ranking lists in a real Chromium: from the organization's
 * navigation to its rankings; a new list with its formula (best 2 results in 12 months, linear place
 * points, one class) whose nationality the API refuses on that field (nothing typed is lost), then
 * created; a regatta's factor set; an edition published and shown; the formula changed in place
 * (a window of 0 months refused on its field). And the split series from the
 * scoring desk: the part each fleet plays (a medal race of one boat refused on its field), the
 * discards (thresholds, and the most in the final series refused on its field above 20), the
 * qualifying fleet split by rank into Gold and Silver, and the split standings per stage and overall.
 * And the ratings each boat of a handicap fleet sails each race on, a new certificate marked in the
 * race it takes effect, and one recorded from that screen (a value outside the system's range refused
 * on its field). Axe-clean at 375 and 1280 px, in English and German. Regattas are made through the API from the page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, openMenu, refusedOn, signUp } from './harness.js';

const headers = () => ({ origin: gatewayUrl(), 'content-type': 'application/json' });

async function createRegatta(page: Page, organization: string, name: string): Promise<string> {
  const start = new Date(Date.now() + 86_400_000);
  const created = await page.request.post('/api/v1/events', {
    headers: headers(),
    data: { organization, name, startDate: start.toISOString(), endDate: new Date(start.getTime() + 86_400_000).toISOString() },
  });
  assert.equal(created.status(), 201, await created.text());
  return ((await created.json()) as { data: { slug: string } }).data.slug;
}

const QUALIFYING_ORDER = ['Alpha', 'Bravo', 'Charlie', 'Delta'];

/** A published regatta with fleets Q, Gold, Silver and Medal, four boats in Q and Q's race 1 sailed in the order above. */
async function seedSplitRegatta(page: Page, organization: string): Promise<{ slug: string; sails: Map<string, string> }> {
  const slug = await createRegatta(page, organization, `Split Week ${Date.now()}`);
  const start = new Date(Date.now() + 86_400_000);
  const fleet: Record<string, string> = {};
  const race: Record<string, string> = {};
  for (const name of ['Q', 'Gold', 'Silver', 'Medal']) {
    const created = await page.request.post(`/api/v1/events/${slug}/fleets`, { headers: headers(), data: { name } });
    assert.equal(created.status(), 201, await created.text());
    fleet[name] = ((await created.json()) as { data: { id: string } }).data.id;
    const scheduled = await page.request.post(`/api/v1/events/${slug}/races`, { headers: headers(), data: { fleetId: fleet[name], scheduledStart: new Date(start.getTime() + 3_600_000).toISOString() } });
    assert.equal(scheduled.status(), 201, await scheduled.text());
    race[name] = ((await scheduled.json()) as { data: { id: string } }).data.id;
  }
  const published = await page.request.put(`/api/v1/events/${slug}`, { headers: headers(), data: { status: 'published' } });
  assert.equal(published.status(), 200, await published.text());
  const sails = new Map<string, string>();
  const boats: string[] = [];
  for (const [index, name] of QUALIFYING_ORDER.entries()) {
    const sail = `NOR ${201 + index}`;
    const entered = await page.request.post(`/api/v1/events/${slug}/register`, {
      headers: headers(),
      data: { fleet: 'Q', sailor: { name: `Skipper of ${name}`, email: `${name.toLowerCase()}-${Date.now()}@sailors.example.org` }, boat: { name, sailNumber: sail, model: 'ILCA 7' } },
    });
    assert.equal(entered.status(), 201, await entered.text());
    boats.push(((await entered.json()) as { data: { boatId: string } }).data.boatId);
    sails.set(name, sail);
  }
  const results = boats.map((boat, index) => ({ boat, finishTime: new Date(start.getTime() + 7_200_000 + index * 60_000).toISOString(), status: 'finished' }));
  // The fleet's entries reach the scoring service by message: retry while they are on their way.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const scored = await page.request.post(`/api/v1/events/${slug}/races/${race['Q']}/results`, { headers: headers(), data: { actualStart: new Date(start.getTime() + 3_600_000).toISOString(), results } });
    if (scored.status() === 200 || scored.status() === 201) break;
    assert.ok(scored.status() < 500 && Date.now() < deadline, `results of Q: ${scored.status()} ${await scored.text()}`);
    await page.waitForTimeout(250);
  }
  return { slug, sails };
}

describe('console: rankings', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('create a ranking list, set a regatta factor, publish an edition', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Fay Federation');
    const org = await createOrganization(page, `Federation ${Date.now()}`);
    const regatta = `Nationals ${Date.now()}`;
    await createRegatta(page, org, regatta);

    await openMenu(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rankings' }).click();
    await page.getByRole('heading', { name: 'Rankings', level: 1 }).waitFor();
    await page.getByText('No ranking lists yet.').waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the rankings with no list');

    const form = page.getByRole('region', { name: 'New ranking list' });
    await form.getByLabel('Name').fill('ILCA 7 national ranking');
    assert.equal(await form.getByLabel('Results counted').inputValue(), 'best_n');
    await form.getByLabel('Number of best results').fill('2');
    assert.equal(await form.getByLabel('Place points').inputValue(), 'linear');
    assert.equal(await form.getByLabel('Window in months').inputValue(), '12');
    await form.getByLabel('Class').fill('ILCA 7');
    // Lower case: the service wants three capitals, and says so on the field.
    await form.getByLabel('Nationality').fill('nor');
    await form.getByRole('button', { name: 'Create ranking list' }).click();
    const nationality = form.getByLabel('Nationality');
    await refusedOn(nationality);
    assert.equal(await nationality.getAttribute('aria-invalid'), 'true');
    const described = (await nationality.getAttribute('aria-describedby')) ?? '';
    const message = await page.locator(`[id="${described.split(' ').pop()}"]`).textContent();
    assert.match(message ?? '', /capitals/);
    assert.equal(await form.getByLabel('Name').inputValue(), 'ILCA 7 national ranking', 'nothing typed is lost');
    assert.deepEqual(await auditBothWidths(page), [], 'a refusal on its field');

    await nationality.fill('');
    await form.getByRole('button', { name: 'Create ranking list' }).click();
    await page.getByRole('status').filter({ hasText: 'Ranking list ILCA 7 national ranking created.' }).waitFor();
    const list = page.getByRole('region', { name: 'ILCA 7 national ranking' });
    await list.getByText('best 2 results, linear place points, within 12 months').waitFor();
    await list.getByText('Not published yet').waitFor();
    await page.getByRole('link', { name: 'ILCA 7 national ranking' }).waitFor();

    // The regatta's factor, by keyboard.
    await list.getByLabel('Regatta', { exact: true }).selectOption({ label: regatta });
    await list.getByLabel('Factor', { exact: true }).focus();
    await page.keyboard.type('1,2');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: `${regatta} counts with factor 1.2.` }).waitFor();
    await list.getByRole('table', { name: 'Factors of ILCA 7 national ranking' }).getByRole('row', { name: `${regatta} 1.2` }).waitFor();

    // A factor above 100 is refused by the service on the factor field.
    await list.getByLabel('Factor', { exact: true }).fill('250');
    await list.getByRole('button', { name: 'Set factor' }).click();
    await page.waitForFunction(() => document.querySelector('.factor-form [aria-invalid="true"]') !== null);

    await list.getByRole('button', { name: 'Publish edition of ILCA 7 national ranking' }).click();
    await page.getByRole('status').filter({ hasText: 'ILCA 7 national ranking: edition 1 published.' }).waitFor();
    await list.getByText(/^Edition 1 as of /).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'a list with a factor and an edition');

    // The same list through the public API: the formula, the factor, the edition.
    const listsAnswer = await page.request.get(`/api/v1/organizations/${org}/rankings`);
    const lists = (await listsAnswer.json()) as { rankings: Array<{ id: string; formula: unknown; filters: { class: string | null } }> };
    assert.equal(lists.rankings.length, 1);
    assert.deepEqual(lists.rankings[0]!.formula, { kind: 'best_n', n: 2, placePoints: 'linear', windowMonths: 12 });
    assert.equal(lists.rankings[0]!.filters.class, 'ILCA 7');
    const detail = (await (await page.request.get(`/api/v1/organizations/${org}/rankings/${lists.rankings[0]!.id}`)).json()) as { factors: Array<{ factor: number }>; latestEdition: { edition: number } | null };
    assert.deepEqual(detail.factors.map((row) => row.factor), [1.2]);
    assert.equal(detail.latestEdition?.edition, 1);

    // The formula changed in place: every result, a class table, 18 months. A window of 0 months is
    // refused by the service on that field, and what was typed stays.
    await list.getByRole('button', { name: 'Change formula and settings: ILCA 7 national ranking' }).click();
    const settings = page.getByRole('region', { name: 'Settings of ILCA 7 national ranking' });
    assert.equal(await settings.getByLabel('Name').inputValue(), 'ILCA 7 national ranking');
    assert.equal(await settings.getByLabel('Number of best results').inputValue(), '2');
    await settings.getByLabel('Results counted').selectOption({ label: 'Every result' });
    await settings.getByLabel('Place points').fill('10; 6; 4');
    await settings.getByLabel('Window in months').fill('0');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await refusedOn(settings.getByLabel('Window in months'));
    assert.equal(await settings.getByLabel('Window in months').getAttribute('aria-invalid'), 'true');
    assert.equal(await settings.getByLabel('Place points').inputValue(), '10; 6; 4', 'nothing typed is lost');
    assert.deepEqual(await auditBothWidths(page), [], 'the formula editor with a refusal on its field');
    await settings.getByLabel('Window in months').fill('18');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Ranking list ILCA 7 national ranking changed; the ranking follows the new settings.' }).waitFor();
    await list.getByText('every result, place points 10; 6; 4, within 18 months').waitFor();
    const changed = (await (await page.request.get(`/api/v1/organizations/${org}/rankings/${lists.rankings[0]!.id}`)).json()) as { formula: unknown; filters: { class: string | null }; factors: Array<{ factor: number }> };
    assert.deepEqual([changed.formula, changed.filters.class, changed.factors.map((row) => row.factor)], [{ kind: 'all', placePoints: [10, 6, 4], windowMonths: 18 }, 'ILCA 7', [1.2]]);

    // In German.
    await openMenu(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { name: 'Ranglisten', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Ausgabe veröffentlichen: ILCA 7 national ranking' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the rankings in German');
    await context.close();
  });

  test('split series from the scoring desk: define, split by rank into Gold and Silver, the split standings', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Sol Scorer');
    const org = await createOrganization(page, `Split Club ${Date.now()}`);
    const { slug, sails } = await seedSplitRegatta(page, org);

    await page.goto(`/console/regattas/${slug}/scoring`);
    await page.getByRole('heading', { name: 'Scoring desk', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'Split series: final fleets and medal race' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Split series', level: 2 }).waitFor();
    const definition = page.getByRole('region', { name: 'Definition' });
    await definition.getByLabel('Part of Q').selectOption({ label: 'Qualifying fleet' });
    await definition.getByLabel('Part of Gold').selectOption({ label: 'Final fleet 1' });
    await definition.getByLabel('Part of Silver').selectOption({ label: 'Final fleet 2' });
    await definition.getByLabel('Part of Medal').selectOption({ label: 'Medal fleet' });
    // A medal race of one boat: the service refuses it on that field, and what was chosen stays.
    await definition.getByLabel('Medal race boats').fill('1');
    await definition.getByRole('button', { name: 'Save the split series' }).click();
    await refusedOn(definition.getByLabel('Medal race boats'));
    assert.equal(await definition.getByLabel('Medal race boats').getAttribute('aria-invalid'), 'true');
    assert.equal(await definition.getByLabel('Part of Gold').inputValue(), 'final:1', 'nothing chosen is lost');
    assert.deepEqual(await auditBothWidths(page), [], 'a refused definition');

    await definition.getByLabel('Medal race boats').fill('2');
    // The discards: one from 4 races, two from 9; at most 21 in the final series is refused on that field (20 at most).
    await definition.getByLabel('Discards from (races)').fill('4; 9');
    await definition.getByLabel('Most discards in the final series').fill('21');
    await definition.getByRole('button', { name: 'Save the split series' }).click();
    await refusedOn(definition.getByLabel('Most discards in the final series'));
    assert.equal(await definition.getByLabel('Most discards in the final series').getAttribute('aria-invalid'), 'true');
    assert.equal(await definition.getByLabel('Discards from (races)').inputValue(), '4; 9', 'nothing typed is lost');
    await definition.getByLabel('Most discards in the final series').fill('1');
    await definition.getByRole('button', { name: 'Save the split series' }).click();
    await page.getByRole('status').filter({ hasText: 'Split series saved.' }).waitFor();
    const stored = (await (await page.request.get(`/api/v1/events/${slug}/split-series`)).json()) as { data: { finalFleets: string[]; medal: { size: number; multiplier: number } | null; discardThresholds: number[]; maxFinalDiscards: number | null } };
    assert.equal(stored.data.finalFleets.length, 2);
    assert.deepEqual(stored.data.medal && [stored.data.medal.size, stored.data.medal.multiplier], [2, 2]);
    assert.deepEqual([stored.data.discardThresholds, stored.data.maxFinalDiscards], [[4, 9], 1]);
    // Read back as stored after a reload.
    await page.reload();
    assert.equal(await definition.getByLabel('Discards from (races)').inputValue(), '4; 9');
    assert.equal(await definition.getByLabel('Most discards in the final series').inputValue(), '1');

    // By rank: the top two of Q to Gold, the next two to Silver.
    const split = page.getByRole('region', { name: 'Split the fleets' });
    assert.equal(await split.getByLabel('Split into').inputValue(), 'final');
    assert.equal(await split.getByLabel('How').inputValue(), 'by_rank');
    await split.getByRole('button', { name: 'Split into final fleets' }).click();
    await page.getByRole('status').filter({ hasText: 'Final fleets split.' }).waitFor();
    const gold = split.getByRole('table', { name: 'Boats dealt to Gold' });
    await gold.getByRole('row', { name: `1 ${sails.get('Alpha')} Alpha` }).waitFor();
    await gold.getByRole('row', { name: `2 ${sails.get('Bravo')} Bravo` }).waitFor();
    await split.getByRole('table', { name: 'Boats dealt to Silver' }).getByRole('row', { name: `3 ${sails.get('Charlie')} Charlie` }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the fleets as dealt');

    // By hand: every boat of the qualifying ranking gets a fleet; Charlie promoted to Gold.
    await split.getByLabel('How').selectOption('manual');
    await split.getByLabel(`Fleet for 3. ${sails.get('Charlie')} Charlie`).selectOption({ label: 'Gold' });
    await split.getByLabel(`Fleet for 2. ${sails.get('Bravo')} Bravo`).selectOption({ label: 'Silver' });
    await split.getByLabel(`Fleet for 4. ${sails.get('Delta')} Delta`).selectOption({ label: 'Silver' });
    await split.getByRole('button', { name: 'Split into final fleets' }).click();
    await split.getByRole('table', { name: 'Boats dealt to Gold' }).getByRole('row', { name: `3 ${sails.get('Charlie')} Charlie` }).waitFor();

    // The split standings: the final fleets, then overall (Gold first).
    const standings = page.getByRole('region', { name: 'Split standings' });
    await standings.getByLabel('Standings of').selectOption('final');
    const finals = standings.getByRole('table', { name: 'Split standings: Final fleets' });
    await finals.getByRole('row', { name: new RegExp(`^1 ${sails.get('Alpha')} Alpha Gold 1 `) }).waitFor();
    await standings.getByLabel('Standings of').selectOption('overall');
    const overall = standings.getByRole('table', { name: 'Split standings: Overall' });
    const firstRows = await overall.getByRole('row').allInnerTexts();
    assert.match(firstRows[1] ?? '', /Alpha/);
    assert.match(firstRows[1] ?? '', /Gold/);
    assert.deepEqual(await auditBothWidths(page), [], 'the split standings');

    await openMenu(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { name: 'Split-Serie', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Split-Serie speichern' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the split series in German');
    await context.close();
  });

  test('ratings changed per race: a new IRC certificate from race 2 shows in races 2 and 3', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Rae Rater');
    const org = await createOrganization(page, `Handicap Club ${Date.now()}`);
    const slug = await createRegatta(page, org, `IRC Week ${Date.now()}`);
    const start = new Date(Date.now() + 86_400_000);
    assert.equal((await page.request.post(`/api/v1/events/${slug}/fleets`, { headers: headers(), data: { name: 'IRC', handicap: { system: 'irc' } } })).status(), 201);
    for (let number = 1; number <= 3; number += 1) {
      const race = await page.request.post(`/api/v1/events/${slug}/races`, { headers: headers(), data: { fleetId: 'IRC', scheduledStart: new Date(start.getTime() + number * 3_600_000).toISOString() } });
      assert.equal(race.status(), 201, await race.text());
    }
    assert.equal((await page.request.put(`/api/v1/events/${slug}`, { headers: headers(), data: { status: 'published' } })).status(), 200);
    const registrations: string[] = [];
    for (const [index, tcc] of [1.1, 0.95].entries()) {
      const entered = await page.request.post(`/api/v1/events/${slug}/register`, {
        headers: headers(),
        data: { fleet: 'IRC', sailor: { name: `Skipper ${index}`, email: `irc-${index}-${Date.now()}@sailors.example.org` }, boat: { name: `Yacht ${index}`, sailNumber: `GBR ${11 + index}`, ratings: { irc: tcc } } },
      });
      assert.equal(entered.status(), 201, await entered.text());
      registrations.push(((await entered.json()) as { data: { id: string } }).data.id);
    }
    const changed = await page.request.put(`/api/v1/events/${slug}/registrations/${registrations[0]}/ratings`, { headers: headers(), data: { system: 'irc', value: 1.05, fromRace: 2 } });
    assert.equal(changed.status(), 200, await changed.text());

    await page.goto(`/console/regattas/${slug}/scoring`);
    await page.getByRole('link', { name: 'Ratings changed per race' }).click();
    await page.getByRole('heading', { name: 'Ratings per race', level: 2 }).waitFor();
    const table = page.getByRole('table', { name: 'Rating each boat of IRC sails each race on' });
    await table.getByRole('row', { name: 'GBR 11 Yacht 0 1.1 1.05, changed 1.05' }).waitFor();
    await table.getByRole('row', { name: 'GBR 12 Yacht 1 0.95 0.95 0.95' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'ratings per race');

    // A new certificate for GBR 12 recorded from the screen, in force from race 3: 5 is outside IRC's
    // range (0.3 to 3) and refused on its field, then 0,9 (a German decimal comma) is recorded.
    const record = page.getByRole('region', { name: 'Record a rating change: IRC' });
    await record.getByLabel('Boat').selectOption({ label: 'GBR 12 Yacht 1' });
    await record.getByLabel('New rating').fill('5');
    await record.getByLabel('In force from').selectOption({ label: 'Race 3' });
    await record.getByRole('button', { name: 'Record rating change' }).click();
    assert.equal(await record.getByLabel('New rating').getAttribute('aria-invalid'), 'true');
    await record.getByLabel('New rating').fill('0,9');
    await record.getByRole('button', { name: 'Record rating change' }).click();
    await page.getByRole('status').filter({ hasText: 'GBR 12 Yacht 1 sails on 0.9 from race 3; the races from then on are scored again.' }).waitFor();
    await table.getByRole('row', { name: 'GBR 12 Yacht 1 0.95 0.95 0.9, changed' }).waitFor();
    const ratings = (await (await page.request.get(`/api/v1/events/${slug}/registrations/${registrations[1]}/ratings`)).json()) as { data: { ratingChanges: Array<{ value: number; fromRace: number }> } };
    assert.deepEqual(ratings.data.ratingChanges.map((change) => [change.value, change.fromRace]), [[0.9, 3]]);
    assert.deepEqual(await auditBothWidths(page), [], 'a rating change recorded');
    await openMenu(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('table', { name: 'Wert, mit dem jedes Boot von IRC jede Wettfahrt segelt' }).getByRole('row', { name: 'GBR 11 Yacht 0 1,1 1,05, geändert 1,05' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'ratings per race in German');
    await context.close();
  });
});
