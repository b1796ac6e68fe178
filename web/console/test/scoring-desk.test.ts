/**
 * A scorer works the scoring desk in a real Chromium: from the regatta's page to the desk; three
 * races of ten boats typed by keyboard only (sail number, Enter; "106 DNF" and "110 OCS" with their
 * codes); a boat not entered and a boat typed twice flagged at once; a sheet kept over a reload and a
 * refusal shown on its line (nothing typed is lost); a preview of the standings before saving (what
 * moves); each save a revision with its reason; the race's history per boat before → after; a revert,
 * and its refusal once a protest decision stands; provisional results posted with the protest time
 * limit counting down, then made official; the standings per fleet and overall; axe-clean at 375 and
 * 1280 px, in English and German. Also a Sailwave file's parity report and the desk's downloads, and a
 * handicap fleet that asks for times. Regattas are made through the API from the page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, signUp } from './harness.js';

const ORACLE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/oracles/sailwave/2026 ILCA Leinsters results.blw');
const BOATS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett'];
const sail = (index: number) => `GER ${101 + index}`;

async function seedRegatta(page: Page, organization: string): Promise<{ slug: string; races: string[] }> {
  const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
  const start = new Date(Date.now() + 86_400_000);
  const created = await page.request.post('/api/v1/events', {
    headers,
    data: { organization, name: `Scoring Week ${Date.now()}`, startDate: start.toISOString(), endDate: new Date(start.getTime() + 2 * 86_400_000).toISOString() },
  });
  assert.equal(created.status(), 201, await created.text());
  const slug = ((await created.json()) as { data: { slug: string } }).data.slug;
  const fleet = await page.request.post(`/api/v1/events/${slug}/fleets`, { headers, data: { name: 'ILCA 7' } });
  assert.equal(fleet.status(), 201, await fleet.text());
  const races: string[] = [];
  for (let number = 1; number <= 3; number += 1) {
    const race = await page.request.post(`/api/v1/events/${slug}/races`, { headers, data: { fleetId: 'ILCA 7', scheduledStart: new Date(start.getTime() + number * 3_600_000).toISOString() } });
    assert.equal(race.status(), 201, await race.text());
    races.push(((await race.json()) as { data: { id: string } }).data.id);
  }
  const published = await page.request.put(`/api/v1/events/${slug}`, { headers, data: { status: 'published' } });
  assert.equal(published.status(), 200, await published.text());
  for (const [index, boat] of BOATS.entries()) {
    const entered = await page.request.post(`/api/v1/events/${slug}/register`, {
      headers,
      data: { fleet: 'ILCA 7', sailor: { name: `Skipper of ${boat}`, email: `${boat.toLowerCase()}-${Date.now()}@sailors.example.org` }, boat: { name: boat, sailNumber: sail(index), model: 'ILCA 7' } },
    });
    assert.equal(entered.status(), 201, await entered.text());
  }
  return { slug, races };
}

/** Types one line of the sheet by keyboard into the sail number field and waits until it is on the sheet. */
async function typeLine(page: Page, typed: string, line: number): Promise<void> {
  await page.keyboard.type(typed);
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: `added as line ${line}.` }).waitFor();
}

/** Opens a race's finish sheet from the desk by keyboard (focus the link, Enter). */
async function openSheetOf(page: Page, fleet: string, race: number): Promise<void> {
  await page.getByRole('link', { name: `Finish sheet: ${fleet}, Race ${race}` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: `${fleet}: Race ${race}`, level: 2 }).waitFor();
  await page.getByRole('combobox', { name: 'Sail number' }).focus();
}
const openSheet = (page: Page, race: number) => openSheetOf(page, 'ILCA 7', race);

/** Saves the sheet with a reason, by keyboard, and waits for the revision it made. */
async function saveSheetOf(page: Page, race: string, reason: string, seq: number): Promise<void> {
  await page.getByLabel('Reason').focus();
  await page.keyboard.type(reason);
  await page.getByRole('button', { name: 'Save results' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('status').filter({ hasText: `${race} saved as revision ${seq}.` }).waitFor();
}
const saveSheet = (page: Page, race: number, reason: string, seq: number) => saveSheetOf(page, `Race ${race}`, reason, seq);

/** A race's stored results through the public API: sail number, place, finish and elapsed time. */
async function storedPlaces(page: Page, slug: string, race: number): Promise<Array<[string, number | null, string | null, string | null]>> {
  const response = await page.request.get(`/api/v1/events/${slug}/results?race=${race}&fleet=${encodeURIComponent('ILCA 7')}`);
  assert.equal(response.status(), 200, await response.text());
  const body = (await response.json()) as { data: { races: Array<{ results: Array<{ boat: { sail: string }; position: number | null; finishTime: string | null; elapsedTime: string | null }> }> } };
  return body.data.races[0]!.results.map((r) => [r.boat.sail, r.position, r.finishTime, r.elapsedTime]);
}

async function backToDesk(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Back to the scoring desk' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Scoring desk', level: 2 }).waitFor();
}

describe('console: the scoring desk', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('three races of ten boats by keyboard, revisions and a revert, provisional results with the countdown', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Sam Scorer');
    const org = await createOrganization(page, `Scoring Club ${Date.now()}`);
    const { slug, races } = await seedRegatta(page, org);

    await page.goto(`/console/regattas/${slug}`);
    await page.getByRole('navigation', { name: 'Regatta sections' }).getByRole('link', { name: 'Scoring' }).click();
    await page.getByRole('heading', { name: 'Scoring desk', level: 2 }).waitFor();
    await page.getByText('No results yet').waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the desk before any results');

    // Race 1: ten boats in order, the fifth typed with DNF; a boat not entered and one typed twice are refused at once.
    await openSheet(page, 1);
    const order1 = [3, 0, 7, 2, 4, 9, 1, 6, 8, 5];
    for (const [line, boat] of order1.entries()) {
      if (line === 2) {
        await page.keyboard.type('999');
        await page.getByRole('status').filter({ hasText: '999 is not entered in this fleet.' }).waitFor();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Control+A');
        await page.keyboard.type('104');
        await page.getByRole('status').filter({ hasText: 'GER 104 is already on the sheet (line 1).' }).waitFor();
        await page.keyboard.press('Control+A');
        await page.keyboard.press('Backspace');
      }
      await typeLine(page, line === 9 ? `${101 + boat} DNF` : String(101 + boat), line + 1);
    }
    const sheet = page.getByRole('table', { name: /^Finish sheet: 10 lines/ });
    await sheet.getByRole('row').filter({ hasText: 'GER 106' }).getByRole('combobox', { name: 'Code: GER 106' }).waitFor();
    assert.equal(await sheet.getByRole('combobox', { name: 'Code: GER 106' }).inputValue(), 'dnf');
    assert.deepEqual(await auditBothWidths(page), [], 'a typed sheet');
    await saveSheet(page, 1, 'Race 1 as finished', 1);
    const history = page.getByRole('region', { name: 'Revision history' });
    await history.getByRole('heading', { name: 'Revision 1: submission' }).waitFor();
    const changes1 = history.getByRole('table', { name: 'Changes of Revision 1: submission' });
    await changes1.getByRole('row', { name: /GER 104 not listed #1 \(1\)/ }).waitFor();
    await changes1.getByRole('row', { name: /GER 106 not listed DNF \(11\)/ }).waitFor();

    // A correction: GER 101 and GER 108 swap places, saved as revision 2; then revision 1 is restored.
    await page.getByRole('button', { name: 'Move up: GER 101' }).focus();
    await page.keyboard.press('Enter');
    await saveSheet(page, 1, 'Finish line video: 101 ahead of 108', 2);
    await history.getByRole('heading', { name: 'Revision 2: correction' }).or(history.getByRole('heading', { name: 'Revision 2: submission' })).waitFor();
    await history.getByRole('button', { name: 'Revert to Revision 1: submission' }).click();
    await history.getByLabel('Why revert').fill('The video was of the second lap');
    await history.getByRole('button', { name: 'Revert', exact: true }).click();
    await history.getByRole('status').filter({ hasText: 'Revision 1: submission restored as revision 3.' }).waitFor();
    await history.getByRole('heading', { name: 'Revision 3: revert' }).waitFor();
    // One-design: the sheet is stored place-only, no finish time invented, places in the order typed.
    assert.deepEqual(await storedPlaces(page, slug, 1), [...order1.slice(0, 9).map((boat, i) => [sail(boat), i + 1, null, null]), [sail(5), null, null, null]]);
    assert.deepEqual(await auditBothWidths(page), [], 'the history');
    await backToDesk(page);

    // Race 2 with an OCS; nothing typed is lost over a reload.
    await openSheet(page, 2);
    const order2 = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    for (const [line, boat] of order2.entries()) {
      await typeLine(page, line === 9 ? `${101 + boat} OCS` : String(101 + boat), line + 1);
      if (line === 4) {
        await page.reload();
        await page.getByRole('table', { name: /^Finish sheet: 5 lines/ }).waitFor();
        await page.getByRole('combobox', { name: 'Sail number' }).focus();
      }
    }
    // Preview before saving: the standings as they would be, what moves said and highlighted.
    await page.getByRole('button', { name: 'Preview standings' }).focus();
    await page.keyboard.press('Enter');
    const proposed = page.getByRole('table', { name: 'Standings as they would be' });
    await proposed.waitFor();
    // Race 1 scored GER 104 1st and GER 101 2nd; race 2 as typed puts GER 101 1st: she goes up to 1st.
    await proposed.getByRole('row').filter({ hasText: 'GER 101' }).filter({ hasText: /up 1 place/ }).waitFor();
    await page.getByRole('status').filter({ hasText: /\d+ boats move\./ }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the preview');
    await saveSheet(page, 2, 'Race 2 as finished', 1);
    await backToDesk(page);

    // Race 3.
    await openSheet(page, 3);
    for (const [line, boat] of [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].entries()) await typeLine(page, String(101 + boat), line + 1);
    // A refusal lands on the line it concerns, and nothing typed is lost: a time on line 1 only is a
    // sheet timing some finishers and not others, refused on the first finisher without one (line 2).
    await page.getByRole('textbox', { name: 'Finish time: GER 110' }).fill('00:00:00');
    await page.getByLabel('Reason').fill('Race 3 as finished');
    await page.getByRole('button', { name: 'Save results' }).click();
    await page.getByRole('alert').filter({ hasText: 'A finisher has no finish time.' }).waitFor();
    await page.getByRole('table', { name: /^Finish sheet: 10 lines/ }).getByRole('row').filter({ hasText: 'GER 109' }).getByText(/has no finishTime while other finishers have one/).waitFor();
    assert.equal(await page.getByLabel('Reason').inputValue(), 'Race 3 as finished');
    await page.getByRole('textbox', { name: 'Finish time: GER 110' }).fill('');
    await page.getByLabel('Reason').fill('');
    await saveSheet(page, 3, 'Race 3 as finished', 1);
    await backToDesk(page);

    // Post the fleet's provisional results: the protest time limit runs and counts down.
    await page.getByText('Provisional', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Post provisional results: ILCA 7' }).click();
    await page.getByRole('status').filter({ hasText: 'ILCA 7: provisional results of 3 races posted; the protest time limit runs.' }).waitFor();
    const countdown = page.getByText(/^Protest time limit: \d+:\d\d:\d\d left/);
    await countdown.waitFor();
    const first = await countdown.innerText();
    await page.waitForTimeout(1500);
    assert.notEqual(await countdown.innerText(), first, 'the countdown moves');
    const standings = page.getByRole('table', { name: 'Standings: ILCA 7' });
    await standings.getByRole('row').filter({ hasText: 'GER 110' }).filter({ hasText: 'OCS' }).waitFor();
    assert.equal(await standings.getByRole('row').count(), 11, 'ten boats and the header');
    assert.deepEqual(await auditBothWidths(page), [], 'the desk with provisional results posted');

    // The jury disqualifies GER 102 in race 1 (through the API); a revert to before the decision is refused, and the screen says why.
    const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
    const entries = (await (await page.request.get(`/api/v1/events/${slug}/registrations?limit=100`)).json()) as { data: Array<{ boat: { id: string; sailNumber: string } }> };
    const bravo = entries.data.find((entry) => entry.boat.sailNumber === sail(1))!.boat.id;
    const lodged = await page.request.post(`/api/v1/events/${slug}/protests`, { headers, data: { type: 'protest_committee', raceIds: [races[0]], protesteeBoats: [bravo], incident: 'GER 102 touched the windward mark and did not take a penalty.' } });
    assert.equal(lodged.status(), 201, await lodged.text());
    const protestId = ((await lodged.json()) as { data: { id: string } }).data.id;
    const heard = await page.request.post(`/api/v1/events/${slug}/protests/${protestId}/hearing`, { headers, data: { startsAt: new Date(Date.now() + 3_600_000).toISOString(), room: 'Jury room' } });
    assert.equal(heard.status(), 200, await heard.text());
    const decided = await page.request.post(`/api/v1/events/${slug}/protests/${protestId}/decision`, {
      headers,
      data: { factsFound: 'GER 102 touched the mark.', conclusions: 'GER 102 broke rule 31 and took no penalty.', rulesApplied: ['31'], consequences: [{ boat: bravo, action: 'dsq' }] },
    });
    assert.equal(decided.status(), 200, await decided.text());
    await openSheet(page, 1);
    await history.getByRole('heading', { name: 'Revision 4: protest decision' }).waitFor();
    // GER 102 (7th typed) disqualified in the place-only race: the others keep the order typed.
    const afterDecision = [3, 0, 7, 2, 4, 9, 6, 8].map((boat, i) => [sail(boat), i + 1, null, null]);
    assert.deepEqual((await storedPlaces(page, slug, 1)).filter(([, place]) => place !== null), afterDecision);
    await history.getByRole('button', { name: 'Revert to Revision 1: submission' }).click();
    await history.getByLabel('Why revert').fill('Back to the finish sheet');
    await history.getByRole('button', { name: 'Revert', exact: true }).click();
    await history.getByRole('alert').filter({ hasText: 'A protest decision applied to this race since stands' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'a refused revert');
    await backToDesk(page);

    // The overall result across fleets, once the committee defined one (through the API).
    const overall = await page.request.put(`/api/v1/events/${slug}/overall`, { headers, data: { name: 'All boats', fleets: ['ILCA 7'], method: 'points', pointsFormula: 'net' } });
    assert.equal(overall.status(), 200, await overall.text());
    await page.reload();
    await page.getByRole('table', { name: 'Overall: All boats' }).getByRole('row').filter({ hasText: 'GER 110' }).waitFor();

    // The same desk and a sheet in German.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { name: 'Wertungstisch', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Vorläufige Ergebnisse aushängen: ILCA 7' }).waitFor();
    await page.getByText(/^Protestfrist: noch \d+:\d\d:\d\d/).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the desk in German');
    await page.getByRole('link', { name: 'Zieldurchgangsliste: ILCA 7, Race 1' }).click();
    await page.getByRole('heading', { name: 'Revisionsverlauf', level: 2 }).waitFor();
    await page.getByRole('combobox', { name: 'Segelnummer' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'a sheet in German');
    // The committee makes the fleet's results official: the fleet says so and the countdown is gone.
    await page.getByRole('link', { name: 'Zurück zum Wertungstisch' }).click();
    await page.getByRole('button', { name: 'Für endgültig erklären: ILCA 7' }).click();
    await page.getByRole('status').filter({ hasText: 'ILCA 7: 3 Wettfahrten sind endgültig.' }).waitFor();
    await page.getByText('Endgültig', { exact: true }).waitFor();
    assert.equal(await page.getByText(/^Protestfrist: noch/).count(), 0, 'no countdown once official');
    await context.close();
  });

  test('a Sailwave file: the parity report per fleet before accepting, then the desk and its PDF', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Sam Scorer');
    const org = await createOrganization(page, `Import Club ${Date.now()}`);
    await page.goto(`/console/orgs/${org}/imports/sailwave`);
    await page.getByRole('heading', { name: 'Import a Sailwave file', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Import and compare' }).click();
    await page.getByText('Choose a .blw file.').waitFor();
    await page.getByLabel('Sailwave file (.blw)').setInputFiles(ORACLE);
    await page.getByRole('button', { name: 'Import and compare' }).click();
    await page.getByRole('heading', { name: /^Parity report: .+ \(draft\)$/, level: 2 }).waitFor({ timeout: 60_000 });
    const parity = page.getByRole('table', { name: 'Parity with Sailwave per fleet' });
    assert.ok((await parity.getByRole('row').count()) >= 2, 'a row per fleet');
    await parity.getByText(/^(Exact|Differs only where|Mismatch|Not compared)/).first().waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the parity report');

    await page.getByRole('link', { name: "Accept: open the draft's scoring desk" }).click();
    await page.getByRole('heading', { name: 'Scoring desk', level: 2 }).waitFor();
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Standings (PDF)' }).click()]);
    const pdf = await readFile((await download.path())!);
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-', 'a PDF');
    assert.match(download.suggestedFilename(), /-standings\.pdf$/);
    const [blw] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Sailwave file (.blw)' }).click()]);
    const file = (await readFile((await blw.path())!)).toString('latin1');
    assert.match(file, /^"ser/, 'Sailwave records');
    assert.ok(file.includes(`"serevent","${name}"`), `a Sailwave file of that regatta (${name})`);
    await context.close();
  });

  test("a handicap fleet asks for each finisher's time and scores on corrected time", async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Sam Scorer');
    const org = await createOrganization(page, `Handicap Club ${Date.now()}`);
    const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
    const start = new Date(Math.floor((Date.now() + 2 * 86_400_000) / 86_400_000) * 86_400_000);
    const created = await page.request.post('/api/v1/events', { headers, data: { organization: org, name: `IRC Week ${Date.now()}`, startDate: start.toISOString(), endDate: new Date(start.getTime() + 86_400_000).toISOString() } });
    const slug = ((await created.json()) as { data: { slug: string } }).data.slug;
    assert.equal((await page.request.post(`/api/v1/events/${slug}/fleets`, { headers, data: { name: 'IRC', handicap: { system: 'irc' } } })).status(), 201);
    // The start at 12:00 UTC (the regatta has no time zone: the browser's clock, UTC in these tests).
    assert.equal((await page.request.post(`/api/v1/events/${slug}/races`, { headers, data: { fleetId: 'IRC', scheduledStart: new Date(start.getTime() + 12 * 3_600_000).toISOString() } })).status(), 201);
    assert.equal((await page.request.put(`/api/v1/events/${slug}`, { headers, data: { status: 'published' } })).status(), 200);
    for (const [index, tcc] of [1.2, 1.0].entries()) {
      const entered = await page.request.post(`/api/v1/events/${slug}/register`, {
        headers,
        data: { fleet: 'IRC', sailor: { name: `Skipper ${index}`, email: `irc-${index}-${Date.now()}@sailors.example.org` }, boat: { name: `Yacht ${index}`, sailNumber: sail(index), ratings: { irc: tcc } } },
      });
      assert.equal(entered.status(), 201, await entered.text());
    }
    await page.goto(`/console/regattas/${slug}/scoring`);
    await openSheetOf(page, 'IRC', 1);
    await page.getByText('This fleet is scored on corrected time').waitFor();
    // GER 101 (TCC 1.2) crosses first at 13:00:00 (60 min, corrected 72 min); GER 102 (TCC 1.0) at 13:10:00 (70 min).
    await page.keyboard.type('101');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'GER 101: type the finish time, then Enter.' }).waitFor();
    await page.keyboard.type('13:00:00');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'added as line 1.' }).waitFor();
    await page.keyboard.type('102');
    await page.keyboard.press('Tab');
    await page.keyboard.type('131000');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'added as line 2.' }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Finish time: GER 102' }).inputValue(), '13:10:00');
    await saveSheetOf(page, 'Race 1', 'Race 1 as finished', 1);
    await backToDesk(page);
    const standings = page.getByRole('table', { name: 'Standings: IRC' });
    await standings.getByRole('row').filter({ hasText: 'GER 102' }).filter({ hasText: /^1/ }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'a handicap fleet scored');
    await context.close();
  });
});
