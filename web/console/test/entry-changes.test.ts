/**
 * A sailor changes her entry from the console in a real Chromium: entering, the form offers each
 * fleet with its places ("ILCA 6 — full, waitlist open") and asks a parent or guardian for her crew
 * member who is 15 on the first day (refused on that crew member's field without one); on "edit my
 * entry" she moves the entry into the full ILCA 6 fleet and is told her waitlist position, then back
 * into the Laser fleet, entered again. The office's entry list shows the crew member's guardian; the
 * office moves the entry from its dialog into ILCA 6 (waitlisted) and back; and the public regatta
 * page says per fleet what is left. The regatta (Laser 2 places, ILCA 6 1 place,
 * taken by a guest, a risk waiver) is made through the API from the organizer's page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, refusedOn, signUp, uniqueEmail } from './harness.js';

async function seedRegatta(page: Page, organization: string): Promise<{ slug: string; name: string }> {
  const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers, data });
    assert.equal(response.status(), 201, await response.text());
    return ((await response.json()) as { data: { id: string; slug: string } }).data;
  };
  const start = new Date(Date.now() + 30 * 86_400_000);
  const name = `ILCA Spring Cup ${Date.now()}`;
  const { slug } = await post('/api/v1/events', { organization, name, startDate: start.toISOString(), endDate: new Date(start.getTime() + 86_400_000).toISOString() });
  await post(`/api/v1/events/${slug}/fleets`, { name: 'Laser', maxBoats: 2 });
  const ilca6 = await post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 6', maxBoats: 1 });
  await post(`/api/v1/events/${slug}/entry-form/waivers`, { title: 'Risk statement', body: 'I race at my own risk (RRS 3).' });
  const published = await page.request.put(`/api/v1/events/${slug}`, { headers, data: { status: 'published' } });
  assert.equal(published.status(), 200, await published.text());
  // ILCA 6's one place is taken by a boat the office entered for a guest.
  await post(`/api/v1/events/${slug}/register`, { fleet: ilca6.id, boat: { name: 'Guest', sailNumber: 'NED 1' }, sailor: { name: 'Gus Guest', email: uniqueEmail('guest') } });
  return { slug, name };
}

/** The day someone turns 15 on the regatta's first day (30 days from now): under 18, a minor. */
const fifteenOnFirstDay = (): string => {
  const firstDay = new Date(Date.now() + 30 * 86_400_000);
  return `${firstDay.getUTCFullYear() - 15}-03-04`;
};

describe('console: changing an entry', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('a crew member under 18 needs a guardian; the sailor moves her entry into a full fleet and back', async () => {
    const office = await newPerson(browser);
    await signUp(office.page, 'Olaf Office');
    const org = await createOrganization(office.page, `Braassemermeer Sailing ${Date.now()}`);
    const { slug, name } = await seedRegatta(office.page, org);

    const sailor = await newPerson(browser);
    await signUp(sailor.page, 'Sanne Sailor');
    await sailor.page.goto(`/console/enter/${slug}`);
    const entryForm = sailor.page.getByRole('form', { name: 'Entry form' });
    await entryForm.waitFor();
    // The fleets are offered with their places.
    const fleet = entryForm.getByLabel('Fleet');
    assert.deepEqual(await fleet.locator('option').allInnerTexts(), ['Choose a fleet', 'Laser — 2 places left', 'ILCA 6 — full, waitlist open']);
    await fleet.selectOption({ label: 'Laser — 2 places left' });
    await entryForm.getByLabel('Sail number').fill('NED 42');
    await entryForm.getByLabel('Boat name').fill('Vlieg');
    await entryForm.getByLabel('Your date of birth').fill('1988-02-03');
    await entryForm.getByLabel('Emergency contact').fill('Piet Shore +31 6 1234');
    await entryForm.getByRole('button', { name: 'Add a crew member' }).click();
    await entryForm.getByLabel('Name', { exact: true }).fill('Tim Teen');
    await entryForm.getByLabel('Date of birth', { exact: true }).fill(fifteenOnFirstDay());
    await entryForm.getByRole('checkbox', { name: 'I accept “Risk statement”' }).check();
    const crewGuardian = entryForm.getByLabel('Parent or guardian of crew member 1');
    await crewGuardian.waitFor();
    await entryForm.getByRole('button', { name: 'Send my entry' }).click();
    await refusedOn(crewGuardian);
    await entryForm.getByText('A parent or guardian of this crew member names themselves here.').waitFor();
    await crewGuardian.fill('Anna Teen');
    assert.deepEqual(await auditBothWidths(sailor.page), [], 'the entry form with a minor crew member');
    await entryForm.getByRole('button', { name: 'Send my entry' }).click();
    await sailor.page.getByText('Entered in Laser').waitFor();

    // Into the full ILCA 6 fleet: waitlisted with the position.
    await sailor.page.getByRole('link', { name: 'Edit my entry' }).click();
    const move = sailor.page.getByRole('form', { name: 'Change fleet or boat' });
    await move.waitFor();
    assert.deepEqual(await auditBothWidths(sailor.page), [], 'the edit screen with fleet and boat');
    await move.getByRole('button', { name: 'Move my entry' }).click();
    await move.getByText('Choose another fleet or boat first').waitFor();
    await move.getByLabel('Fleet').selectOption({ label: 'ILCA 6 — full, waitlist open' });
    await move.getByRole('button', { name: 'Move my entry' }).click();
    await sailor.page.getByText('Waitlisted: position 1').waitFor();

    // And back into Laser, where a place is free: entered again.
    await sailor.page.getByRole('link', { name: 'Edit my entry' }).click();
    await move.getByLabel('Fleet').selectOption({ label: 'Laser — 2 places left' });
    await move.getByRole('button', { name: 'Move my entry' }).click();
    await sailor.page.getByText('Entered in Laser').waitFor();

    // The office sees the crew member's guardian with the acceptance.
    await office.page.goto(`/console/regattas/${slug}/entries`);
    const row = office.page.getByRole('row', { name: /Vlieg/ });
    await row.getByText(/guardian of Tim Teen: Anna Teen/).waitFor();

    // The office moves the entry into the full ILCA 6 fleet from its dialog: waitlisted, position 1.
    await office.page.getByRole('button', { name: 'Manage: Vlieg (NED 42)' }).click();
    const dialog = office.page.getByRole('dialog', { name: 'Vlieg (NED 42)' });
    await dialog.getByLabel('Move to fleet').selectOption({ label: 'ILCA 6' });
    await dialog.getByRole('button', { name: 'Move the entry' }).click();
    await dialog.getByText('Vlieg (NED 42) is waitlisted (position 1)').waitFor();
    assert.deepEqual(await auditBothWidths(office.page), [], 'the entry dialog with the fleet move');
    await dialog.getByLabel('Move to fleet').selectOption({ label: 'Laser' });
    await dialog.getByRole('button', { name: 'Move the entry' }).click();
    await dialog.getByText('Vlieg (NED 42) is entered in Laser.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The public page says per fleet what is left (it follows the facts within moments).
    const places = office.page.getByRole('list', { name: 'Places per fleet' });
    for (let attempt = 0; ; attempt += 1) {
      await office.page.goto(`/regattas/${slug}`);
      const text = (await places.count()) > 0 ? await places.innerText() : '';
      if (text.includes('Laser: 1 place left') && text.includes('ILCA 6: full, waitlist open')) break;
      assert.ok(attempt < 40, `the public page of ${name} lists the places per fleet`);
      await office.page.waitForTimeout(250);
    }

    for (const person of [office, sailor]) await person.context.close();
  });
});
