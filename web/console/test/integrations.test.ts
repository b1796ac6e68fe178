/**
 * A club's integrations, in a real Chromium: an API key made with chosen scopes is shown once (and
 * works until revoked), an embed token comes with the snippet for a published regatta and a live
 * preview of the widget, and a webhook to a receiver on this machine is pinged, its delivery shows
 * in the log with the receiver's answer, and it is sent again.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { gatewayUrl } from '@regatta/testing';
import { auditBothWidths, createOrganization, launch, newPerson, signUp, uniqueEmail } from './harness.js';

const status = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ });

interface Received {
  event: string;
  signature: string | undefined;
}

/** A webhook receiver on loopback (allowed outside production), answering 200 with a short JSON body. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { event: string };
      received.push({ event: parsed.event, signature: req.headers['x-service-signature'] as string | undefined });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ thanks: parsed.event }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/regatta-hook`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function until(check: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('console: API keys, embed tokens and webhooks', () => {
  let browser: Browser;
  before(async () => {
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
  });

  test('an API key with chosen scopes is shown once, works, and is revoked', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Sam Secretary', uniqueEmail());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByText('You have no API keys yet.').waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'API keys screen, empty');

    await page.getByLabel('Name').fill('Results upload');
    await page.getByRole('checkbox', { name: 'Read' }).uncheck();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Choose at least one scope.').waitFor();
    await page.getByRole('checkbox', { name: 'Read' }).check();
    await page.getByRole('checkbox', { name: 'Results' }).check();
    await page.getByRole('button', { name: 'Create key' }).click();

    await page.getByRole('heading', { name: 'Your new key “Results upload”' }).waitFor();
    await page.getByText('it will not be shown again').waitFor();
    const secret = (await page.getByText(/^rgt_[1-9A-HJ-NP-Za-km-z]{30,60}$/).innerText()).trim();
    await page.getByRole('button', { name: 'Copy key' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Results upload' });
    await row.waitFor();
    assert.equal(await row.getByRole('cell').nth(2).innerText(), 'Read, Results');
    assert.equal(await row.getByRole('cell').nth(1).innerText(), `${secret.slice(0, 14)}…`);
    assert.match(await row.getByRole('cell').nth(6).innerText(), /requests per hour/);
    assert.deepEqual(await auditBothWidths(page), [], 'API keys screen, key shown once');

    const withKey = () => fetch(`${gatewayUrl()}/api/v1/organizations`, { headers: { authorization: `Bearer ${secret}` } });
    assert.equal((await withKey()).status, 200, 'the key works');

    // The key was never put in storage, and a reload shows it no more.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    assert.ok(!stored.includes(secret), 'the key is not in storage');
    await page.reload();
    await row.waitFor();
    assert.equal(await page.getByRole('heading', { name: /Your new key/ }).count(), 0);
    assert.ok(!(await page.content()).includes(secret), 'the key is gone after a reload');

    await page.getByRole('button', { name: 'Revoke: Results upload' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the key “Results upload”?' });
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await status(page).getByText('The key “Results upload” was revoked.').waitFor();
    await page.getByText('You have no API keys yet.').waitFor();
    assert.equal((await withKey()).status, 401, 'the revoked key is refused');
    await context.close();
  });

  test('an embed token comes with the snippet for a published regatta and a live preview of the widget', async () => {
    const { page, context } = await newPerson(browser);
    await signUp(page, 'Sam Secretary', uniqueEmail());
    const slug = await createOrganization(page, `Harbour Sailing Club ${Date.now()}`);
    // The regatta the widget shows (creating and publishing one is the regatta screens' own test).
    const regatta = await page.evaluate(async (org) => {
      const created = await fetch('/api/v1/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ organization: org, name: 'Spring Cup', startDate: '2030-05-01T09:00:00Z', endDate: '2030-05-03T17:00:00Z' }),
      });
      const { data } = (await created.json()) as { data: { slug: string } };
      const published = await fetch(`/api/v1/events/${data.slug}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'published' }) });
      return { slug: data.slug, status: [created.status, published.status] };
    }, slug);
    assert.deepEqual(regatta.status, [201, 200]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Embed tokens' }).click();
    await page.getByRole('heading', { level: 1, name: /^Embed tokens of / }).waitFor();
    await page.getByText('This organization has no embed tokens yet.').waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'embed tokens screen, empty');

    await page.getByLabel('Name').fill('Club website');
    await page.getByLabel('Allowed origins').fill('https://club.example.org/');
    await page.getByText('“https://club.example.org/” is not an origin; did you mean https://club.example.org?').waitFor();
    await page.getByRole('button', { name: 'Create embed token' }).click();
    await page.getByText('Each line must be an origin such as https://club.example.org').waitFor();
    await page.getByLabel('Allowed origins').fill('https://club.example.org\nhttps://www.club.example.org');
    await page.getByRole('button', { name: 'Create embed token' }).click();

    await page.getByRole('heading', { name: 'Your new embed token “Club website”' }).waitFor();
    const token = (await page.getByText(/^rgt_embed_[1-9A-HJ-NP-Za-km-z]{30,}$/).innerText()).trim();
    await page.getByRole('combobox', { name: 'Regatta' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Regatta' }).inputValue(), regatta.slug);
    const snippet = await page.getByRole('figure', { name: 'Snippet to paste' }).innerText();
    assert.equal(
      snippet.trim(),
      `<script src="${new URL(gatewayUrl()).origin}/embed/v1/regatta-widget.js" async></script>\n` +
        `<regatta-results event="${regatta.slug}" token="${token}" view="standings"></regatta-results>`,
    );
    await page.getByRole('button', { name: 'Copy snippet' }).waitFor();
    await page.getByRole('combobox', { name: 'View' }).selectOption({ label: 'Entries' });
    assert.match(await page.getByRole('figure', { name: 'Snippet to paste' }).innerText(), /view="entries"/);

    // The live preview: the gateway's demo page in a frame, showing the regatta with this token.
    const preview = page.frameLocator('iframe[title="Live preview of the results widget"]');
    assert.equal(await page.getByTitle('Live preview of the results widget').count(), 1);
    const widget = preview.locator('regatta-results');
    await widget.and(preview.locator('[data-state="ready"]')).waitFor({ timeout: 30_000 });
    await widget.getByText('Spring Cup').first().waitFor();
    assert.deepEqual(await auditBothWidths(page), [], 'embed tokens screen, token shown once with snippet and preview');

    const row = page.getByRole('row').filter({ hasText: 'Club website' });
    assert.match(await row.innerText(), /https:\/\/club\.example\.org[\s\S]*https:\/\/www\.club\.example\.org/);
    await row.getByText('Active').waitFor();
    await page.getByRole('button', { name: 'Deactivate: Club website' }).click();
    await page.getByRole('dialog', { name: 'Deactivate the embed token “Club website”?' }).getByRole('button', { name: 'Deactivate' }).click();
    await status(page).getByText('The embed token “Club website” was deactivated.').waitFor();
    await row.getByText('Deactivated').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Deactivate: Club website' }).count(), 0);
    await context.close();
  });

  test('a webhook to a local receiver: secret once, ping, the delivery in the log, sent again, edited, deleted', async () => {
    const receiver = await startReceiver();
    const { page, context } = await newPerson(browser);
    try {
      await signUp(page, 'Sam Secretary', uniqueEmail());
      await createOrganization(page, `Harbour Sailing Club ${Date.now()}`);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      await page.getByText('No webhooks yet.').waitFor();
      assert.deepEqual(await auditBothWidths(page), [], 'webhooks screen, empty');

      await page.getByLabel('URL').fill(receiver.url);
      await page.getByRole('button', { name: 'Add webhook' }).click();
      await page.getByText('Choose at least one event type.').waitFor();
      await page.getByRole('group', { name: 'Results and standings' }).getByRole('checkbox', { name: /Results published/ }).check();
      await page.getByRole('checkbox', { name: /Standings changed/ }).check();
      await page.getByRole('button', { name: 'Add webhook' }).click();

      await page.getByRole('heading', { name: `Signing secret of the webhook to ${receiver.url}` }).waitFor();
      await page.getByText(/^whsec_[A-Za-z0-9+/]{43}=$/).waitFor();
      await page.getByRole('button', { name: 'Copy signing secret' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: receiver.url });
      await row.getByText('2 event types').waitFor();
      await row.getByText('Active').waitFor();
      await page.getByRole('button', { name: 'I have copied it' }).click();
      assert.equal(await page.getByText(/^whsec_/).count(), 0);

      await page.getByRole('button', { name: `Manage: ${receiver.url}` }).click();
      await page.getByRole('heading', { name: `Webhook to ${receiver.url}` }).waitFor();
      await page.getByText('Nothing was delivered yet.').waitFor();
      await page.getByRole('button', { name: 'Send ping' }).click();
      await status(page).getByText('A ping was queued').waitFor();
      await until(() => receiver.received.length >= 1, 'the ping at the receiver');
      assert.equal(receiver.received[0]!.event, 'ping');
      assert.match(receiver.received[0]!.signature ?? '', /^sha256=[0-9a-f]{64}$/);

      // The attempt shows in the delivery log (it refreshes itself) with the receiver's answer.
      const log = page.getByRole('region', { name: 'Delivery log' });
      const attempt = log.getByRole('row').filter({ hasText: 'ping' }).first();
      await attempt.getByText('Delivered').waitFor({ timeout: 30_000 });
      assert.equal(await attempt.getByRole('cell').nth(5).innerText(), '200');
      assert.equal(await attempt.getByRole('cell').nth(2).innerText(), 'Ping');
      // The receiver's answer opens under the attempt, by keyboard as by pointer, and closes again.
      const showResponse = attempt.getByRole('button', { name: /^Show response: ping/ });
      assert.equal(await showResponse.getAttribute('aria-expanded'), 'false');
      await showResponse.focus();
      await page.keyboard.press('Enter');
      assert.equal(await showResponse.getAttribute('aria-expanded'), 'true');
      const answer = log.getByRole('group', { name: /^Response to ping at / });
      assert.equal(await answer.getByRole('region', { name: 'Response body' }).innerText(), '{"thanks":"ping"}');
      await answer.getByText('application/json').waitFor();
      assert.deepEqual(await auditBothWidths(page), [], 'webhooks screen, one webhook open with its log and an answer');
      await page.keyboard.press('Enter');
      assert.equal(await showResponse.getAttribute('aria-expanded'), 'false');
      assert.equal(await answer.count(), 0);

      await attempt.getByRole('button', { name: /^Send again: ping/ }).click();
      await status(page).getByText('The message was queued once more').waitFor();
      await until(() => receiver.received.length >= 2, 'the redelivery at the receiver');
      await log.getByRole('row').filter({ hasText: 'Sent again' }).getByText('Delivered').waitFor({ timeout: 30_000 });

      // Edit: another event type, paused.
      const edit = page.getByRole('region', { name: 'Change the webhook' });
      await edit.getByRole('checkbox', { name: /Entry received/ }).check();
      await edit.getByRole('checkbox', { name: 'Active' }).uncheck();
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await status(page).getByText('Saved.').waitFor();
      await row.getByText('3 event types').waitFor();
      await row.getByText('Paused').waitFor();
      await page.getByRole('button', { name: 'Send ping' }).click();
      await page.getByRole('alert').filter({ hasText: 'The webhook is paused. Make it active first.' }).waitFor();

      await page.getByRole('button', { name: 'Delete webhook' }).click();
      await page.getByRole('dialog', { name: `Delete the webhook to ${receiver.url}?` }).getByRole('button', { name: 'Delete webhook' }).click();
      await page.getByText('No webhooks yet.').waitFor();
      assert.equal(await page.getByRole('heading', { name: `Webhook to ${receiver.url}` }).count(), 0);
    } finally {
      await context.close();
      await receiver.close();
    }
  });
});
