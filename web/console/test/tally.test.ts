/**
 * A day of the safety tally in a real Chromium through the gateway: the organizer opens the regatta's
 * tally, a sailor (her own phone, 375 px) follows the boat park's QR link and signs her boat out with
 * two on board; the shore team signs four more out for boats without a phone. Four come back (the
 * sailor with one tap); the committee view shows the fifth still afloat, then, once the organizer's
 * deadline is past, flags her loudly (role=alert). The organizer chose two points (DPI) for a missed
 * sign-in and closes the day: the penalty appears in the standings and as a revision via the tally.
 * The committee app's tally view on the water shows the overdue boat too, and offline keeps the shore
 * team's sign-out on the device (through a reload) until it is sent, once. Every tally screen is
 * audited at 375 and 1280 px.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl, middayZone, zonedClock } from '@regatta/testing';
import { PHONE, auditBothWidths, createOrganization, launch, newPerson, signUp } from './harness.js';

const headers = () => ({ origin: gatewayUrl(), 'content-type': 'application/json' });
const SHOTS = process.env['TALLY_SCREENSHOTS'];

/** Screenshots of the current screen at 375 and 1280 px when TALLY_SCREENSHOTS names a directory. */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(original);
}
const today = new Date().toISOString().slice(0, 10);
const start = new Date(Date.now() - 2 * 3_600_000);
// The regatta keeps a zone where it is about noon now, so two hours ago is still today (testing/clock.ts).
const zone = middayZone();

async function post(page: Page, path: string, data: unknown, status = 201): Promise<any> {
  const response = await page.request.post(path, { headers: headers(), data });
  assert.equal(response.status(), status, await response.text());
  return ((await response.json()) as { data: unknown }).data;
}

/** A published regatta of tomorrow (entries open) with two races started today, four boats entered by the organizer. */
async function seedRegatta(page: Page, organization: string) {
  const begins = new Date(Date.now() + 86_400_000);
  const event = await post(page, '/api/v1/events', { organization, name: `Tally Week ${Date.now()}`, startDate: begins.toISOString(), endDate: new Date(begins.getTime() + 86_400_000).toISOString(), timeZone: zone });
  const slug = event.slug as string;
  const fleetId = (await post(page, `/api/v1/events/${slug}/fleets`, { name: 'ILCA 6' })).id as string;
  const raceIds: string[] = [];
  for (const raceNumber of [1, 2]) raceIds.push((await post(page, `/api/v1/events/${slug}/races`, { fleetId, raceNumber })).id);
  const published = await page.request.put(`/api/v1/events/${slug}`, { headers: headers(), data: { status: 'published' } });
  assert.equal(published.status(), 200, await published.text());
  const boats: Record<string, string> = {};
  for (const n of [1, 2, 3, 4]) {
    boats[`GER ${n}`] = (await post(page, `/api/v1/events/${slug}/register`, { fleet: fleetId, sailor: { name: `Skipper ${n}`, email: `skipper-${n}-${randomUUID().slice(0, 8)}@sailors.example.org` }, boat: { name: `Boat ${n}`, sailNumber: `GER ${n}` } })).boatId;
  }
  return { slug, fleetId, raceIds, boats };
}

describe('the safety tally: a day of five boats', () => {
  let browser: Browser;
  let organizer: Page;
  let sailor: Page;
  let regatta: Awaited<ReturnType<typeof seedRegatta>>;

  before(async () => {
    browser = await launch();
    organizer = (await newPerson(browser)).page;
    await signUp(organizer, 'Olga Organizer');
    const organization = await createOrganization(organizer, `Tally Club ${randomUUID().slice(0, 6)}`);
    regatta = await seedRegatta(organizer, organization);
    sailor = (await newPerson(browser, { viewport: PHONE })).page;
    await signUp(sailor, 'Sara Sailor');
    regatta.boats['GER 5'] = (await post(sailor, `/api/v1/events/${regatta.slug}/register`, { fleet: regatta.fleetId, boat: { name: 'Boat 5', sailNumber: 'GER 5' }, emergencyContact: 'Sven +49 40 555' })).boatId;
    // Both races started today and were scored: GER 4 fourth in race 2.
    for (const raceId of regatta.raceIds) {
      await post(organizer, `/api/v1/events/${regatta.slug}/capture/signals`, { id: randomUUID(), startId: randomUUID(), raceIds: [raceId], kind: 'start', at: start.toISOString() });
    }
    for (const [index, raceId] of regatta.raceIds.entries()) {
      const order = index === 0 ? ['GER 1', 'GER 2', 'GER 3', 'GER 4', 'GER 5'] : ['GER 5', 'GER 1', 'GER 2', 'GER 4', 'GER 3'];
      const results = order.map((sail, place) => ({ boat: regatta.boats[sail], status: 'finished', finishTime: new Date(start.getTime() + (45 + place) * 60_000).toISOString() }));
      await post(organizer, `/api/v1/events/${regatta.slug}/races/${raceId}/results`, { actualStart: start.toISOString(), status: 'finished', results }, 200);
    }
  });

  after(async () => {
    await browser?.close();
  });

  const board = (page: Page) => page.getByRole('table');
  const shore = async (kind: 'Sign out' | 'Sign in', sail: string) => {
    await organizer.getByRole('button', { name: `${kind} ${sail}`, exact: true }).click();
    await organizer.getByRole('button', { name: `${kind === 'Sign out' ? 'Sign in' : 'Sign out'} ${sail}`, exact: true }).waitFor();
  };

  test('five boats sign out: the sailor by the boat park link on her phone, four by the shore team', async () => {
    await organizer.goto(`/console/regattas/${regatta.slug}/tally`);
    await organizer.getByRole('heading', { name: 'Safety tally', level: 2 }).waitFor();
    await organizer.getByRole('img', { name: "QR code of the sailors' sign-out and sign-in page" }).waitFor();
    const link = await organizer.getByRole('link', { name: new RegExp(`/console/tally/${regatta.slug}$`) }).getAttribute('href');
    assert.ok(link);

    await sailor.goto(link);
    await sailor.getByRole('heading', { name: /^Safety tally: Tally Week/, level: 1 }).waitFor();
    const own = sailor.getByRole('list', { name: 'Your boats' }).getByRole('listitem');
    await own.getByLabel('Persons on board').fill('2');
    await own.getByRole('button', { name: 'Sign out' }).click();
    await own.getByText('2 persons on board.').waitFor();
    assert.deepEqual(await auditBothWidths(sailor), []);

    for (const sail of ['GER 1', 'GER 2', 'GER 3', 'GER 4']) await shore('Sign out', sail);
    await organizer.getByText('5 afloat with 6 persons on board').waitFor();
  });

  test('four sign in (the sailor with one tap): the committee view shows GER 4 still afloat, not yet flagged', async () => {
    await sailor.getByRole('button', { name: 'Sign in: we are ashore' }).click();
    await sailor.getByRole('status').filter({ hasText: 'Back ashore' }).waitFor();
    for (const sail of ['GER 1', 'GER 2', 'GER 3']) await shore('Sign in', sail);
    // The board polls: the sailor's sign-in on her phone reaches the committee view by itself.
    await organizer.getByText('1 afloat with 1 persons on board · 4 back ashore').waitFor({ timeout: 20_000 });
    const afloat = organizer.getByRole('list', { name: 'Boats afloat' }).getByRole('listitem');
    assert.deepEqual(await afloat.allInnerTexts(), ['GER 4 Boat 4: 1 on board']);
    assert.equal(await organizer.getByRole('alert').count(), 0);
    assert.ok(await board(organizer).getByRole('row', { name: /GER 5/ }).getByText('Back ashore').isVisible());
  });

  test('past the deadline the fifth is flagged loudly; the organizer chose 2 points for a missed sign-in and closes the day', async () => {
    // The deadline is the next full minute on the regatta's clock: every movement so far came before it.
    const deadline = Math.ceil((Date.now() + 1) / 60_000) * 60_000;
    await organizer.waitForTimeout(deadline - Date.now() + 500);
    await organizer.getByLabel('Sign-in deadline (every day)').fill(zonedClock(new Date(deadline), zone));
    await organizer.getByLabel('A missed sign-in costs').selectOption({ label: 'Points added (DPI)' });
    await organizer.getByLabel('Points of a points penalty').fill('2');
    await organizer.getByRole('button', { name: 'Save' }).click();
    await organizer.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const alert = organizer.getByRole('alert');
    await alert.getByRole('heading', { name: '1 boat not signed in after the deadline' }).waitFor();
    assert.match(await alert.innerText(), /GER 4 Boat 4: 1 on board/);
    assert.ok(await board(organizer).getByRole('row', { name: /GER 4/ }).getByText('Overdue: not signed in after the deadline').isVisible());
    assert.deepEqual(await auditBothWidths(organizer), []);
    // On a phone each boat is a compact card; the times open under her details, by keyboard too.
    await organizer.setViewportSize(PHONE);
    await organizer.getByLabel('Details of GER 1', { exact: true }).focus();
    await organizer.keyboard.press('Enter');
    await organizer.getByRole('term').filter({ hasText: /^Signed out$/ }).first().waitFor();
    assert.deepEqual(await auditBothWidths(organizer), []);
    await shot(organizer, 'tally-desk');
    await organizer.setViewportSize({ width: 1280, height: 900 });

    // Every day's tally is kept: a day long past shows the boats, none of them out.
    await organizer.getByLabel('Day', { exact: true }).fill('2020-01-04');
    await organizer.getByText('0 afloat with 0 persons on board · 0 back ashore · 5 not signed out').waitFor();
    await organizer.getByLabel('Day', { exact: true }).fill(today);
    await alert.getByRole('heading', { name: '1 boat not signed in after the deadline' }).waitFor();
    await organizer.getByRole('button', { name: `Close ${today}` }).click();
    await organizer.getByRole('status').filter({ hasText: 'Day closed: 1 miss recorded.' }).waitFor();
  });

  test('the committee app on the water shows the same: GER 4 overdue, loudly, with who is on board', async () => {
    await organizer.goto(`/console/committee/${regatta.slug}`);
    await organizer.getByRole('navigation', { name: 'Committee app' }).getByRole('button', { name: 'Tally' }).click();
    const alert = organizer.getByRole('alert');
    await alert.getByRole('heading', { name: '1 boat not signed in after the deadline' }).waitFor();
    assert.match(await alert.innerText(), /GER 4 Boat 4: 1 on board/);
    assert.deepEqual(await organizer.getByRole('list', { name: 'Boats afloat' }).getByRole('listitem').allInnerTexts(), ['GER 4 Boat 4: 1 on board']);
    assert.deepEqual(await auditBothWidths(organizer), []);
    await shot(organizer, 'tally-committee');
  });

  test('offline the committee app keeps a sign-out on the device, through a reload, and sends it once with signal', async () => {
    const tallyView = () => organizer.getByRole('navigation', { name: 'Committee app' }).getByRole('button', { name: 'Tally' }).click();
    const kept = organizer.getByRole('list', { name: 'Sign-outs and sign-ins kept on this device' }).getByRole('listitem');
    await organizer.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await organizer.context().setOffline(true);
    const tappedAt = Date.now();
    await organizer.getByRole('button', { name: 'Sign out GER 1', exact: true }).click();
    await kept.filter({ hasText: 'Sign-out GER 1 · not yet sent' }).waitFor();
    assert.ok(await organizer.getByRole('button', { name: 'Sign out GER 1', exact: true }).isDisabled(), 'a boat waiting to be sent is not signed twice');

    await organizer.reload();
    await tallyView();
    await kept.filter({ hasText: 'Sign-out GER 1 · not yet sent' }).waitFor();
    await organizer.getByRole('status').filter({ hasText: '1 record not yet sent' }).waitFor();

    // Some seconds pass offline before the network returns: the movement keeps the time of the tap.
    await organizer.waitForTimeout(2_000);
    await organizer.context().setOffline(false);
    await organizer.getByRole('status').filter({ hasText: 'Every record is on the server' }).waitFor({ timeout: 30_000 });
    await organizer.getByRole('list', { name: 'Boats afloat' }).getByRole('listitem').filter({ hasText: /^GER 1 Boat 1/ }).waitFor({ timeout: 20_000 });
    assert.equal(await kept.count(), 0);
    // The device kept one movement; the server holds it: the same id and body again is answered 200, as the first time.
    const stored = await organizer.evaluate(
      () =>
        new Promise<Array<{ id: string; registrationId: string; kind: string; state: string; madeAt: number; clockOffsetMs?: number }>>((resolve, reject) => {
          const open = indexedDB.open('regatta-committee');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('movements').objectStore('movements').getAll();
            read.onsuccess = () => resolve(read.result);
          };
        }),
    );
    // The shore team's earlier taps were on the console's tally page (sent at once); this device made only this one.
    const ours = stored;
    assert.deepEqual(ours.map((m) => [m.kind, m.state]), [['out', 'sent']]);
    const tapped = new Date(ours[0]!.madeAt + (ours[0]!.clockOffsetMs ?? 0)).toISOString();
    assert.ok(Math.abs(ours[0]!.madeAt - tappedAt) < 5_000, 'the device kept the time of the tap');
    const replay = await organizer.request.post(`/api/v1/events/${regatta.slug}/tally/movements`, { headers: headers(), data: { id: ours[0]!.id, registrationId: ours[0]!.registrationId, kind: 'out', at: tapped } });
    assert.equal(replay.status(), 200, await replay.text());
    // The server keeps the tap's time, not the sync's: it received the movement after the reload and the wait offline.
    const onServer = ((await replay.json()) as { data: { at: string; receivedAt: string } }).data;
    assert.equal(onServer.at, tapped);
    assert.ok(Date.parse(onServer.receivedAt) - Date.parse(onServer.at) >= 2_000, `received ${onServer.receivedAt}, tapped ${onServer.at}`);
  });

  test('the penalty appears in the standings (GER 4: 4th + 2 = 6 DPI in race 2) and as a revision via the tally', async () => {
    let shown = false;
    for (let attempt = 0; attempt < 30 && !shown; attempt += 1) {
      await organizer.goto(`/console/regattas/${regatta.slug}/scoring`);
      const row = organizer.getByRole('row', { name: /GER 4/ }).first();
      await row.waitFor();
      shown = (await row.getByRole('cell', { name: '6 DPI', exact: true }).count()) > 0;
      if (!shown) await organizer.waitForTimeout(500);
    }
    assert.ok(shown, 'GER 4 scores 6 DPI in race 2');
    await organizer.goto(`/console/regattas/${regatta.slug}/scoring/${regatta.fleetId}/races/${regatta.raceIds[1]}`);
    const history = organizer.getByRole('region', { name: 'Revision history' });
    await history.getByText(/Safety tally \d{4}-\d{2}-\d{2}: GER 4 did not sign in \(DPI 2 points\)/).waitFor();
    await history.getByText(/the safety tally/).first().waitFor();
  });
});
