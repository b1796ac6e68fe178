/**
 * A jury secretary runs the jury room of a regatta in a real Chromium. The regatta is set up through
 * the API from the page (one ILCA 7 fleet, four boats, two races scored and posted provisional with the
 * protest time limit an hour ahead):
 *   R1: Alpha 1, Bravo 2, Charlie 3, Delta 4      R2: Bravo 1, Alpha 2, Charlie 3, Delta 4
 * Through the screens she lodges Alpha's protest against Bravo on Alpha's behalf (within the limit),
 * schedules the hearing, sees it on the clubhouse display (which then shows a second hearing by
 * itself, without a reload), has the API refuse redress by A9(b) in the first race on that very
 * consequence, and decides a DSQ: Bravo scores 5 (DNF = entries + 1) in R1, Charlie and Delta move
 * up (A6.1). Standings before: Alpha 3, Bravo 3 (Bravo ahead on the last race, A8.2), Charlie 6,
 * Delta 8; after: Alpha 1 + 2 = 3, Charlie 2 + 3 = 5, Bravo 5 + 1 = 6, Delta 3 + 4 = 7.
 * The public standings and the public notice board show it. The redress request is withdrawn; in
 * German, the decided case is reopened (a request to reopen, a new case 3). Every screen is axe-clean at 375 and
 * 1280 px, in English and German.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, signUp } from './harness.js';

const DAY = 86_400_000;
const BOATS = ['Alpha', 'Bravo', 'Charlie', 'Delta'] as const;
const sail = (index: number) => `GER ${201 + index}`;
const label = (index: number) => `${sail(index)} ${BOATS[index]}`;

interface Regatta {
  slug: string;
  fleetId: string;
  races: string[];
  boats: string[];
}

async function ok(response: { status(): number; text(): Promise<string>; json(): Promise<any> }, status = 200): Promise<any> {
  assert.equal(response.status(), status, await response.text());
  return response.json();
}

/** The regatta with results, through the API with the page's session (and the Origin a browser sends). */
async function seedRegatta(page: Page, organization: string): Promise<Regatta> {
  const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
  const post = (path: string, data: unknown) => page.request.post(path, { headers, data });
  const base = new Date(Math.floor((Date.now() - DAY) / DAY) * DAY);
  const startOf = (race: number) => new Date(base.getTime() + 12 * 3_600_000 + (race - 1) * 7_200_000);
  const created = await ok(await post('/api/v1/events', { organization, name: `Jury Cup ${Date.now()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 3 * DAY).toISOString() }), 201);
  const slug = created.data.slug as string;
  await ok(await page.request.put(`/api/v1/events/${slug}`, { headers, data: { status: 'published' } }));
  const fleetId = (await ok(await post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 7' }), 201)).data.id as string;
  const races: string[] = [];
  for (const number of [1, 2]) races.push((await ok(await post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: number, scheduledStart: startOf(number).toISOString() }), 201)).data.id);
  const boats: string[] = [];
  for (const [index, name] of BOATS.entries()) {
    const body = { fleet: fleetId, boat: { name, sailNumber: sail(index) }, sailor: { name: `Skipper ${name}`, email: `${name.toLowerCase()}-${Date.now()}@sailors.example.org` } };
    boats.push((await ok(await post(`/api/v1/events/${slug}/register`, body), 201)).data.boatId);
  }
  const orders = [[0, 1, 2, 3], [1, 0, 2, 3]];
  for (const [r, order] of orders.entries()) {
    const start = startOf(r + 1);
    const results = order.map((boat, place) => ({ boat: boats[boat], status: 'finished', finishTime: new Date(start.getTime() + (1800 + 10 * place) * 1000).toISOString() }));
    await ok(await post(`/api/v1/events/${slug}/races/${races[r]}/results`, { actualStart: start.toISOString(), results }));
  }
  await ok(await post(`/api/v1/events/${slug}/fleets/${fleetId}/results/publish`, { protestDeadline: new Date(Date.now() + 3_600_000).toISOString() }));
  return { slug, fleetId, races, boats };
}

/** Positions by boat name from the API's standings (what the public standings page shows). */
async function positions(page: Page, regatta: Regatta): Promise<Record<string, number>> {
  const body = await ok(await page.request.get(`/api/v1/events/${regatta.slug}/standings`));
  const name = (id: string) => BOATS[regatta.boats.indexOf(id)] ?? id;
  return Object.fromEntries(body.data.standings.map((row: { boat: { id: string }; position: number }) => [name(row.boat.id), row.position]));
}

describe('console: the jury room', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('lodge, schedule, show on the display, decide a DSQ; standings and notice board change', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Jules Jury');
    const org = await createOrganization(page, `Jury Sailing Club ${Date.now()}`);
    const regatta = await seedRegatta(page, org);
    const { slug } = regatta;

    // From the regatta's console page to its jury room.
    await page.goto(`/console/regattas/${slug}`);
    await page.getByRole('navigation', { name: 'Regatta sections' }).getByRole('link', { name: 'Jury room' }).click();
    await page.getByRole('heading', { name: 'Jury room', level: 2 }).waitFor();
    await page.getByText('No case has been lodged.').waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'empty jury room');

    // Lodge: what is missing is said on the fields before anything is sent.
    await page.getByRole('button', { name: 'Lodge a case' }).click();
    const lodge = page.getByRole('form', { name: 'Lodge a case' });
    await lodge.getByRole('button', { name: 'Lodge' }).click();
    await lodge.getByText('Choose at least one race.').waitFor();
    await lodge.getByText('Choose the boat the case is lodged for.').waitFor();
    assert.equal(await lodge.getByLabel('Incident').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await auditBothWidths(page), [], 'lodge form with its errors');

    await lodge.getByLabel('Type of case').selectOption({ label: 'Protest (boat v boat)' });
    await lodge.getByLabel('Lodged for boat').selectOption({ label: label(0) });
    await lodge.getByRole('group', { name: 'Races' }).getByLabel('Race 1 (ILCA 7)').check();
    await lodge.getByRole('group', { name: 'Boats protested' }).getByLabel(label(1)).check();
    await lodge.getByLabel('Incident').fill('Port-starboard at the windward mark; Bravo did not keep clear.');
    await lodge.getByLabel('Rules alleged to be broken').fill('10');
    await lodge.getByLabel('Contact phone').fill('+49 555 0100');
    await lodge.getByRole('button', { name: 'Lodge' }).click();
    await page.getByRole('status').filter({ hasText: /Case 1 lodged at .+, within the protest time limit/ }).waitFor();
    const cases = page.getByRole('table', { name: 'Protests, requests and inquiries, by number' });
    await cases.getByRole('cell', { name: 'In time' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();

    // Schedule the hearing (today, on the device's clock: UTC here).
    const today = new Date().toISOString().slice(0, 10);
    await page.getByRole('button', { name: 'Schedule hearing: case 1' }).click();
    const hearing = page.getByRole('form', { name: 'Hearing of case 1' });
    await hearing.getByLabel('Hearing time').fill(`${today}T23:30`);
    await hearing.getByLabel('Room').fill('Jury room, first floor');
    await hearing.getByRole('button', { name: 'Save the hearing' }).click();
    await page.getByRole('status').filter({ hasText: 'The hearing of case 1 is scheduled in Jury room, first floor.' }).waitFor();
    const board = page.getByRole('table', { name: 'Hearings of the chosen day, earliest first' });
    await board.getByRole('cell', { name: 'Jury room, first floor' }).waitFor();
    await board.getByRole('cell', { name: 'Hearing scheduled' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'jury room with a scheduled hearing');

    // The clubhouse display: the day's hearings full screen, updating itself.
    const display = await context.newPage();
    await display.goto(`/console/regattas/${slug}/jury/display`);
    await display.getByRole('heading', { level: 1, name: /^Hearings · Jury Cup/ }).waitFor();
    await display.getByRole('cell', { name: 'Jury room, first floor' }).waitFor();
    assert.equal(await display.getByRole('banner').count(), 0, 'no console frame around the board');
    assert.deepEqual(await auditBothWidths(display), [], 'hearing display');
    // A second case heard today, set through the API: the display shows it without a reload.
    const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
    const redress = await ok(await page.request.post(`/api/v1/events/${slug}/protests`, { headers, data: { type: 'redress', raceIds: [regatta.races[1]], protestorBoat: regatta.boats[2], incident: 'Charlie was hit by the mark boat at the gate.' } }), 201);
    await ok(await page.request.post(`/api/v1/events/${slug}/protests/${redress.data.id}/hearing`, { headers, data: { startsAt: `${today}T23:45:00Z`, room: 'Bar' } }));
    await display.getByRole('cell', { name: 'Bar', exact: true }).waitFor({ timeout: 25_000 });
    await display.close();

    // Case 2 is withdrawn with the committee's approval (rule 63.1): no hearing or decision any more.
    await page.reload();
    await page.getByRole('button', { name: 'Withdraw: case 2' }).click();
    const withdrawal = page.getByRole('form', { name: 'Withdraw case 2' });
    await withdrawal.getByLabel('Reason, as approved').fill('Charlie withdrew her request before the hearing; approved by the protest committee.');
    await withdrawal.getByRole('button', { name: 'Withdraw the case' }).click();
    await page.getByRole('status').filter({ hasText: 'Case 2 is withdrawn.' }).waitFor();
    await page.getByRole('table', { name: 'Protests, requests and inquiries, by number' }).getByRole('cell', { name: 'Withdrawn' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Decide: case 2' }).count(), 0, 'a withdrawn case is not decided');

    // Decide: redress by A9(b) in the first race has nothing to average; the API says so on that consequence.
    assert.deepEqual(await positions(page, regatta), { Bravo: 1, Alpha: 2, Charlie: 3, Delta: 4 });
    await page.getByRole('button', { name: 'Decide: case 1' }).click();
    const decision = page.getByRole('form', { name: 'Decision of case 1' });
    await decision.getByLabel('Facts found').fill('Bravo on port did not keep clear of Alpha on starboard; Alpha bore away to avoid contact.');
    await decision.getByLabel('Conclusions').fill('Bravo broke rule 10 and is disqualified from race 1.');
    await decision.getByRole('button', { name: 'Add a consequence' }).click();
    const first = decision.getByRole('group', { name: 'Consequence 1' });
    await first.getByLabel('Boat').selectOption({ label: label(1) });
    await first.getByLabel('Consequence').selectOption({ label: 'Redress (RDG)' });
    await first.getByLabel('Redress method').selectOption({ label: 'Average of the races before (A9(b))' });
    await decision.getByRole('button', { name: 'Record the decision' }).click();
    await page.getByRole('alert').filter({ hasText: 'A consequence cannot be applied' }).waitFor();
    assert.equal(await first.getByLabel('Redress method').getAttribute('aria-invalid'), 'true', 'the refusal is on the method of consequence 1');
    assert.deepEqual(await auditBothWidths(page), [], 'decision form with a refused consequence');

    await first.getByLabel('Consequence').selectOption({ label: 'Disqualified (DSQ)' });
    await decision.getByRole('button', { name: 'Record the decision' }).click();
    await page.getByRole('status').filter({ hasText: 'Case 1 is decided with 1 consequence. The standings have changed.' }).waitFor();
    assert.deepEqual(await positions(page, regatta), { Alpha: 1, Charlie: 2, Bravo: 3, Delta: 4 });
    await page.getByRole('table', { name: 'Protests, requests and inquiries, by number' }).getByRole('cell', { name: 'Decided' }).waitFor();
    await page.getByRole('button', { name: 'Reopen: case 1' }).waitFor();

    // The notice board as the public sees it, shown in the jury room.
    const notice = page.getByRole('table', { name: 'Hearings and decisions as sailors see them' });
    await notice.getByText(/GER 202 Bravo: .*DSQ/).waitFor({ timeout: 20_000 });
    assert.deepEqual(await auditBothWidths(page), [], 'jury room after the decision');

    // The standings page the screen links to, and the public notice board on the regatta page.
    await page.getByRole('link', { name: 'See the standings' }).click();
    const publicPage = page;
    await publicPage.waitForURL(new RegExp(`/regattas/${slug}/standings`));
    for (let attempt = 0; attempt < 20 && !/DSQ/.test(await publicPage.locator('body').innerText()); attempt += 1) {
      await publicPage.waitForTimeout(500);
      await publicPage.reload();
    }
    assert.match(await publicPage.locator('body').innerText(), /DSQ/, 'the public standings show the disqualification');
    await publicPage.goto(`/regattas/${slug}`);
    assert.match(await publicPage.locator('body').innerText(), /Bravo broke rule 10 and is disqualified from race 1\./, 'the public notice board shows the decision');

    // In German: the jury room and the display.
    const german = await newPerson(browser, { locale: 'de-DE' });
    await german.context.addCookies(await context.cookies());
    await german.page.goto(`/console/regattas/${slug}/jury`);
    await german.page.getByRole('heading', { name: 'Jury-Raum', level: 2 }).waitFor();
    await german.page.getByRole('button', { name: 'Wiederaufnehmen: Fall 1' }).click();
    const reopen = german.page.getByRole('form', { name: 'Antrag auf Wiederaufnahme von Fall 1' });
    assert.equal(await reopen.getByLabel('Art des Falls').inputValue(), 'reopen');
    assert.equal(await reopen.getByRole('group', { name: 'Wettfahrten' }).getByLabel('Wettfahrt 1 (ILCA 7)').isChecked(), true, 'the decided case\'s race');
    assert.deepEqual(await auditBothWidths(german.page), [], 'German jury room with the reopen form');
    await reopen.getByLabel('Vorfall').fill('Ein Video zeigt, dass Alpha nicht ausweichen musste: neue Beweise (Regel 66).');
    await reopen.getByRole('button', { name: 'Einreichen' }).click();
    await german.page.getByRole('status').filter({ hasText: /^Fall 3 eingereicht um .+, innerhalb der Protestfrist/ }).waitFor();
    await german.page.goto(`/console/regattas/${slug}/jury/display`);
    await german.page.getByRole('heading', { level: 1, name: /^Anhörungen · / }).waitFor();
    assert.deepEqual(await auditBothWidths(german.page), [], 'German hearing display');
    await german.context.close();
    await context.close();
  });
});
