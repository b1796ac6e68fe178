/**
 * Race day on the water, in a real Chromium through the gateway: the race officer opens the committee
 * app with signal, enrols a second phone by the QR code's payload (a second browser profile, no
 * password), runs a start (a short 3-second sequence), recalls it (general recall), runs it again
 * and recalls one boat (individual recall); the second phone joins that start, and both phones go
 * offline (the browser's offline emulation). They record 30 finishes between them (14 boats each,
 * the officer also one unknown boat; the second phone has two boats in the opposite order, and takes
 * back one wrong tap). Both reload the app while offline (the service worker serves it) and every
 * record is still there, marked not yet sent. Back online, each phone sends its queue; the server's
 * capture log holds every record exactly once, both phones show the reconciliation with the
 * swapped pair, and the public standings follow; the officer names the unknown boat (GER 115) and it
 * takes its place in both. Every screen is audited at 375 and 1280 px.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { PHONE, auditBothWidths, createOrganization, launch, newPerson, signUp } from './harness.js';

const BOATS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliett', 'Kilo', 'Lima', 'Mike', 'November', 'Oscar'];
const sail = (index: number) => `GER ${101 + index}`;
const SHOTS = process.env['COMMITTEE_SCREENSHOTS'];

/** A published regatta of tomorrow with one fleet, one race and the 15 boats, through the API with the page's session. */
async function seedRegatta(page: Page, organization: string): Promise<{ slug: string; name: string; raceId: string }> {
  const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
  const start = new Date(Date.now() + 86_400_000);
  const name = `Harbour Week ${Date.now()}`;
  const created = await page.request.post('/api/v1/events', { headers, data: { organization, name, startDate: start.toISOString(), endDate: new Date(start.getTime() + 2 * 86_400_000).toISOString() } });
  assert.equal(created.status(), 201, await created.text());
  const slug = ((await created.json()) as { data: { slug: string } }).data.slug;
  const fleet = await page.request.post(`/api/v1/events/${slug}/fleets`, { headers, data: { name: 'ILCA 7' } });
  assert.equal(fleet.status(), 201, await fleet.text());
  const race = await page.request.post(`/api/v1/events/${slug}/races`, { headers, data: { fleetId: 'ILCA 7', scheduledStart: new Date(start.getTime() + 3_600_000).toISOString() } });
  assert.equal(race.status(), 201, await race.text());
  const published = await page.request.put(`/api/v1/events/${slug}`, { headers, data: { status: 'published' } });
  assert.equal(published.status(), 200, await published.text());
  for (const [index, boat] of BOATS.entries()) {
    const entered = await page.request.post(`/api/v1/events/${slug}/register`, {
      headers,
      data: { fleet: 'ILCA 7', sailor: { name: `Skipper of ${boat}`, email: `${boat.toLowerCase()}-${Date.now()}@sailors.example.org` }, boat: { name: boat, sailNumber: sail(index), model: 'ILCA 7' } },
    });
    assert.equal(entered.status(), 201, await entered.text());
  }
  return { slug, name, raceId: ((await race.json()) as { data: { id: string } }).data.id };
}

const view = (page: Page, name: string) => page.getByRole('navigation', { name: 'Committee app' }).getByRole('button', { name });
const recordedList = (page: Page) => page.getByRole('list', { name: 'Finishes recorded on this device' });

/** Taps a boat's large button and waits until the device's list shows it (it is shown once stored). */
async function tapBoat(page: Page, index: number): Promise<void> {
  const before = await recordedList(page).getByRole('listitem').count();
  await page.getByRole('list', { name: 'Boats expected' }).getByRole('button', { name: `${sail(index)} ${BOATS[index]}` }).click();
  await recordedList(page).getByRole('listitem').nth(before).waitFor();
}

/** The public standings' boats in order (without a boat that has no race yet), once they are `want` or after 30 s. */
async function publicStandings(page: Page, slug: string, want: string[]): Promise<string[]> {
  let shown: string[] = [];
  for (let attempt = 0; attempt < 60 && shown.join() !== want.join(); attempt += 1) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 500));
    const standings = await page.request.get(`/regattas/${slug}/standings.json`);
    if (standings.status() !== 200) continue;
    const fleets = ((await standings.json()) as { data: { fleets: Array<{ name: string; entries: Array<{ position: number; sailNumber: string | null }> }> } }).data.fleets;
    const entries = (fleets.find((f) => f.name === 'ILCA 7')?.entries ?? []).sort((x, y) => x.position - y.position).map((e) => e.sailNumber ?? '');
    shown = entries.filter((sailNumber) => want.includes(sailNumber));
  }
  return shown;
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
}

/** Waits until this page's service worker is active (the console's files are kept for offline use). */
async function offlineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

describe('console: the committee app on the water', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('enrol a phone by QR payload, start, 30 finishes offline on two devices, reload, sync once, reconcile', async () => {
    const officer = await newPerson(browser, { viewport: PHONE });
    await signUp(officer.page, 'Rita Race Officer');
    const org = await createOrganization(officer.page, `Harbour Yacht Club ${Date.now()}`);
    const { slug, name, raceId } = await seedRegatta(officer.page, org);
    const a = officer.page;

    // Opened once with signal: the regatta is kept on the device.
    await a.goto(`/console/committee/${slug}`);
    await a.getByRole('heading', { name: `Committee boat: ${name}`, level: 1 }).waitFor();
    await offlineReady(a);
    assert.equal(await a.locator('link[rel="manifest"]').getAttribute('href'), '/console/manifest.webmanifest');

    // Enrol a second phone: the QR code's payload opened in another browser profile, no password.
    await view(a, 'Devices').click();
    await a.getByLabel('Device name (optional)').fill('Finish boat phone');
    await a.getByRole('button', { name: 'Show a QR code' }).click();
    await a.getByRole('img', { name: 'QR code that enrols a device for this regatta' }).waitFor();
    const payload = await a.getByRole('link', { name: 'Link for the device' }).getAttribute('href');
    assert.match(payload ?? '', new RegExp(`/console/committee/${slug}#enrol=`));
    assert.deepEqual(await auditBothWidths(a), [], 'enrolment with its QR code');
    await shot(a, 'committee-enrol');

    // A start of race 1: a 3-second sequence, the signals recorded by the timer.
    await view(a, 'Start').click();
    await a.getByRole('checkbox', { name: 'Race 1 of ILCA 7' }).check();
    await a.getByLabel('Sequence (minutes before the start)').fill('0.05, 0');
    await a.getByRole('button', { name: 'Prepare start' }).click();
    assert.deepEqual(await auditBothWidths(a), [], 'a start waiting for its warning signal');
    await a.getByRole('button', { name: 'Warning signal now' }).click();
    await a.getByRole('timer', { name: 'Time to the next signal: Start signal' }).waitFor();
    await shot(a, 'committee-sequence');
    await a.getByText(/^Started at \d\d:\d\d:\d\d\.\d$/).waitFor({ timeout: 10_000 });
    // A general recall: the start is void, the same race waits for a new warning signal.
    await a.getByRole('button', { name: 'General recall' }).click();
    await a.getByText('General recall: the start is void, a new start waits for its warning signal.').waitFor();
    await a.getByRole('button', { name: 'Warning signal now' }).click();
    await a.getByText(/^Started at \d\d:\d\d:\d\d\.\d$/).waitFor({ timeout: 10_000 });
    // One boat over the line early: an individual recall.
    await a.getByRole('button', { name: 'Individual recall' }).click();
    await a.getByRole('group', { name: 'Boats over the line early' }).getByRole('checkbox', { name: sail(2) }).check();
    await a.getByRole('button', { name: 'Record the individual recall' }).click();
    await a.getByText(`Recalled: ${sail(2)}`).waitFor();
    await a.getByRole('status').getByText('Every record is on the server').waitFor();
    assert.deepEqual(await auditBothWidths(a), [], 'a start after its start signal');

    // The second phone opens the payload: it records as the enrolled device, and joins the start.
    const phone = await newPerson(browser, { viewport: PHONE });
    const b = phone.page;
    await b.goto(payload!);
    await b.getByRole('status').getByText(`This device now records for ${name}.`).waitFor();
    await b.getByRole('heading', { name: `Committee boat: ${name}`, level: 1 }).waitFor();
    await b.getByText('Recording as Finish boat phone').waitFor();
    assert.equal(new URL(b.url()).hash, '', 'the code leaves the address once redeemed');
    await offlineReady(b);
    assert.equal(await view(b, 'Devices').count(), 0, 'a device does not enrol others');
    await b.getByRole('button', { name: /^Record finishes of Race 1 of ILCA 7, started at / }).click();
    await a.getByRole('button', { name: 'Record finishes' }).click();

    // No signal on the water.
    await officer.context.setOffline(true);
    await phone.context.setOffline(true);

    // 30 finishes: the officer 14 boats and an unknown one; the phone 14 boats with 105 and 106
    // swapped, one wrong tap (110) taken back, and 112 typed instead of tapped.
    const steps: Array<[Page, number | 'unknown' | 'undo' | 'type 112']> = [];
    for (let i = 0; i < 14; i += 1) {
      if (i === 4) steps.push([a, 4], [b, 5], [b, 4], [a, 5]);
      else if (i === 5) continue;
      else if (i === 7) steps.push([a, 7], [a, 'unknown'], [b, 7]);
      else if (i === 8) steps.push([a, 8], [b, 9], [b, 'undo'], [b, 8]);
      else if (i === 11) steps.push([a, 11], [b, 'type 112']);
      else steps.push([a, i], [b, i]);
    }
    for (const [page, step] of steps) {
      if (typeof step === 'number') await tapBoat(page, step);
      else if (step === 'unknown') {
        await page.getByRole('button', { name: 'Unknown boat' }).click();
        await recordedList(page).getByText('Unknown boat').waitFor();
      } else if (step === 'undo') {
        await page.getByRole('button', { name: `Undo ${sail(9)}` }).click();
        await page.getByRole('status').getByText(`${sail(9)} taken back.`).waitFor();
        await page.getByRole('list', { name: 'Boats expected' }).getByRole('button', { name: `${sail(9)} ${BOATS[9]}` }).waitFor();
      } else {
        // Typed digits match behind the nation letters, by prefix: the boats still expected whose number starts with 11.
        await page.getByLabel('Sail number').fill('11');
        const matches = await page.getByRole('list', { name: 'Boats expected' }).getByRole('button').allInnerTexts();
        assert.deepEqual(matches.map((text) => text.split(/\s+/).slice(0, 2).join(' ')), [sail(11), sail(12), sail(13), sail(14)]);
        await page.getByLabel('Sail number').fill('112');
        await page.getByLabel('Sail number').press('Enter');
        await page.getByRole('status').getByText(`${sail(11)} recorded.`).waitFor();
      }
    }
    await a.getByRole('heading', { name: '15 finishes recorded' }).waitFor();
    await b.getByRole('heading', { name: '14 finishes recorded' }).waitFor();
    await a.getByRole('heading', { name: '1 boat expected' }).waitFor();
    await a.getByRole('status').getByText('15 records not yet sent').waitFor();
    await b.getByRole('status').getByText('16 records not yet sent').waitFor();
    assert.deepEqual(await auditBothWidths(a), [], 'the finish line with every boat in');
    await shot(b, 'committee-finish-offline');

    // A reload without network: the service worker serves the app, the device still holds every record.
    for (const page of [a, b]) {
      await page.reload();
      await page.getByRole('heading', { name: `Committee boat: ${name}`, level: 1 }).waitFor();
      await view(page, 'Finish').click();
    }
    await a.getByRole('heading', { name: '15 finishes recorded' }).waitFor();
    await b.getByRole('heading', { name: '14 finishes recorded' }).waitFor();
    await a.getByRole('status').getByText('15 records not yet sent').waitFor();
    await b.getByRole('status').getByText('16 records not yet sent').waitFor();
    assert.equal(await recordedList(a).getByText('not yet sent').count(), 15);

    // Back on shore: each phone sends its queue; the server holds every record once.
    await officer.context.setOffline(false);
    await phone.context.setOffline(false);
    for (const page of [a, b]) {
      await page.getByRole('button', { name: 'Send now' }).click();
      await page.getByRole('status').getByText('Every record is on the server').waitFor({ timeout: 20_000 });
    }
    const log = await a.request.get(`/api/v1/events/${slug}/races/${raceId}/capture/log`);
    assert.equal(log.status(), 200, await log.text());
    const { data } = (await log.json()) as { data: { signals: Array<{ id: string; kind: string; startId: string }>; finishes: Array<{ id: string; kind: string; sailNumber: string | null; recorder: { kind: string } }> } };
    assert.equal(data.finishes.length, 31, 'A: 15 finishes; B: 15 finishes and a deletion');
    assert.equal(new Set(data.finishes.map((f) => f.id)).size, 31, 'every record exactly once');
    assert.deepEqual(data.finishes.filter((f) => f.kind === 'deletion').length, 1);
    assert.equal(data.finishes.filter((f) => f.kind === 'finish' && f.sailNumber === null).length, 1, 'one unknown boat');
    assert.deepEqual([...new Set(data.finishes.map((f) => f.recorder.kind))].sort(), ['device', 'member']);
    assert.deepEqual(data.signals.map((s) => s.kind), ['warning', 'start', 'general_recall', 'warning', 'start', 'individual_recall']);
    assert.equal(new Set(data.signals.map((s) => s.startId)).size, 2, 'the start after the general recall is a new one');

    // The public standings follow the finishes: the reconciled order (105 was seen first), the unknown boat waiting.
    const order = Array.from({ length: 14 }, (_, i) => sail(i));
    assert.deepEqual(await publicStandings(a, slug, order), order, 'the public standings in the reconciled finish order');

    const reconciled = await a.request.get(`/api/v1/events/${slug}/races/${raceId}/capture/reconciliation`);
    const { disagreements, unknowns } = ((await reconciled.json()) as { data: { disagreements: Array<{ kind: string; sailNumbers: string[] }>; unknowns: unknown[] } }).data;
    assert.deepEqual(disagreements.filter((d) => d.kind !== 'times_apart').map((d) => [d.kind, [...d.sailNumbers].sort()]), [['order_swapped', [sail(4), sail(5)]]]);
    assert.equal(unknowns.length, 1);

    // Both phones see the reconciliation: the swapped pair, the unknown boat.
    for (const page of [a, b]) {
      await view(page, 'Reconciliation').click();
      const race = page.getByRole('region', { name: 'Race 1 of ILCA 7' });
      await race.getByText(/^Order swapped: GER 10[56], GER 10[56] /).waitFor();
      await race.getByRole('heading', { name: '1 unknown boat to resolve' }).waitFor();
      // Taps of one boat on two phones are well within the 2 s tolerance here; on a slow machine a
      // times_apart may join the swap, so the count is not pinned, the swap and no boat seen by one are.
      await race.getByRole('heading', { name: /^\d+ disagreements?$/ }).waitFor();
      assert.equal(await race.getByText(/^Seen by one recorder only/).count(), 0);
    }
    assert.deepEqual(await auditBothWidths(b), [], 'the reconciliation');
    await shot(b, 'committee-reconciliation');

    // The officer names the unknown boat (GER 115, seen by no one else): it takes its place by its time.
    const race = a.getByRole('region', { name: 'Race 1 of ILCA 7' });
    await race.getByLabel(/^Boat seen at /).selectOption({ label: sail(14) });
    await race.getByRole('button', { name: 'Name the boat' }).click();
    await a.getByRole('status').getByText('Every record is on the server').waitFor();
    await race.getByRole('row', { name: new RegExp(`^9 ${sail(14)} `) }).waitFor();
    assert.equal(await race.getByRole('heading', { name: /unknown boat/ }).count(), 0, 'no unknown boat left');
    const resolved = [...order.slice(0, 8), sail(14), ...order.slice(8)];
    assert.deepEqual(await publicStandings(a, slug, resolved), resolved, 'the public standings with the unknown boat named');
    await view(a, 'Finish').click();
    assert.equal((await recordedList(a).getByRole('listitem').nth(8).innerText()).split(/\s+/).slice(0, 2).join(' '), sail(14), 'the device lists it in its place too');

    // The same screen in German.
    await b.getByLabel('Language').selectOption('de');
    const rennen = b.getByRole('region', { name: 'Race 1 von ILCA 7' });
    await rennen.getByRole('heading', { name: /^\d+ Abweichung(en)?$/ }).waitFor();
    await rennen.getByText(/^Reihenfolge vertauscht: GER 10[56], GER 10[56] /).waitFor();
    await b.getByRole('status').getByText('Alle Einträge sind auf dem Server').waitFor();
    assert.deepEqual(await auditBothWidths(b), [], 'the reconciliation in German');
    await shot(b, 'committee-reconciliation-de');
  });

  test('enrol by typed code, once; postpone, a DNF, abandon; a revoked device says so', async () => {
    const officer = await newPerson(browser);
    await signUp(officer.page, 'Otto Officer');
    const org = await createOrganization(officer.page, `Lake Sailing Club ${Date.now()}`);
    const { slug, name, raceId } = await seedRegatta(officer.page, org);
    const made = await officer.page.request.post(`/api/v1/events/${slug}/capture/enrolments`, { headers: { origin: gatewayUrl(), 'content-type': 'application/json' }, data: { label: 'Pin end phone' } });
    assert.equal(made.status(), 201, await made.text());
    const { code } = ((await made.json()) as { data: { code: string } }).data;

    const phone = await newPerson(browser, { viewport: PHONE });
    await phone.page.goto('/console/committee/enrol');
    await phone.page.getByRole('heading', { name: 'Enrol this device', level: 1 }).waitFor();
    assert.deepEqual(await auditBothWidths(phone.page), [], 'the enrolment form');
    await phone.page.getByLabel('Enrolment code').fill(code);
    await phone.page.getByRole('button', { name: 'Enrol' }).click();
    await phone.page.getByRole('heading', { name: `Committee boat: ${name}`, level: 1 }).waitFor();
    await phone.page.getByText('Recording as Pin end phone').waitFor();
    assert.equal(new URL(phone.page.url()).pathname, `/console/committee/${slug}`);

    const another = await newPerson(browser, { viewport: PHONE });
    await another.page.goto('/console/committee/enrol');
    await another.page.getByLabel('Enrolment code').fill(code);
    await another.page.getByRole('button', { name: 'Enrol' }).click();
    await another.page.getByRole('alert').getByText('This enrolment code is unknown, used or expired. Ask the race officer for a new QR code.').waitFor();
    assert.deepEqual(await auditBothWidths(another.page), [], 'a refused code');

    // The race officer postpones a start, starts by hand, notes a DNF, shortens the course, then abandons the race.
    const o = officer.page;
    await o.goto(`/console/committee/${slug}`);
    await o.getByRole('checkbox', { name: 'Race 1 of ILCA 7' }).check();
    await o.getByRole('button', { name: 'Prepare start' }).click();
    await o.getByRole('button', { name: 'Postpone' }).click();
    await o.getByText('Postponed: a new start of the same races waits for its warning signal.').waitFor();
    await o.getByRole('button', { name: 'Warning signal now' }).click();
    await o.getByRole('button', { name: 'Start signal now' }).click();
    await o.getByText(/^Started at \d\d:\d\d:\d\d\.\d$/).waitFor();
    await o.getByRole('button', { name: 'Record finishes' }).click();
    const codeForm = o.getByRole('group', { name: 'Code for a boat' });
    await codeForm.getByLabel('Boat').selectOption({ label: sail(6) });
    await codeForm.getByLabel('Code').selectOption({ label: 'DNF (did not finish)' });
    await codeForm.getByRole('button', { name: 'Record code' }).click();
    await o.getByRole('status').getByText(`${sail(6)}: DNF recorded.`).waitFor();
    await o.getByRole('list', { name: 'Codes recorded on this device' }).getByText(sail(6)).waitFor();
    assert.equal(await o.getByRole('list', { name: 'Boats expected' }).getByRole('button', { name: new RegExp(`^${sail(6)} `) }).count(), 0, 'a boat with a code is not expected at the line');
    await o.getByRole('status').getByText('Every record is on the server').waitFor();
    assert.deepEqual(await auditBothWidths(o), [], 'the finish line with a code');
    await view(o, 'Start').click();
    await o.getByRole('button', { name: 'Shorten course' }).click();
    await o.getByRole('status').getByText('Shortened course recorded.').waitFor();
    await o.getByRole('button', { name: 'Abandon' }).click();
    await o.getByRole('heading', { name: 'Prepare a start' }).waitFor();
    await o.getByRole('status').getByText('Every record is on the server').waitFor();
    const log = await o.request.get(`/api/v1/events/${slug}/races/${raceId}/capture/log`);
    const { data } = (await log.json()) as { data: { signals: Array<{ kind: string }>; finishes: Array<{ kind: string; code: string | null; sailNumber: string | null }> } };
    assert.deepEqual(data.signals.map((x) => x.kind), ['postponement', 'warning', 'start', 'shortened_course', 'abandonment']);
    assert.deepEqual(data.finishes.map((f) => [f.kind, f.code, f.sailNumber]), [['code', 'DNF', sail(6)]]);

    // The race officer revokes the phone: its next request is refused, and it says so.
    await officer.page.goto(`/console/committee/${slug}`);
    await view(officer.page, 'Devices').click();
    const devices = officer.page.getByRole('region', { name: 'Enrolled devices' });
    await devices.getByText(/^Pin end phone · active · until /).waitFor();
    await devices.getByRole('button', { name: 'Revoke Pin end phone' }).click();
    await devices.getByText(/^Pin end phone · revoked · until /).waitFor();
    assert.deepEqual(await auditBothWidths(officer.page), [], 'the devices with one revoked');
    await phone.page.reload();
    await phone.page.getByRole('heading', { name: `Committee boat: ${name}`, level: 1 }).waitFor();
    await phone.page.getByText("This device's enrolment has ended (revoked or expired): its records wait here; ask the race officer for a new QR code").waitFor();
  });

  test('two fleets starting together: both fleets\' boats at the line, each finish in its own race', async () => {
    const officer = await newPerson(browser, { viewport: PHONE });
    await signUp(officer.page, 'Flo Fleets');
    const org = await createOrganization(officer.page, `Two Fleet Club ${Date.now()}`);
    const { slug, raceId } = await seedRegatta(officer.page, org);
    const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
    const o = officer.page;
    assert.equal((await o.request.post(`/api/v1/events/${slug}/fleets`, { headers, data: { name: 'ILCA 6' } })).status(), 201);
    const race6 = await o.request.post(`/api/v1/events/${slug}/races`, { headers, data: { fleetId: 'ILCA 6', scheduledStart: new Date(Date.now() + 86_400_000 + 3_600_000).toISOString() } });
    assert.equal(race6.status(), 201, await race6.text());
    const raceId6 = ((await race6.json()) as { data: { id: string } }).data.id;
    const entered = await o.request.post(`/api/v1/events/${slug}/register`, { headers, data: { fleet: 'ILCA 6', sailor: { name: 'Skipper of Papa', email: `papa-${Date.now()}@sailors.example.org` }, boat: { name: 'Papa', sailNumber: 'NED 6', model: 'ILCA 6' } } });
    assert.equal(entered.status(), 201, await entered.text());

    await o.goto(`/console/committee/${slug}`);
    await o.getByRole('checkbox', { name: 'Race 1 of ILCA 7' }).check();
    await o.getByRole('checkbox', { name: 'Race 1 of ILCA 6' }).check();
    await o.getByRole('button', { name: 'Prepare start' }).click();
    await o.getByRole('button', { name: 'Warning signal now' }).click();
    await o.getByRole('button', { name: 'Start signal now' }).click();
    await o.getByRole('button', { name: 'Record finishes' }).click();
    await o.getByRole('heading', { name: '16 boats expected' }).waitFor();
    await o.getByRole('list', { name: 'Boats expected' }).getByRole('button', { name: 'NED 6 Papa' }).click();
    await tapBoat(o, 0);
    await o.getByLabel('Race of an unknown boat').selectOption({ label: 'Race 1 of ILCA 6' });
    await o.getByRole('button', { name: 'Unknown boat' }).click();
    await o.getByRole('heading', { name: '3 finishes recorded' }).waitFor();
    assert.deepEqual(await auditBothWidths(o), [], 'a finish line of two fleets');
    await o.getByRole('status').getByText('Every record is on the server').waitFor();
    const finishesOf = async (id: string) => {
      const log = await o.request.get(`/api/v1/events/${slug}/races/${id}/capture/log`);
      return ((await log.json()) as { data: { finishes: Array<{ sailNumber: string | null }> } }).data.finishes.map((f) => f.sailNumber);
    };
    assert.deepEqual(await finishesOf(raceId), [sail(0)]);
    assert.deepEqual(await finishesOf(raceId6), ['NED 6', null], 'the ILCA 6 boat and the unknown one in the ILCA 6 race');
  });
});
