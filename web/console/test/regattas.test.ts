/**
 * A club secretary's regattas, in a real Chromium: they create a regatta through the guided form (a
 * refused field first, shown next to it with everything typed kept), find it under drafts, search
 * the list, edit it, publish it (it moves to upcoming and its public page answers), copy it as a new
 * draft, cancel it, and delete a draft they no longer need.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { auditBothWidths, createOrganization, launch, newPerson, signUp } from './harness.js';

interface RegattaInput {
  name: string;
  start: string;
  end: string;
  venue?: string;
  timeZone?: string;
  opens?: string;
  closes?: string;
  fee?: string;
  currency?: string;
  places?: string;
}

async function fillRegatta(page: Page, input: RegattaInput): Promise<void> {
  await page.getByLabel('Name of the regatta', { exact: true }).fill(input.name);
  await page.getByLabel('First day', { exact: true }).fill(input.start);
  await page.getByLabel('Last day', { exact: true }).fill(input.end);
  if (input.venue !== undefined) await page.getByLabel('Venue', { exact: true }).fill(input.venue);
  if (input.timeZone !== undefined) await page.getByLabel('Time zone of the venue', { exact: true }).fill(input.timeZone);
  if (input.opens !== undefined) await page.getByLabel('Entries open', { exact: true }).fill(input.opens);
  if (input.closes !== undefined) await page.getByLabel('Entries close', { exact: true }).fill(input.closes);
  if (input.fee !== undefined) await page.getByLabel('Entry fee (optional)', { exact: true }).fill(input.fee);
  if (input.currency !== undefined) await page.getByLabel('Currency', { exact: true }).fill(input.currency);
  if (input.places !== undefined) await page.getByLabel('Places (optional)', { exact: true }).fill(input.places);
}

/** Creates a draft through the guided form; lands on its overview and returns its slug. */
async function createRegatta(page: Page, org: string, input: RegattaInput): Promise<string> {
  await page.goto(`/console/orgs/${org}/regattas/new`);
  await fillRegatta(page, input);
  await page.getByRole('button', { name: 'Create draft' }).click();
  await page.getByRole('heading', { level: 1, name: input.name }).waitFor();
  return new URL(page.url()).pathname.split('/')[3]!;
}

async function openTab(page: Page, org: string, tab: 'Drafts' | 'Upcoming' | 'Past'): Promise<void> {
  await page.goto(`/console/orgs/${org}/regattas`);
  await page.getByRole('navigation', { name: 'Which regattas' }).getByRole('link', { name: tab }).click();
  await page.waitForURL(new RegExp(`show=${tab.toLowerCase()}`));
}

/** The list's rows show regattas by name as links; waits for the list (or its empty state) first. */
async function listedNames(page: Page): Promise<string[]> {
  await page.getByRole('table').or(page.getByText('There are no regattas here yet.')).or(page.getByText(/^No regatta matches/)).first().waitFor();
  if ((await page.getByRole('table').count()) === 0) return [];
  return page.getByRole('table').getByRole('link').allInnerTexts();
}

describe('console: regattas', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('create, find, edit, publish, copy, cancel and delete regattas', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page);
    const org = await createOrganization(page, `Kiel Yacht Club ${Date.now()}`);
    const year = new Date().getUTCFullYear() + 1;
    const cup = `Spring Cup ${Date.now()}`;
    const frostbite = `Frostbite Series ${Date.now()}`;

    // The list: empty at first, with a way to create the first regatta.
    await page.getByRole('heading', { level: 1, name: 'Regattas' }).waitFor();
    assert.deepEqual(await listedNames(page), []);
    assert.deepEqual(await auditBothWidths(page), [], 'regatta list (empty)');
    await page.getByRole('link', { name: 'New regatta' }).click();
    await page.getByRole('heading', { level: 1, name: 'New regatta' }).waitFor();
    for (const group of ['Basics', 'Dates and place', 'Entries']) await page.getByRole('group', { name: group }).waitFor();
    assert.equal(await page.getByLabel('Time zone of the venue', { exact: true }).inputValue(), 'UTC', "the browser's own zone is the default");
    assert.deepEqual(await auditBothWidths(page), [], 'create form');

    // A refusal: the last day before the first, said next to that field; nothing typed is lost.
    await fillRegatta(page, {
      name: cup,
      start: `${year}-06-14`,
      end: `${year}-06-12`,
      venue: 'Kiel',
      timeZone: 'Europe/Berlin',
      opens: `${year}-03-01T09:00`,
      closes: `${year}-06-01T18:00`,
      fee: '45.00',
      currency: 'EUR',
      places: '60',
    });
    await page.getByRole('button', { name: 'Create draft' }).click();
    const lastDay = page.getByLabel('Last day', { exact: true });
    await page.getByText('The end cannot be before the start.').waitFor();
    assert.equal(await lastDay.getAttribute('aria-invalid'), 'true');
    const describedBy = (await lastDay.getAttribute('aria-describedby')) ?? '';
    assert.match(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).innerText(), /The end cannot be before the start/);
    assert.equal(await page.getByLabel('Name of the regatta', { exact: true }).inputValue(), cup);
    assert.equal(await page.getByLabel('Entry fee (optional)', { exact: true }).inputValue(), '45.00');
    assert.deepEqual(await auditBothWidths(page), [], 'create form with a refused field');
    await lastDay.fill(`${year}-06-16`);
    await page.getByRole('button', { name: 'Create draft' }).click();

    // The new draft's overview, under the regatta's own heading and tabs.
    await page.getByRole('heading', { level: 1, name: cup }).waitFor();
    const cupSlug = new URL(page.url()).pathname.split('/')[3]!;
    assert.match(page.url(), new RegExp(`/console/regattas/${cupSlug}$`));
    await page.getByText('The public page appears once the regatta is published.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Public page' }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Committee boat app' }).count(), 0, 'no race day for a draft');
    const sections = page.getByRole('navigation', { name: 'Regatta sections' });
    for (const tab of ['Overview', 'Notice board', 'Fleets and races', 'Entries']) await sections.getByRole('link', { name: tab }).waitFor();
    const details = page.getByRole('region', { name: 'Details' });
    assert.match(await details.innerText(), /Jun 14\s*–\s*16, \d{4}/);
    assert.match(await details.innerText(), /Europe\/Berlin/);
    assert.match(await details.innerText(), /Mar 1, \d{4}, 9:00\s?AM to Jun 1, \d{4}, 6:00\s?PM/);
    assert.match(await details.innerText(), /€45\.00/);
    assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1, 'one h1 on the screen');
    assert.deepEqual(await auditBothWidths(page), [], 'regatta overview (draft)');

    // A second draft, then the list: both under drafts, the search finds one by name.
    const frostbiteSlug = await createRegatta(page, org, { name: frostbite, start: `${year}-11-07`, end: `${year}-11-07`, venue: 'Harbour' });
    await openTab(page, org, 'Drafts');
    assert.deepEqual((await listedNames(page)).sort(), [cup, frostbite].sort());
    await page.getByRole('searchbox', { name: 'Search by name, venue or description' }).fill('frostbite');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=frostbite/);
    await page.getByRole('table').getByRole('link', { name: cup }).waitFor({ state: 'detached' });
    assert.deepEqual(await listedNames(page), [frostbite]);
    await page.getByRole('searchbox', { name: 'Search by name, venue or description' }).fill('no such regatta');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No regatta matches “no such regatta”.').waitFor();
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.getByRole('table').getByRole('link', { name: cup }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'regatta list (drafts)');

    // Edit: the form comes prefilled; the change shows in the details.
    await page.getByRole('table').getByRole('link', { name: cup }).click();
    await page.getByRole('heading', { level: 1, name: cup }).waitFor();
    await page.getByRole('button', { name: 'Edit details' }).click();
    assert.equal(await page.getByLabel('First day', { exact: true }).inputValue(), `${year}-06-14`);
    assert.equal(await page.getByLabel('Entries close', { exact: true }).inputValue(), `${year}-06-01T18:00`);
    assert.equal(await page.getByLabel('Entry fee in EUR (optional)', { exact: true }).inputValue(), '45.00');
    assert.deepEqual(await auditBothWidths(page), [], 'edit form');
    await page.getByLabel('Places (optional)', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Once set, this cannot be emptied; enter a value.').waitFor();
    await page.getByLabel('Places (optional)', { exact: true }).fill('80');
    await page.getByLabel('Venue', { exact: true }).fill('Kiel-Schilksee');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText('The regatta was saved.').waitFor();
    assert.match(await details.innerText(), /Kiel-Schilksee/);
    assert.match(await details.innerText(), /Places\s+80/);
    assert.match(await details.innerText(), /Jun 14\s*–\s*16, \d{4}/, 'untouched days stay');

    // Publish: the public page link appears, the regatta moves from drafts to upcoming.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').getByText('The regatta is published.').waitFor();
    const publicLink = page.getByRole('link', { name: 'Public page' });
    assert.equal(await publicLink.getAttribute('href'), `/regattas/${cupSlug}`);
    assert.equal(await page.getByRole('link', { name: 'Committee boat app' }).getAttribute('href'), `/console/committee/${cupSlug}`);
    assert.match(await details.innerText(), /Status\s+Published/);
    await openTab(page, org, 'Drafts');
    assert.deepEqual(await listedNames(page), [frostbite]);
    await openTab(page, org, 'Upcoming');
    assert.deepEqual(await listedNames(page), [cup]);
    assert.deepEqual(await auditBothWidths(page), [], 'regatta list (upcoming)');

    // The public site shows it (its projection follows the published fact shortly after).
    const publicPage = await context.newPage();
    for (let attempt = 0; ; attempt++) {
      await publicPage.goto(`/regattas/${cupSlug}`);
      if ((await publicPage.getByRole('heading', { name: cup }).count()) > 0) break;
      assert.ok(attempt < 40, 'the public page shows the published regatta');
      await publicPage.waitForTimeout(500);
    }
    await publicPage.close();

    // Copy it as a new draft with a new start: the copy opens as a draft.
    await page.getByRole('table').getByRole('link', { name: cup }).click();
    await page.getByRole('heading', { level: 1, name: cup }).waitFor();
    const copy = page.getByRole('region', { name: 'Copy as a new draft' });
    const copyName = `${cup} (next year)`;
    await copy.getByLabel('Name of the copy', { exact: true }).fill(copyName);
    await copy.getByLabel('First day of the copy', { exact: true }).fill(`${year + 1}-06-13`);
    await copy.getByRole('button', { name: 'Create copy' }).click();
    await page.getByRole('heading', { level: 1, name: copyName }).waitFor();
    assert.notEqual(new URL(page.url()).pathname.split('/')[3], cupSlug);
    await page.getByRole('status').getByText(`This is a copy of ${cup}, saved as a draft.`).waitFor();
    const copied = page.getByRole('region', { name: 'Details' });
    assert.match(await copied.innerText(), /Status\s+Draft/);
    assert.match(await copied.innerText(), /Jun 13\s*–\s*15, \d{4}/, 'the copy lasts as long as the original');
    assert.match(await copied.innerText(), /Kiel-Schilksee/);

    // Cancel the published one, with a reason: it stays, cancelled.
    await page.goto(`/console/regattas/${cupSlug}`);
    await page.getByRole('heading', { level: 1, name: cup }).waitFor();
    await page.getByRole('button', { name: 'Cancel the regatta' }).click();
    const cancelDialog = page.getByRole('dialog', { name: `Cancel ${cup}?` });
    await cancelDialog.getByLabel('Reason (optional, sent with the cancellation)', { exact: true }).fill('Storm warning for the whole weekend.');
    assert.deepEqual(await auditBothWidths(page), [], 'cancel dialog');
    await cancelDialog.getByRole('button', { name: 'Cancel the regatta' }).click();
    await page.getByRole('status').getByText('The regatta is cancelled.').waitFor();
    assert.match(await details.innerText(), /Status\s+Cancelled/);
    assert.equal(await page.getByRole('button', { name: 'Cancel the regatta' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Delete draft' }).count(), 0, 'only drafts can be deleted');

    // Delete the draft nobody needs: back on the list, it is gone.
    await page.goto(`/console/regattas/${frostbiteSlug}`);
    await page.getByRole('heading', { level: 1, name: frostbite }).waitFor();
    await page.getByRole('button', { name: 'Delete draft' }).click();
    await page.getByRole('dialog', { name: `Delete ${frostbite}?` }).getByRole('button', { name: 'Delete draft' }).click();
    await page.waitForURL(new RegExp(`/console/orgs/${org}/regattas\\?show=drafts$`));
    await page.getByRole('status').getByText(`The draft ${frostbite} was deleted.`).waitFor();
    assert.deepEqual(await listedNames(page), [copyName]);
    await context.close();
  });

  test('a regatta that does not exist says so in the layout', async () => {
    const { page, context } = await newPerson(browser, { viewport: { width: 375, height: 800 } });
    await signUp(page);
    await page.goto('/console/regattas/no-such-regatta-here');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Request ID: \S+/);
    await context.close();
  });
});
