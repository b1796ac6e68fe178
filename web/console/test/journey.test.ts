/**
 * A club secretary's whole first regatta in the console, in a real Chromium, acting only through
 * the screens (controls found by role, name and label): sign up; create the club; a webhook for
 * entries; a regatta with two fleets (one handicap) and three races each, through the guided form;
 * publish it; six entries for five places, so one is waitlisted; a notice; an API key and an embed
 * token; a delivery of the first entry in the webhook's log; copy the regatta; switch to German; and
 * the public page shows the regatta and its entries.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { createOrganization, launch, newPerson, signUp } from './harness.js';

const BOATS = ['Albatross', 'Bluebird', 'Cormorant', 'Dunlin', 'Eider', 'Fulmar'];

async function receiver(): Promise<{ url: string; events: string[]; close: () => Promise<void> }> {
  const events: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      events.push((JSON.parse(body) as { event: string }).event);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, events, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function addFleetWithRaces(page: Page, name: string, system: string | undefined, starts: string[]): Promise<void> {
  const add = page.getByRole('region', { name: 'Add a fleet' });
  await add.getByLabel('Fleet name').fill(name);
  if (system) await add.getByLabel('Handicap system').selectOption({ label: system });
  await add.getByRole('button', { name: 'Add fleet' }).click();
  await page.getByRole('status').getByText(`Fleet ${name} added.`).waitFor();
  for (const [index, start] of starts.entries()) {
    const group = page.getByRole('region', { name, exact: true }).getByRole('group', { name: `Add a race to ${name}` });
    await group.getByLabel('Scheduled start').fill(start);
    await group.getByRole('button', { name: 'Add race' }).click();
    await page.getByRole('status').getByText(`Race ${index + 1} of ${name} scheduled.`).waitFor();
  }
}

describe('console: a club runs its first regatta', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('from sign-up to the public entry list, in English and German', async () => {
    const hook = await receiver();
    const { page, context } = await newPerson(browser);
    try {
      await signUp(page, 'Robin Secretary');
      const stamp = Date.now();
      await createOrganization(page, `Lakeside Sailing Club ${stamp}`);

      // A webhook for entries, before any arrive.
      // After each move, the new screen's heading first: until its code has loaded, the old one shows.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      await page.getByLabel('URL').fill(hook.url);
      await page.getByRole('checkbox', { name: /Entry received/ }).check();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await page.getByRole('button', { name: 'I have copied it' }).click();

      // The regatta, through the guided form: entries open now, five places.
      const year = new Date().getUTCFullYear() + 1;
      const name = `Lakeside Open ${stamp}`;
      const opens = new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Regattas' }).click();
      await page.getByRole('heading', { level: 1, name: 'Regattas' }).waitFor();
      await page.getByRole('link', { name: 'New regatta' }).click();
      await page.getByRole('heading', { level: 1, name: 'New regatta' }).waitFor();
      await page.getByLabel('Name of the regatta', { exact: true }).fill(name);
      await page.getByLabel('First day', { exact: true }).fill(`${year}-05-15`);
      await page.getByLabel('Last day', { exact: true }).fill(`${year}-05-17`);
      await page.getByLabel('Venue', { exact: true }).fill('Lakeside');
      await page.getByLabel('Time zone of the venue', { exact: true }).fill('UTC');
      await page.getByLabel('Entries open', { exact: true }).fill(opens);
      await page.getByLabel('Entries close', { exact: true }).fill(`${year}-05-10T18:00`);
      await page.getByLabel('Places (optional)', { exact: true }).fill('5');
      await page.getByRole('button', { name: 'Create draft' }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      const slug = new URL(page.url()).pathname.split('/')[3]!;

      // Two fleets, one handicap, three races each.
      const sections = page.getByRole('navigation', { name: 'Regatta sections' });
      await sections.getByRole('link', { name: 'Fleets and races' }).click();
      await page.getByRole('heading', { level: 2, name: 'Fleets and races' }).waitFor();
      await addFleetWithRaces(page, 'Lasers', undefined, [`${year}-05-15T11:00`, `${year}-05-15T14:00`, `${year}-05-16T11:00`]);
      await addFleetWithRaces(page, 'Cruisers', 'PHRF time-on-time', [`${year}-05-15T11:10`, `${year}-05-16T11:10`, `${year}-05-17T11:10`]);

      // Publish.
      await sections.getByRole('link', { name: 'Overview' }).click();
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('status').getByText('The regatta is published.').waitFor();

      // Six entries in the Lasers for five places: the sixth is waitlisted.
      await sections.getByRole('link', { name: 'Entries' }).click();
      await page.getByRole('heading', { level: 2, name: 'Entries' }).waitFor();
      await page.getByRole('button', { name: 'Add an entry' }).click();
      const entry = page.getByRole('form', { name: 'Add an entry' });
      for (const [index, boat] of BOATS.entries()) {
        await entry.getByLabel('Fleet', { exact: true }).selectOption({ label: 'Lasers' });
        await entry.getByLabel("Sailor's name").fill(`Skipper ${boat}`);
        await entry.getByLabel("Sailor's e-mail address").fill(`${boat.toLowerCase()}-${stamp}@sailors.example.org`);
        await entry.getByLabel('Boat name').fill(boat);
        await entry.getByLabel('Sail number').fill(`GBR ${200 + index}`);
        await entry.getByRole('button', { name: 'Add entry' }).click();
        const answer = index < 5 ? new RegExp(`${boat}.* is entered in Lasers`) : new RegExp(`${boat}.* is waitlisted \\(position 1\\)`);
        await page.getByRole('status').filter({ hasText: answer }).waitFor();
      }
      await page.getByRole('table', { name: 'Waitlist' }).getByRole('cell', { name: 'GBR 205', exact: true }).waitFor();

      // A notice on the board.
      await sections.getByRole('link', { name: 'Notice board' }).click();
      await page.getByRole('heading', { level: 2, name: 'Notice board' }).waitFor();
      const post = page.getByRole('region', { name: 'Post a document' });
      await post.getByLabel('Kind').selectOption({ label: 'Notice of race' });
      await post.getByLabel('Title').fill('Notice of Race');
      await post.getByLabel('Text').fill('Racing starts at 11:00 each day.');
      await post.getByRole('button', { name: 'Post' }).click();
      await page.getByRole('status').getByText('Notice of Race is posted on the notice board.').waitFor();

      // An API key and an embed token.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
      await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
      await page.getByLabel('Name').fill('Club results board');
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText(/^rgt_[1-9A-HJ-NP-Za-km-z]{30,60}$/).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Embed tokens' }).click();
      await page.getByRole('heading', { level: 1, name: /^Embed tokens of / }).waitFor();
      await page.getByLabel('Name').fill('Club website');
      await page.getByLabel('Allowed origins').fill('https://lakeside.example.org');
      await page.getByRole('button', { name: 'Create embed token' }).click();
      await page.getByRole('heading', { name: 'Your new embed token “Club website”' }).or(page.getByRole('alert')).first().waitFor();
      assert.equal(await page.getByRole('alert').count(), 0, await page.getByRole('alert').allInnerTexts().then((texts) => texts.join(' | ')));
      await page.getByRole('figure', { name: 'Snippet to paste' }).waitFor({ timeout: 30_000 });

      // The first entry reached the webhook, and its log shows the delivery.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      await page.getByRole('button', { name: `Manage: ${hook.url}` }).click();
      const log = page.getByRole('region', { name: 'Delivery log' });
      await log.getByRole('row').filter({ hasText: 'Delivered' }).first().waitFor({ timeout: 30_000 });
      assert.ok(hook.events.includes('registration.created'), `the receiver got ${hook.events.join(', ')}`);

      // Copy the regatta for next year.
      await page.goto(`/console/regattas/${slug}`);
      const copy = page.getByRole('region', { name: 'Copy as a new draft' });
      await copy.getByLabel('Name of the copy', { exact: true }).fill(`${name} next year`);
      await copy.getByLabel('First day of the copy', { exact: true }).fill(`${year + 1}-05-14`);
      await copy.getByRole('button', { name: 'Create copy' }).click();
      await page.getByRole('heading', { level: 1, name: `${name} next year` }).waitFor();
      await page.getByRole('navigation', { name: 'Regatta sections' }).getByRole('link', { name: 'Fleets and races' }).click();
      await page.getByRole('region', { name: 'Cruisers', exact: true }).waitFor();

      // German: the switch changes every word and is remembered.
      await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Regatten' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
      await page.reload();
      await page.getByRole('combobox', { name: 'Sprache' }).waitFor();

      // The public page shows the regatta and its entries.
      const spectator = await browser.newPage();
      try {
        for (let attempt = 0; ; attempt++) {
          await spectator.goto(new URL(`/regattas/${slug}/entries`, page.url()).toString());
          if ((await spectator.getByText('Fulmar').count()) > 0 || attempt > 40) break;
          await spectator.waitForTimeout(500);
        }
        await spectator.getByRole('heading', { name }).first().waitFor();
        for (const boat of BOATS) await spectator.getByText(boat, { exact: true }).first().waitFor();
      } finally {
        await spectator.close();
      }
    } finally {
      await context.close();
      await hook.close();
    }
  });
});
