/**
 * A federation's scorer keeps its ranking lists in a real Chromium: from the organization's
 * navigation to its rankings; a new list with its formula (best 2 results in 12 months, linear place
 * points, one class) whose nationality the API refuses on that field (nothing typed is lost), then
 * created; a regatta's factor set; an edition published and shown; axe-clean at 375 and 1280 px, in
 * English and German. Regattas are made through the API from the page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, openMenu, signUp } from './harness.js';

const headers = () => ({ origin: gatewayUrl(), 'content-type': 'application/json' });

async function createRegatta(page: Page, organization: string, name: string): Promise<string> {
  const start = new Date(Date.now() + 86_400_000);
  const created = await page.request.post('/api/v1/events', {
    headers: headers(),
    data: { organization, name, startDate: start.toISOString(), endDate: new Date(start.getTime() + 86_400_000).toISOString() },
  });
  assert.equal(created.status(), 201, await created.text());
  return ((await created.json()) as { data: { slug: string } }).data.slug;
}

describe('console: rankings', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('create a ranking list, set a regatta factor, publish an edition', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Fay Federation');
    const org = await createOrganization(page, `Federation ${Date.now()}`);
    const regatta = `Nationals ${Date.now()}`;
    await createRegatta(page, org, regatta);

    await openMenu(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rankings' }).click();
    await page.getByRole('heading', { name: 'Rankings', level: 1 }).waitFor();
    await page.getByText('No ranking lists yet.').waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the rankings with no list');

    const form = page.getByRole('region', { name: 'New ranking list' });
    await form.getByLabel('Name').fill('ILCA 7 national ranking');
    assert.equal(await form.getByLabel('Results counted').inputValue(), 'best_n');
    await form.getByLabel('Number of best results').fill('2');
    assert.equal(await form.getByLabel('Place points').inputValue(), 'linear');
    assert.equal(await form.getByLabel('Window in months').inputValue(), '12');
    await form.getByLabel('Class').fill('ILCA 7');
    // Lower case: the service wants three capitals, and says so on the field.
    await form.getByLabel('Nationality').fill('nor');
    await form.getByRole('button', { name: 'Create ranking list' }).click();
    const nationality = form.getByLabel('Nationality');
    await page.waitForFunction(() => document.querySelector('[aria-invalid="true"]') !== null);
    assert.equal(await nationality.getAttribute('aria-invalid'), 'true');
    const described = (await nationality.getAttribute('aria-describedby')) ?? '';
    const message = await page.locator(`[id="${described.split(' ').pop()}"]`).textContent();
    assert.match(message ?? '', /capitals/);
    assert.equal(await form.getByLabel('Name').inputValue(), 'ILCA 7 national ranking', 'nothing typed is lost');
    assert.deepEqual(await auditBothWidths(page), [], 'a refusal on its field');

    await nationality.fill('');
    await form.getByRole('button', { name: 'Create ranking list' }).click();
    await page.getByRole('status').filter({ hasText: 'Ranking list ILCA 7 national ranking created.' }).waitFor();
    const list = page.getByRole('region', { name: 'ILCA 7 national ranking' });
    await list.getByText('best 2 results, linear place points, within 12 months').waitFor();
    await list.getByText('Not published yet').waitFor();
    await page.getByRole('link', { name: 'ILCA 7 national ranking' }).waitFor();

    // The regatta's factor, by keyboard.
    await list.getByLabel('Regatta', { exact: true }).selectOption({ label: regatta });
    await list.getByLabel('Factor', { exact: true }).focus();
    await page.keyboard.type('1,2');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: `${regatta} counts with factor 1.2.` }).waitFor();
    await list.getByRole('table', { name: 'Factors of ILCA 7 national ranking' }).getByRole('row', { name: `${regatta} 1.2` }).waitFor();

    // A factor above 100 is refused by the service on the factor field.
    await list.getByLabel('Factor', { exact: true }).fill('250');
    await list.getByRole('button', { name: 'Set factor' }).click();
    await page.waitForFunction(() => document.querySelector('.factor-form [aria-invalid="true"]') !== null);

    await list.getByRole('button', { name: 'Publish edition of ILCA 7 national ranking' }).click();
    await page.getByRole('status').filter({ hasText: 'ILCA 7 national ranking: edition 1 published.' }).waitFor();
    await list.getByText(/^Edition 1 as of /).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'a list with a factor and an edition');

    // The same list through the public API: the formula, the factor, the edition.
    const listsAnswer = await page.request.get(`/api/v1/organizations/${org}/rankings`);
    const lists = (await listsAnswer.json()) as { rankings: Array<{ id: string; formula: unknown; filters: { class: string | null } }> };
    assert.equal(lists.rankings.length, 1);
    assert.deepEqual(lists.rankings[0]!.formula, { kind: 'best_n', n: 2, placePoints: 'linear', windowMonths: 12 });
    assert.equal(lists.rankings[0]!.filters.class, 'ILCA 7');
    const detail = (await (await page.request.get(`/api/v1/organizations/${org}/rankings/${lists.rankings[0]!.id}`)).json()) as { factors: Array<{ factor: number }>; latestEdition: { edition: number } | null };
    assert.deepEqual(detail.factors.map((row) => row.factor), [1.2]);
    assert.equal(detail.latestEdition?.edition, 1);

    // In German.
    await openMenu(page);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.getByRole('heading', { name: 'Ranglisten', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Ausgabe veröffentlichen: ILCA 7 national ranking' }).waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'the rankings in German');
    await context.close();
  });
});
