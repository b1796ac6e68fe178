/**
 * A scorer enters a 40-boat handicap race at the scoring desk without touching the mouse: for each
 * finisher the sail number, Enter, the finish time, Enter; "1xx DNF" and "1xx OCS" typed with their
 * codes and no time (they have no finish). The preview shows the standings as they would be, the save
 * is revision 1 with its reason, and the results the API then serves are checked boat by boat:
 * place, finish time and elapsed time. The fleet of forty boats is entered through the API.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { createOrganization, launch, newPerson, signUp } from './harness.js';

const BOATS = 40;
const sail = (index: number) => `GER ${101 + index}`;
/** 12:00:00 UTC is the start; finisher k (0-based) crosses at 13:00:00 + 25 s × k. */
const clock = (k: number) => {
  const seconds = 3600 + 25 * k;
  const hh = 12 + Math.floor(seconds / 3600);
  const mm = Math.floor((seconds % 3600) / 60);
  const ss = seconds % 60;
  return [hh, mm, ss].map((n) => String(n).padStart(2, '0')).join(':');
};
const elapsed = (k: number) => {
  const seconds = 3600 + 25 * k;
  return [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');
};

async function seedFortyBoats(page: Page, organization: string): Promise<{ slug: string; startDay: Date }> {
  const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
  const startDay = new Date(Math.floor((Date.now() + 2 * 86_400_000) / 86_400_000) * 86_400_000);
  const created = await page.request.post('/api/v1/events', {
    headers,
    data: { organization, name: `Forty Boat Cup ${Date.now()}`, startDate: startDay.toISOString(), endDate: new Date(startDay.getTime() + 86_400_000).toISOString() },
  });
  assert.equal(created.status(), 201, await created.text());
  const slug = ((await created.json()) as { data: { slug: string } }).data.slug;
  assert.equal((await page.request.post(`/api/v1/events/${slug}/fleets`, { headers, data: { name: 'IRC', handicap: { system: 'irc' } } })).status(), 201);
  const race = await page.request.post(`/api/v1/events/${slug}/races`, { headers, data: { fleetId: 'IRC', scheduledStart: new Date(startDay.getTime() + 12 * 3_600_000).toISOString() } });
  assert.equal(race.status(), 201, await race.text());
  assert.equal((await page.request.put(`/api/v1/events/${slug}`, { headers, data: { status: 'published' } })).status(), 200);
  for (let index = 0; index < BOATS; index += 1) {
    const entered = await page.request.post(`/api/v1/events/${slug}/register`, {
      headers,
      data: { fleet: 'IRC', sailor: { name: `Skipper ${index + 1}`, email: `forty-${index}-${Date.now()}@sailors.example.org` }, boat: { name: `Yacht ${index + 1}`, sailNumber: sail(index), ratings: { irc: 1 } } },
    });
    assert.equal(entered.status(), 201, await entered.text());
  }
  return { slug, startDay };
}

describe('console: a 40-boat race at the scoring desk', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('forty boats typed by keyboard only, with times, a DNF and an OCS; previewed, saved and served by the API', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Sam Scorer');
    const org = await createOrganization(page, `Forty Club ${Date.now()}`);
    const { slug } = await seedFortyBoats(page, org);

    await page.goto(`/console/regattas/${slug}/scoring`);
    await page.getByRole('heading', { name: 'Scoring desk', level: 2 }).waitFor();
    await page.getByRole('link', { name: 'Finish sheet: IRC, Race 1' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'IRC: Race 1', level: 2 }).waitFor();
    await page.getByText('This fleet is scored on corrected time').waitFor();
    await page.getByRole('combobox', { name: 'Sail number' }).focus();

    // The finishing order: GER 140 first, then down to GER 103; GER 102 retired (DNF), GER 101 was over the line (OCS).
    const finishers = Array.from({ length: BOATS - 2 }, (_, k) => BOATS - 1 - k);
    for (const [k, boat] of finishers.entries()) {
      await page.keyboard.type(String(101 + boat));
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: `${sail(boat)}: type the finish time, then Enter.` }).waitFor();
      await page.keyboard.type(clock(k).replaceAll(':', ''));
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: `added as line ${k + 1}.` }).waitFor();
    }
    for (const [k, typed] of ['102 DNF', '101 OCS'].entries()) {
      await page.keyboard.type(typed);
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: `added as line ${BOATS - 1 + k}.` }).waitFor();
    }
    const sheet = page.getByRole('table', { name: /^Finish sheet: 40 lines/ });
    await sheet.waitFor();
    assert.equal(await sheet.getByRole('combobox', { name: 'Code: GER 102' }).inputValue(), 'dnf');
    assert.equal(await sheet.getByRole('combobox', { name: 'Code: GER 101' }).inputValue(), 'ocs');
    assert.equal(await sheet.getByRole('textbox', { name: 'Finish time: GER 121' }).inputValue(), clock(19));

    // Preview: the standings as they would be, every boat new on the board.
    await page.getByRole('button', { name: 'Preview standings' }).focus();
    await page.keyboard.press('Enter');
    const proposed = page.getByRole('table', { name: 'Standings as they would be' });
    await proposed.waitFor();
    assert.equal(await proposed.getByRole('row').count(), BOATS + 1, 'forty boats and the header');

    // Save with a reason, by keyboard.
    await page.getByLabel('Reason').focus();
    await page.keyboard.type('Race 1 as finished, 40 boats');
    await page.getByRole('button', { name: 'Save results' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Race 1 saved as revision 1.' }).waitFor();

    // The results the API serves: places in the order typed (equal ratings), the typed times kept, the two codes without a place.
    const response = await page.request.get(`/api/v1/events/${slug}/results?race=1&fleet=IRC`);
    assert.equal(response.status(), 200, await response.text());
    const body = (await response.json()) as { data: { races: Array<{ results: Array<{ boat: { sail: string }; position: number | null; status: string; code?: string | null; finishTime: string | null; elapsedTime: string | null }> }> } };
    const results = body.data.races[0]!.results;
    assert.equal(results.length, BOATS);
    const bySail = new Map(results.map((r) => [r.boat.sail, r]));
    for (const [k, boat] of finishers.entries()) {
      const result = bySail.get(sail(boat))!;
      assert.equal(result.position, k + 1, `${sail(boat)} placed ${k + 1}`);
      assert.equal(result.elapsedTime, elapsed(k), `${sail(boat)} sailed ${elapsed(k)}`);
      assert.match(result.finishTime ?? '', new RegExp(`T${clock(k)}`), `${sail(boat)} crossed at ${clock(k)}`);
    }
    for (const [who, status] of [[sail(1), 'dnf'], [sail(0), 'dns']] as const) {
      const result = bySail.get(who)!;
      assert.equal(result.position, null, `${who} has no place`);
      assert.equal(result.status, status, `${who} is ${status}`);
      assert.equal(result.finishTime, null);
    }
    await context.close();
  });
});
