/**
 * From the committee boat to the finish sheet, in a real Chromium: two recorders (the organizer's
 * session and an enrolled committee device) record one race's finishes through the capture API, with
 * GER 101 and GER 102 in opposite order and one boat nobody identified. The scorer sees, beside the
 * sheet, that the race follows the water, the swapped pair and the unknown boat; resolves the unknown
 * boat to GER 104 (a new finish record replacing it); accepts the reconciled order into the sheet;
 * saves it with a reason; sees the scorer has taken over and the standings in that order. And the
 * finishes the race's signals void after they were recorded: one made under a start a general recall
 * voided, listed apart as before the start in force, then every finish once the race is abandoned.
 * Axe-clean at 375 and 1280 px.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, signUp } from './harness.js';

const BOATS = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
const sail = (index: number) => `GER ${101 + index}`;

async function seedRace(page: Page, organization: string, start: Date): Promise<{ slug: string; raceId: string }> {
  const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
  const first = new Date(Date.now() + 86_400_000);
  const created = await page.request.post('/api/v1/events', {
    headers,
    data: { organization, name: `Capture Desk ${Date.now()}`, startDate: first.toISOString(), endDate: new Date(first.getTime() + 2 * 86_400_000).toISOString() },
  });
  assert.equal(created.status(), 201, await created.text());
  const slug = ((await created.json()) as { data: { slug: string } }).data.slug;
  assert.equal((await page.request.post(`/api/v1/events/${slug}/fleets`, { headers, data: { name: 'ILCA 7' } })).status(), 201);
  const race = await page.request.post(`/api/v1/events/${slug}/races`, { headers, data: { fleetId: 'ILCA 7', scheduledStart: start.toISOString() } });
  assert.equal(race.status(), 201, await race.text());
  const raceId = ((await race.json()) as { data: { id: string } }).data.id;
  assert.equal((await page.request.put(`/api/v1/events/${slug}`, { headers, data: { status: 'published' } })).status(), 200);
  for (const [index, boat] of BOATS.entries()) {
    const entered = await page.request.post(`/api/v1/events/${slug}/register`, {
      headers,
      data: { fleet: 'ILCA 7', sailor: { name: `Skipper of ${boat}`, email: `${boat.toLowerCase()}-${Date.now()}@sailors.example.org` }, boat: { name: boat, sailNumber: sail(index), model: 'ILCA 7' } },
    });
    assert.equal(entered.status(), 201, await entered.text());
  }
  // race-capture learns the entries from their facts: wait until its context lists every sail number,
  // as a committee device would before going afloat.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const context = await page.request.get(`/api/v1/events/${slug}/capture/context`);
    const entries = context.ok() ? ((await context.json()) as { data: { entries: { sailNumber: string }[] } }).data.entries : [];
    if (BOATS.every((_, index) => entries.some((entry) => entry.sailNumber === sail(index)))) break;
    assert.ok(Date.now() < deadline, `race-capture lists the entries within 30 s: ${JSON.stringify(entries)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { slug, raceId };
}

/** Enrols a committee device for the regatta (as the signed-in member) and redeems it: its bearer token. */
async function enrolDevice(page: Page, slug: string): Promise<string> {
  const enrolment = await page.request.post(`/api/v1/events/${slug}/capture/enrolments`, { headers: { origin: gatewayUrl() }, data: { label: 'Finish boat phone' } });
  assert.equal(enrolment.status(), 201, await enrolment.text());
  const code = new URL(((await enrolment.json()) as { data: { qrPayload: string } }).data.qrPayload, 'http://x').hash.replace('#enrol=', '');
  const redeemed = await fetch(`${gatewayUrl()}/api/v1/capture/devices`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
  const text = await redeemed.text();
  assert.equal(redeemed.status, 201, text);
  return (JSON.parse(text) as { data: { token: string } }).data.token;
}

describe('console: the scoring desk takes the finishes captured on the water', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('a swapped pair and an unknown boat: resolve, accept into the sheet, save, standings', { timeout: 120_000 }, async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Sam Scorer');
    const org = await createOrganization(page, `Capture Club ${Date.now()}`);
    const start = new Date(Math.floor((Date.now() - 3_600_000) / 1000) * 1000);
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();
    const { slug, raceId } = await seedRace(page, org, start);
    const token = await enrolDevice(page, slug);

    const member = async (path: string, data: Record<string, unknown>) => {
      const answer = await page.request.post(`/api/v1/events/${slug}/capture/${path}`, { headers: { origin: gatewayUrl() }, data });
      assert.equal(answer.status(), 201, await answer.text());
    };
    const device = async (data: Record<string, unknown>) => {
      const answer = await fetch(`${gatewayUrl()}/api/v1/events/${slug}/capture/finishes`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(data) });
      assert.equal(answer.status, 201, await answer.text());
    };
    await member('signals', { id: randomUUID(), startId: randomUUID(), raceIds: [raceId], kind: 'start', at: start.toISOString() });
    // The member: 101 at 20:00, 102 at 20:01, 103 at 20:10, an unknown boat at 20:20.
    // The device: 102 at 20:00.5, 101 at 20:01.2, 103 at 20:10.3: 101 and 102 swapped.
    const finish = (sailNumber: string | null, seconds: number) => ({ id: randomUUID(), raceId, kind: 'finish', ...(sailNumber ? { sailNumber } : {}), at: at(seconds) });
    for (const record of [finish('GER 101', 1200), finish('GER 102', 1201), finish('GER 103', 1210), finish(null, 1220)]) await member('finishes', record);
    for (const record of [finish('GER 102', 1200.5), finish('GER 101', 1201.2), finish('GER 103', 1210.3)]) await device(record);

    await page.goto(`/console/regattas/${slug}/scoring`);
    await page.getByRole('link', { name: 'Finish sheet: ILCA 7, Race 1' }).click();
    await page.getByRole('heading', { name: 'ILCA 7: Race 1', level: 2 }).waitFor();
    const panel = page.getByRole('region', { name: 'From the committee boat' });
    await panel.getByText('The results of this race follow the finishes captured on the water').waitFor();
    await panel.getByRole('table', { name: 'Reconciled finish order (3 boats)' }).waitFor();
    const disagreements = panel.getByRole('list', { name: 'Where the recorders disagree' });
    await disagreements.getByText(/^Order swapped: GER 101, GER 102/).waitFor();
    const unknown = panel.getByRole('form', { name: /^Unknown boat finishing at \d\d:\d\d:\d\d/ });
    await unknown.waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the captured finishes beside the sheet');

    // Resolve the unknown boat to GER 104: it joins the order, seen by one recorder only.
    await unknown.getByRole('combobox', { name: /^Boat finishing at/ }).selectOption('GER 104');
    await unknown.getByRole('button', { name: 'Resolve' }).click();
    await panel.getByRole('table', { name: 'Reconciled finish order (4 boats)' }).waitFor();
    await panel.getByText('No unknown boats.').waitFor();
    await disagreements.getByText(/^Seen by one recorder only: GER 104/).waitFor();

    // Accept the reconciled order into the sheet, then save it with a reason.
    await panel.getByRole('button', { name: 'Accept the captured order into the sheet' }).click();
    await panel.getByRole('status').filter({ hasText: 'The sheet now holds the captured order (4 lines).' }).waitFor();
    const sheet = page.getByRole('table', { name: /^Finish sheet: 4 lines/ });
    const rows = sheet.getByRole('row');
    for (const [index, boat] of ['GER 101', 'GER 102', 'GER 103', 'GER 104'].entries()) await rows.nth(index + 1).filter({ hasText: boat }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the sheet filled from the water');
    await page.getByLabel('Reason').fill('Finish order from the committee boat, unknown boat was GER 104');
    await page.getByRole('button', { name: 'Save results' }).click();
    await page.getByRole('status').filter({ hasText: /Race 1 saved as revision \d+\./ }).waitFor();
    await panel.getByText('A scorer has changed this race').waitFor();

    await page.getByRole('link', { name: 'Back to the scoring desk' }).click();
    const standings = page.getByRole('table', { name: 'Standings: ILCA 7' });
    await standings.waitFor();
    const order = await standings.getByRole('row').allInnerTexts();
    const placed = ['GER 101', 'GER 102', 'GER 103', 'GER 104'].map((boat) => order.findIndex((text) => text.includes(boat)));
    assert.deepEqual(placed, [1, 2, 3, 4], `standings in the captured order: ${order.join(' / ')}`);
    await context.close();
  });

  test('a general recall, then an abandonment: the void finishes listed apart, saying why', { timeout: 120_000 }, async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Vic Void');
    const org = await createOrganization(page, `Recall Club ${Date.now()}`);
    const first = new Date(Math.floor((Date.now() - 3_600_000) / 1000) * 1000);
    const { slug, raceId } = await seedRace(page, org, first);
    const member = async (path: string, data: Record<string, unknown>) => {
      const answer = await page.request.post(`/api/v1/events/${slug}/capture/${path}`, { headers: { origin: gatewayUrl() }, data });
      assert.equal(answer.status(), 201, await answer.text());
    };
    const signal = (kind: string, startId: string, at: Date) => member('signals', { id: randomUUID(), startId, raceIds: [raceId], kind, at: at.toISOString() });
    const finish = (sailNumber: string, at: Date) => member('finishes', { id: randomUUID(), raceId, kind: 'finish', sailNumber, at: at.toISOString() });
    // GER 103 finishes at first start + 8:15; the first start is recalled at + 0:40 and the new one
    // goes at + 10:00; GER 101 and GER 102 finish at new start + 31:10 and + 31:12.
    const s1 = randomUUID();
    await signal('start', s1, first);
    await finish('GER 103', new Date(first.getTime() + 495_000));
    await signal('general_recall', s1, new Date(first.getTime() + 40_000));
    const restart = new Date(first.getTime() + 600_000);
    const s2 = randomUUID();
    await signal('start', s2, restart);
    await finish('GER 101', new Date(restart.getTime() + 1_870_000));
    await finish('GER 102', new Date(restart.getTime() + 1_872_000));

    await page.goto(`/console/regattas/${slug}/scoring`);
    await page.getByRole('link', { name: 'Finish sheet: ILCA 7, Race 1' }).click();
    await page.getByRole('heading', { name: 'ILCA 7: Race 1', level: 2 }).waitFor();
    const panel = page.getByRole('region', { name: 'From the committee boat' });
    await panel.getByRole('table', { name: 'Reconciled finish order (2 boats)' }).waitFor();
    const voided = panel.getByRole('list', { name: "Void by the race's signals" });
    await voided.getByRole('listitem').filter({ hasText: /^Finish of GER 103 at \d\d:\d\d:\d\d \(recorded by Vic Void\): void, recorded before the start in force/ }).waitFor();
    assert.equal(await voided.getByRole('listitem').count(), 1, 'only the finish under the recalled start is void');
    assert.deepEqual(await auditBothWidths(page), [], 'the void finish beside the captured order');

    // The race is abandoned: every finish recorded for it is void, none left in the order.
    await signal('abandonment', s2, new Date(restart.getTime() + 1_900_000));
    await page.reload();
    await panel.getByText('No finishes have been captured on the water for this race.').or(voided).first().waitFor();
    for (const boat of ['GER 101', 'GER 102', 'GER 103']) {
      await voided.getByRole('listitem').filter({ hasText: new RegExp(`^Finish of ${boat} at .*: void, the race was abandoned$`) }).waitFor();
    }
    assert.equal(await panel.getByRole('table', { name: /^Reconciled finish order \(0 boats\)/ }).count(), 1, 'the order is empty');
    assert.equal(await panel.getByText('No finishes have been captured on the water for this race.').count(), 0, 'void finishes still show');
    await context.close();
  });
});
