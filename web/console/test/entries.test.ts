/**
 * A race office runs the entries of a regatta in a real Chromium: it enters six boats on the sailors'
 * behalf in a regatta of five places (the sixth is waitlisted, and the screen says so), is refused a
 * promotion while no place is free, frees one with a no-show and promotes the waitlisted boat, marks
 * a payment, cancels an entry after a confirmation, records a new rating, searches by sail number and
 * downloads the entry list as CSV; and it corrects a boat as entered (name, sail number, model), is
 * refused a sail number another entry holds at the field, in English and German. The regatta itself
 * (capacity 5, one IRC fleet, published) is made through the API from the page, as creating and
 * publishing regattas is the regatta screens' test.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, openMenu, signUp } from './harness.js';

/** A regatta of the organization through the API with the page's session (and the Origin a browser sends). */
async function seedRegatta(page: Page, organization: string, options: { publish: boolean; maxParticipants: number }): Promise<string> {
  const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
  const start = new Date(Date.now() + 30 * 86_400_000);
  const end = new Date(start.getTime() + 2 * 86_400_000);
  const created = await page.request.post('/api/v1/events', {
    headers,
    data: { organization, name: `Spring Cup ${Date.now()}`, startDate: start.toISOString(), endDate: end.toISOString(), maxParticipants: options.maxParticipants },
  });
  assert.equal(created.status(), 201, await created.text());
  const slug = ((await created.json()) as { data: { slug: string } }).data.slug;
  const fleet = await page.request.post(`/api/v1/events/${slug}/fleets`, { headers, data: { name: 'IRC', handicap: { system: 'irc' } } });
  assert.equal(fleet.status(), 201, await fleet.text());
  if (options.publish) {
    const published = await page.request.put(`/api/v1/events/${slug}`, { headers, data: { status: 'published' } });
    assert.equal(published.status(), 200, await published.text());
  }
  return slug;
}

const BOATS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];
const sail = (index: number) => `GBR ${101 + index}`;
const named = (index: number) => `${BOATS[index]} (${sail(index)})`;

describe('console: entries of a regatta', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('enter six boats for five places, waitlist, promote, pay, cancel, re-rate, search, CSV', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Rita Raceoffice');
    const org = await createOrganization(page, `Entries Sailing Club ${Date.now()}`);
    const slug = await seedRegatta(page, org, { publish: true, maxParticipants: 5 });

    await page.goto(`/console/regattas/${slug}/entries`);
    await page.getByRole('heading', { name: 'Entries', level: 2 }).waitFor();
    await page.getByText('Nobody is on the waitlist.').first().waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'empty entry list');

    await page.getByRole('button', { name: 'Add an entry' }).click();
    await page.getByRole('heading', { name: 'Add an entry', level: 2 }).waitFor();
    // The fleet is scored with IRC: the form asks for the TCC and checks its range before sending.
    await page.getByLabel("Sailor's name").fill('Ann Able');
    await page.getByLabel("Sailor's e-mail address").fill('ann.able@sailors.example.org');
    await page.getByLabel('Boat name').fill(BOATS[0]!);
    await page.getByLabel('Sail number').fill(sail(0));
    await page.getByLabel('IRC rating (TCC)').fill('7');
    await page.getByRole('button', { name: 'Add entry' }).click();
    await page.getByText('This is too large.').waitFor();

    for (let index = 0; index < BOATS.length; index += 1) {
      if (index > 0) {
        await page.getByLabel("Sailor's name").fill(`Sailor ${BOATS[index]}`);
        await page.getByLabel("Sailor's e-mail address").fill(`${BOATS[index]!.toLowerCase()}@sailors.example.org`);
        await page.getByLabel('Boat name').fill(BOATS[index]!);
        await page.getByLabel('Sail number').fill(sail(index));
        await page.getByLabel('Boat model').fill('J/109');
      }
      await page.getByLabel('IRC rating (TCC)').fill(`1,0${index + 1}`);
      await page.getByRole('button', { name: 'Add entry' }).click();
      const answer = index < 5 ? `${named(index)} is entered in IRC.` : `The regatta or the fleet is full: ${named(index)} is waitlisted (position 1).`;
      await page.getByRole('status').filter({ hasText: answer }).waitFor();
      assert.equal(await page.getByLabel('Boat name').inputValue(), '', 'the form is emptied for the next entry');
    }
    await page.getByText('Places taken in the regatta: 5 of 5 (0 free).').waitFor();
    await page.getByText('1 boat is on the waitlist.').waitFor();
    const waitlist = page.getByRole('table', { name: 'Waitlist' });
    await waitlist.getByRole('cell', { name: sail(5), exact: true }).waitFor();
    await page.getByRole('button', { name: 'Close the form' }).click();
    assert.deepEqual(await auditBothWidths(page), [], 'entry list with entries and a waitlist');

    // No place is free: the API refuses the promotion and the screen shows why, with the request id.
    await page.getByRole('button', { name: `Promote: ${named(5)}` }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'No place is free' });
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /Request ID: \S+/);

    // A no-show frees a place (only entered boats take one); then the waitlisted boat is promoted.
    await page.getByRole('button', { name: `Manage: ${named(0)}` }).click();
    const alpha = page.getByRole('dialog', { name: named(0) });
    assert.equal(await alpha.getByRole('button', { name: 'Promote to entered' }).count(), 0, 'only moves allowed from registered are offered');
    await alpha.getByRole('button', { name: 'Mark as no-show' }).click();
    await alpha.getByRole('status').filter({ hasText: `${named(0)} is marked as a no-show.` }).waitFor();
    await alpha.getByRole('button', { name: 'Undo no-show' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the manage dialog');
    await alpha.getByRole('button', { name: 'Close' }).click();
    await alpha.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `Promote: ${named(5)}` }).click();
    await page.getByRole('status').filter({ hasText: `${named(5)} is promoted from the waitlist and now entered.` }).waitFor();
    await page.getByRole('table', { name: /^IRC/ }).getByRole('cell', { name: sail(5), exact: true }).waitFor();
    assert.equal(await page.getByRole('table', { name: 'Waitlist' }).count(), 0, 'the waitlist is empty');

    // Payment: pending → paid from the row; the dialog then offers only refunded or back to pending.
    await page.getByRole('button', { name: `Mark paid: ${named(1)}` }).click();
    await page.getByRole('status').filter({ hasText: `Payment of ${named(1)}: Paid.` }).waitFor();
    await page.getByRole('button', { name: `Manage: ${named(1)}` }).click();
    const bravo = page.getByRole('dialog', { name: named(1) });
    await bravo.getByRole('button', { name: 'Mark refunded' }).waitFor();
    await bravo.getByRole('button', { name: 'Mark as not paid' }).waitFor();
    assert.equal(await bravo.getByRole('button', { name: 'Mark paid' }).count(), 0);
    await page.keyboard.press('Escape');
    await bravo.waitFor({ state: 'hidden' });

    // Cancel after a confirmation; the cancelled entry is behind its filter.
    await page.getByRole('button', { name: `Manage: ${named(2)}` }).click();
    const charlie = page.getByRole('dialog', { name: named(2) });
    await charlie.getByRole('button', { name: 'Cancel entry' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel the entry of ${named(2)}?` });
    await confirm.getByRole('button', { name: 'Cancel the entry' }).click();
    await page.getByRole('status').filter({ hasText: `The entry of ${named(2)} is cancelled.` }).waitFor();
    assert.equal(await page.getByRole('cell', { name: sail(2), exact: true }).count(), 0, 'a cancelled entry leaves the list');
    await page.getByLabel('Show cancelled entries').check();
    await page.getByRole('table', { name: 'Cancelled entries' }).getByRole('cell', { name: sail(2), exact: true }).waitFor();

    // A new rating from race 1 on (changeRegistrationRating) and the crew (updateRegistration).
    await page.getByRole('button', { name: `Manage: ${named(3)}` }).click();
    const delta = page.getByRole('dialog', { name: named(3) });
    await delta.getByText('As entered (race 1 on): 1.04').waitFor();
    await delta.getByLabel('New rating').fill('1.2');
    await delta.getByLabel('In force from race').fill('1');
    await delta.getByRole('button', { name: 'Record rating' }).click();
    await delta.getByRole('status').filter({ hasText: `Rating 1.2 of ${named(3)} recorded from race 1 on` }).waitFor();
    await delta.getByText('From race 1 on: 1.2').waitFor();
    await delta.getByLabel('Crew', { exact: true }).fill('Dora Deck\nDan Bow');
    await delta.getByRole('button', { name: 'Save crew and contacts' }).click();
    await delta.getByRole('status').filter({ hasText: `Crew and contacts of ${named(3)} are saved.` }).waitFor();
    await delta.getByRole('button', { name: 'Close' }).click();
    await delta.waitFor({ state: 'hidden' });
    assert.deepEqual(await auditBothWidths(page), [], 'entry list with cancelled entries shown');

    // Search by sail number, however it is typed; the filter lives in the URL.
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('gbr105');
    await page.getByText('Entries matching: 1 of 6.').waitFor();
    await page.getByRole('cell', { name: sail(4), exact: true }).waitFor();
    assert.equal(await page.getByRole('cell', { name: sail(0), exact: true }).count(), 0);
    assert.match(page.url(), /q=gbr105/);
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Dan Bow');
    await page.getByRole('cell', { name: sail(3), exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.getByRole('cell', { name: sail(0), exact: true }).waitFor();

    // The API's CSV of the entry list, downloaded through the page.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download entry list (CSV)' }).click()]);
    assert.equal(download.suggestedFilename(), `${slug}-entries.csv`);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r\n/);
    assert.match(header!, /^Fleet,Sail number,Boat,Boat model,Sailor,Status,Waitlist position,Registered at/);
    assert.match(header!, /Payment/);
    for (const index of [0, 1, 3, 4, 5]) assert.ok(rows.some((row) => row.includes(sail(index)) && row.includes(BOATS[index]!)), `CSV has ${named(index)}`);
    assert.ok(rows.some((row) => row.includes(BOATS[1]!) && row.includes('paid')), 'the payment column');
    await context.close();
  });

  test('correct a boat as entered: a sail number another entry holds is refused at the field; the list shows the correction', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Sam Scorer');
    const org = await createOrganization(page, `Scoring Sailing Club ${Date.now()}`);
    const slug = await seedRegatta(page, org, { publish: true, maxParticipants: 5 });
    const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
    for (const [name, sailNumber] of [['Kestrel', 'GBR 7'], ['Osprey', 'GBR 8']]) {
      const entered = await page.request.post(`/api/v1/events/${slug}/register`, {
        headers,
        data: { fleet: 'IRC', sailor: { name: `Skipper of ${name}`, email: `${name.toLowerCase()}-${Date.now()}@sailors.example.org` }, boat: { name, sailNumber, model: 'ILCA 6', ratings: { irc: 1 } } },
      });
      assert.equal(entered.status(), 201, await entered.text());
    }

    await page.goto(`/console/regattas/${slug}/entries`);
    await page.getByRole('button', { name: 'Manage: Kestrel (GBR 7)' }).click();
    const kestrel = page.getByRole('dialog', { name: 'Kestrel (GBR 7)' });
    await kestrel.getByText('As entered for this regatta.').waitFor();
    await kestrel.getByRole('button', { name: 'Edit boat' }).click();
    const boatForm = kestrel.getByRole('form', { name: 'Boat as entered' });
    assert.equal(await boatForm.getByLabel('Boat name').inputValue(), 'Kestrel', 'the form starts from the boat as entered');
    assert.equal(await boatForm.getByLabel('Boat model').inputValue(), 'ILCA 6');

    // The sail number of another entry, typed another way: the API's 409 is shown at the field.
    await boatForm.getByLabel('Sail number').fill('gbr-8');
    await boatForm.getByRole('button', { name: 'Save boat' }).click();
    await kestrel.getByText('Another entry of this regatta has this sail number.').waitFor();
    assert.match(await kestrel.getByRole('alert').filter({ hasText: 'already has an entry' }).innerText(), /Request ID: \S+/);
    assert.equal(await boatForm.getByLabel('Sail number').inputValue(), 'gbr-8', 'nothing typed is lost after a refusal');
    assert.deepEqual(await auditBothWidths(page), [], 'the edit-boat form with a refusal');

    await boatForm.getByLabel('Boat name').fill('Kestrel II');
    await boatForm.getByLabel('Sail number').fill('GBR 17');
    await boatForm.getByLabel('Boat model').fill('ILCA 7');
    await boatForm.getByRole('button', { name: 'Save boat' }).click();
    const corrected = page.getByRole('dialog', { name: 'Kestrel II (GBR 17)' });
    await corrected.getByRole('status').filter({ hasText: 'The boat of Kestrel II (GBR 17) is corrected in this regatta.' }).waitFor();
    await corrected.getByText(/^Corrected by an organizer on /).waitFor();
    assert.equal(await corrected.getByRole('form', { name: 'Boat as entered' }).count(), 0, 'the form closes once saved');
    await corrected.getByRole('button', { name: 'Close' }).click();
    await corrected.waitFor({ state: 'hidden' });
    const fleet = page.getByRole('table', { name: /^IRC/ });
    await fleet.getByRole('cell', { name: 'GBR 17', exact: true }).waitFor();
    assert.equal(await fleet.getByRole('cell', { name: 'GBR 7', exact: true }).count(), 0);
    await fleet.getByRole('cell', { name: /Kestrel II · ILCA 7/ }).waitFor();

    // The same form in German.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('button', { name: 'Verwalten: Osprey (GBR 8)' }).click();
    const osprey = page.getByRole('dialog', { name: 'Osprey (GBR 8)' });
    await osprey.getByRole('button', { name: 'Boot bearbeiten' }).click();
    await osprey.getByRole('form', { name: 'Gemeldetes Boot' }).getByLabel('Segelnummer').waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the edit-boat form in German');
    await context.close();
  });

  test('a regatta not yet published: the screen says so, the API refusal is shown, in German', async () => {
    const { page, context } = await newPerson(browser, { viewport: { width: 375, height: 800 } });
    await signUp(page, 'Rolf Regattabüro');
    const org = await createOrganization(page, `Segelclub Nord ${Date.now()}`);
    const slug = await seedRegatta(page, org, { publish: false, maxParticipants: 5 });
    await openMenu(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.goto(`/console/regattas/${slug}/entries`);
    await page.getByRole('heading', { name: 'Meldungen', level: 2 }).waitFor();
    await page.getByText('Meldungen werden nur angenommen, solange die Regatta veröffentlicht ist (Status jetzt: Entwurf)', { exact: false }).waitFor();
    await page.getByText('In dieser Flotte ist noch kein Boot gemeldet.').waitFor();

    await page.getByRole('button', { name: 'Meldung hinzufügen' }).click();
    await page.getByLabel('Name des Seglers').fill('Rita Regatta');
    await page.getByLabel('E-Mail-Adresse des Seglers').fill('rita@sailors.example.org');
    await page.getByLabel('Bootsname').fill('Möwe');
    await page.getByLabel('IRC-Vergütung (TCC)').fill('0,98');
    await page.getByRole('button', { name: 'Meldung eintragen' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Die Regatta nimmt gerade keine Meldungen an' });
    await refusal.waitFor();
    assert.equal(await page.getByLabel('Bootsname').inputValue(), 'Möwe', 'nothing typed is lost after a refusal');
    assert.deepEqual(await auditBothWidths(page), [], 'German entries screen with the add form');
    await context.close();
  });
});
