/**
 * A sailor enters a regatta from its public page in a real Chromium: the page's "Enter this regatta"
 * leads through sign-up to the one entry form, where she answers the organizer's required question
 * and accepts the waiver with a parent (she is 13); the confirmation says entered. A second new sailor
 * finds the regatta full (its last place is taken), joins the waitlist from the public page and is
 * told her position. The first withdraws from her confirmation page and the waitlisted boat moves up,
 * as her "My regattas" page shows. The organizer's entry list shows the answers and acceptances.
 * The office writes the entry form (a required choice, a waiver) in the regatta's entries tab; the
 * regatta (2 places, one fleet, one boat entered on a guest's behalf) is made through the API from
 * the organizer's page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, openMenu, PASSWORD, signUp, uniqueEmail } from './harness.js';

async function seedRegatta(page: Page, organization: string): Promise<{ slug: string; name: string }> {
  const headers = { origin: gatewayUrl(), 'content-type': 'application/json' };
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { headers, data });
    assert.equal(response.status(), 201, await response.text());
    return ((await response.json()) as { data: { id: string; slug: string } }).data;
  };
  const start = new Date(Date.now() + 30 * 86_400_000);
  const name = `Optimist Open ${Date.now()}`;
  const { slug } = await post('/api/v1/events', {
    organization,
    name,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 86_400_000).toISOString(),
    maxParticipants: 2,
    entryFee: '35',
    currency: 'EUR',
  });
  const fleet = await post(`/api/v1/events/${slug}/fleets`, { name: 'Optimist' });
  const published = await page.request.put(`/api/v1/events/${slug}`, { headers, data: { status: 'published' } });
  assert.equal(published.status(), 200, await published.text());
  // One place of two is taken by a boat the office entered for a guest.
  await post(`/api/v1/events/${slug}/register`, { fleet: fleet.id, boat: { name: 'Guest', sailNumber: 'ITA 1' }, sailor: { name: 'Gina Guest', email: uniqueEmail('guest') } });
  return { slug, name };
}

/** From the public page through sign-up to the entry form. */
async function reachFormFromPublicPage(page: Page, slug: string, link: string, sailor: string): Promise<void> {
  // The public page follows the regatta's facts within moments: read it again until it offers the link.
  const offered = page.getByRole('link', { name: link });
  for (let attempt = 0; ; attempt += 1) {
    await page.goto(`/regattas/${slug}`);
    if ((await page.getByRole('heading', { name: 'Entering' }).count()) > 0 && (await offered.count()) > 0) break;
    assert.ok(attempt < 40, `the public page of ${slug} offers "${link}"`);
    await page.waitForTimeout(250);
  }
  await offered.click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Your name').fill(sailor);
  await page.getByLabel('E-mail address').fill(uniqueEmail('sailor'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('form', { name: 'Entry form' }).waitFor();
}

async function fillEntry(page: Page, boat: { sail: string; name: string }, birth: string, guardian?: string): Promise<void> {
  await page.getByLabel('Sail number').fill(boat.sail);
  await page.getByLabel('Boat name').fill(boat.name);
  await page.getByLabel('Your date of birth').fill(birth);
  await page.getByLabel('Emergency contact').fill('Pat Parent +39 333 1234');
  await page.getByLabel('T-shirt size (required)').selectOption('M');
  await page.getByRole('checkbox', { name: 'I accept “Risk statement”' }).check();
  if (guardian) await page.getByLabel('Name of the parent or guardian who accepts').fill(guardian);
}

describe('console: entering a regatta from its public page', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('a new sailor enters as a minor with a guardian; the last place goes, the next is waitlisted; a withdrawal promotes', async () => {
    const office = await newPerson(browser);
    await signUp(office.page, 'Olga Office');
    const org = await createOrganization(office.page, `Lake Garda Optimist Club ${Date.now()}`);
    const { slug, name } = await seedRegatta(office.page, org);

    // The office writes the entry form in the regatta's entries tab: a required choice and a waiver.
    await office.page.goto(`/console/regattas/${slug}/entries`);
    await office.page.getByRole('heading', { name: 'Entry form', level: 2 }).waitFor();
    const addQuestion = office.page.getByRole('form', { name: 'Add question' });
    await addQuestion.getByLabel('Question', { exact: true }).fill('T-shirt size');
    await addQuestion.getByLabel('Answer', { exact: true }).selectOption('choice');
    await addQuestion.getByRole('button', { name: 'Add question' }).click();
    await addQuestion.getByText('Give at least two different choices.').waitFor();
    await addQuestion.getByLabel('Choices').fill('S\nM\nL');
    await addQuestion.getByLabel('An answer is required').check();
    await addQuestion.getByRole('button', { name: 'Add question' }).click();
    await office.page.getByText('Question added: T-shirt size.').waitFor();
    await office.page.getByRole('button', { name: 'Make T-shirt size optional' }).click();
    await office.page.getByText('T-shirt size is now optional.').waitFor();
    await office.page.getByRole('button', { name: 'Make T-shirt size required' }).click();
    await office.page.getByText('An answer to T-shirt size is now required.').waitFor();
    const addWaiver = office.page.getByRole('form', { name: 'Add waiver' });
    await addWaiver.getByLabel('Waiver title').fill('Risk statement');
    await addWaiver.getByLabel('Waiver text').fill('I race at my own risk (RRS 3).');
    await addWaiver.getByRole('button', { name: 'Add waiver' }).click();
    await office.page.getByText('Waiver added: Risk statement.').waitFor();
    assert.deepEqual(await auditBothWidths(office.page), [], 'the entry form editor');

    // The first sailor, 13 years old: the required question, the waiver with her father.
    const first = await newPerson(browser);
    await reachFormFromPublicPage(first.page, slug, 'Enter this regatta', 'Lia Laser');
    await first.page.getByText('Entry fee:').waitFor();
    assert.match(await first.page.locator('.fee').innerText(), /35/);
    await first.page.getByRole('button', { name: 'Send my entry' }).click();
    await first.page.getByText('Answer this question.').waitFor();
    const birth = `${new Date().getUTCFullYear() - 13}-03-04`;
    await fillEntry(first.page, { sail: 'ITA 101', name: 'Piccola' }, birth);
    await first.page.getByRole('button', { name: 'Send my entry' }).click();
    await first.page.getByText('A parent or guardian names themselves here.').waitFor();
    await first.page.getByLabel('Name of the parent or guardian who accepts').fill('Marco Laser');
    assert.deepEqual(await auditBothWidths(first.page), [], 'the entry form');
    await first.page.getByRole('button', { name: 'Send my entry' }).click();
    await first.page.getByRole('heading', { name: `Your entry: ${name}` }).waitFor();
    await first.page.getByText('Entered in Optimist').waitFor();
    await first.page.getByText('with Marco Laser as parent or guardian').waitFor();
    const confirmation = first.page.url();
    assert.match(confirmation, new RegExp(`/console/enter/${slug}/entries/[0-9a-f-]{36}$`));
    assert.deepEqual(await auditBothWidths(first.page), [], 'the confirmation');
    // The confirmation can be bookmarked: the address opens it again.
    await first.page.goto(confirmation);
    await first.page.getByText('Entered in Optimist').waitFor();

    // The regatta is full now: the public page says so and the next sailor joins the waitlist.
    const second = await newPerson(browser);
    await reachFormFromPublicPage(second.page, slug, 'Join the waitlist', 'Nora Next');
    await second.page.getByText('The regatta is full').waitFor();
    await fillEntry(second.page, { sail: 'ITA 202', name: 'Seconda' }, '1990-05-06');
    await second.page.getByRole('button', { name: 'Send my entry' }).click();
    await second.page.getByText('Waitlisted: position 1').waitFor();

    // The first sailor withdraws; the waitlisted boat moves up.
    await first.page.getByRole('button', { name: 'Withdraw' }).click();
    await first.page.getByRole('dialog').getByRole('button', { name: 'Withdraw my entry' }).click();
    await first.page.getByText('Your entry is withdrawn.').waitFor();
    await second.page.reload();
    await openMenu(second.page);
    await second.page.getByRole('banner').getByRole('link', { name: 'My regattas' }).click();
    await second.page.getByRole('heading', { name: 'My regattas', level: 1 }).waitFor();
    await second.page.getByRole('row', { name: new RegExp(name) }).getByText('Entered in Optimist').waitFor();
    assert.deepEqual(await auditBothWidths(second.page), [], 'my regattas');

    // The office sees the answers and acceptances in the entry list.
    await office.page.goto(`/console/regattas/${slug}/entries`);
    const row = office.page.getByRole('row', { name: /Seconda/ });
    await row.getByText('T-shirt size: M').waitFor();
    await row.getByText(/Risk statement: v1 accepted by Nora Next/).waitFor();

    for (const person of [office, first, second]) await person.context.close();
  });
});
