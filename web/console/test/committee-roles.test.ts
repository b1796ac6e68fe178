/**
 * Who records on the water, in a real Chromium: Bea, a plain member of the club, opens the committee
 * app and is told that recording needs the race officer, scorer or administrator role (nothing to tap
 * that the server would refuse later); Alex, the club's administrator, gives her the race officer
 * role on the members page (found by role and name); her committee app then opens the regatta and
 * says she records under her own name.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { PHONE, auditBothWidths, createOrganization, launch, newPerson, signUp, uniqueEmail } from './harness.js';

describe('console: the committee app by role', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('a plain member is refused with the reason; made race officer, she records under her name', async () => {
    const alex = await newPerson(browser);
    const bea = await newPerson(browser, { viewport: PHONE });
    await signUp(alex.page, 'Alex Admin', uniqueEmail('alex'));
    const clubName = `Harbour Sailing Club ${Date.now()}`;
    const org = await createOrganization(alex.page, clubName);
    const beaEmail = uniqueEmail('bea');
    await signUp(bea.page, 'Bea Officer', beaEmail);

    // A published regatta of tomorrow with one fleet and one race (through the API, as Alex).
    const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
    const start = new Date(Date.now() + 86_400_000);
    const name = `Roles Regatta ${Date.now()}`;
    const created = await alex.page.request.post('/api/v1/events', { headers, data: { organization: org, name, startDate: start.toISOString(), endDate: start.toISOString() } });
    assert.equal(created.status(), 201, await created.text());
    const slug = ((await created.json()) as { data: { slug: string } }).data.slug;
    assert.equal((await alex.page.request.post(`/api/v1/events/${slug}/fleets`, { headers, data: { name: 'ILCA 7' } })).status(), 201);
    assert.equal((await alex.page.request.post(`/api/v1/events/${slug}/races`, { headers, data: { fleetId: 'ILCA 7' } })).status(), 201);
    assert.equal((await alex.page.request.put(`/api/v1/events/${slug}`, { headers, data: { status: 'published' } })).status(), 200);
    // Race capture knows the regatta a moment later (from the events service's facts).
    for (let attempt = 0; (await alex.page.request.get(`/api/v1/events/${slug}/capture/context`)).status() !== 200; attempt += 1) {
      assert.ok(attempt < 100, 'race capture projected the regatta');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Alex adds Bea as a member.
    const page = alex.page;
    await page.goto(`/console/orgs/${org}/members`);
    await page.getByLabel('E-mail address').fill(beaEmail);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Member' });
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('status').getByText('Bea Officer was added as Member.').waitFor();

    // A member opens the committee app: refused, and told why and who can change it.
    const phone = bea.page;
    await phone.goto(`/console/committee/${slug}`);
    const refusal = phone.getByRole('alert').filter({ hasText: 'recording on the water needs the race officer, scorer or administrator role' });
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /Ask an administrator of the club/);
    assert.equal(await phone.getByRole('navigation', { name: 'Committee app' }).count(), 0, 'nothing to record with');
    assert.deepEqual(await auditBothWidths(phone), [], 'the refusal');

    // Alex makes her the race officer.
    await page.getByRole('combobox', { name: 'Role of Bea Officer' }).selectOption({ label: 'Race officer' });
    await page.getByRole('button', { name: 'Set role: Bea Officer' }).click();
    await page.getByRole('status').getByText('Bea Officer is now: Race officer.').waitFor();

    // Her next request carries the role: the app opens the regatta and records under her name.
    await phone.reload();
    await phone.getByRole('heading', { level: 1, name: `Committee boat: ${name}` }).waitFor();
    await phone.getByText('Recording as Bea Officer').waitFor();
    await phone.getByRole('navigation', { name: 'Committee app' }).getByRole('button', { name: 'Start' }).waitFor();
    await alex.context.close();
    await bea.context.close();
  });
});
