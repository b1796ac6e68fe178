/**
 * Exactly once across SIGKILL: a notice to a regatta of 500 entrants, the notifications service killed
 * (SIGKILL) while it is handing the messages to the SMTP server, started again: every entrant holds
 * the notice exactly once in the SMTP server's inbox (Mailpit), every outbox row is marked sent once,
 * and nobody else got it. A stack of its own (identity, organizations, events, notifications and the
 * gateway; slot KILL_SLOT, default 11) with two SMTP connections, so that the
 * kill lands mid-send, and a 3 s lease, so that the messages in flight at the kill go out soon after.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiClient, deleteTopics, infraFromEnv, mailpitUrl, startStack, uniqueSuffix, type RunningStack } from '@regatta/testing';
import { enterSailors, entriesProjected, newRegatta, notificationsDb, ok, type Entrant, type Regatta } from './helpers.js';

// Slot 11: its ports (25101-25109, gateway 29080) stay below Linux's ephemeral range (32768-60999),
// where an outgoing connection may hold a port a stack wants to listen on.
const slot = Number(process.env['KILL_SLOT'] ?? 11);
const ENTRANTS = Number(process.env['KILL_ENTRANTS'] ?? 500);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let stack: RunningStack;
let regatta: Regatta;
let entrants: Entrant[];

before(async () => {
  stack = await startStack({
    slot,
    databaseName: `regatta_test_${slot}`,
    only: ['identity', 'organizations', 'events', 'notifications', 'gateway'],
    env: { RATE_LIMIT_DEFAULT: '1000000' },
    processEnv: { notifications: { NOTIFY_CONCURRENCY: '2', NOTIFY_LEASE_MS: '3000' } },
  });
  regatta = await newRegatta({ api: new ApiClient(stack.gatewayUrl) });
  entrants = await enterSailors(regatta, ENTRANTS, 12);
  await entriesProjected(regatta.event.id, ENTRANTS, 120_000, stack.databaseUrl);
  // The confirmations of the entries go out first, so that the notice is alone in the outbox.
  await waitUntil(async () => (await counts('entry')).sent >= ENTRANTS, 180_000, 'entry confirmations sent');
}, { timeout: 900_000 });

after(async () => {
  await stack?.stop();
  if (stack) await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
});

async function counts(kind: string): Promise<{ total: number; sent: number; retried: number }> {
  return notificationsDb(async (client) => {
    const row = (
      await client.query(
        `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'sent') AS sent, count(*) FILTER (WHERE attempts > 1) AS retried
         FROM messages WHERE kind = $1 AND event_id = $2`,
        [kind, regatta.event.id],
      )
    ).rows[0];
    return { total: Number(row.total), sent: Number(row.sent), retried: Number(row.retried) };
  }, stack.databaseUrl);
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function duplicatesIgnored(): Promise<number> {
  const info = (await (await fetch(`${mailpitUrl()}/api/v1/info`)).json()) as { RuntimeStats: { SMTPIgnored: number } };
  return info.RuntimeStats.SMTPIgnored;
}

/** Every message in Mailpit whose subject contains `text`, as (recipient address → count). */
async function inboxBySubject(text: string): Promise<Map<string, number>> {
  const byRecipient = new Map<string, number>();
  for (let start = 0; ; start += 500) {
    const query = new URLSearchParams({ query: `subject:"${text}"`, limit: '500', start: String(start) });
    const response = await fetch(`${mailpitUrl()}/api/v1/search?${query}`);
    const body = (await response.json()) as { messages: Array<{ Subject: string; To: Array<{ Address: string }> }>; messages_count: number };
    for (const message of body.messages) {
      if (!message.Subject.includes(text)) continue;
      for (const to of message.To) byRecipient.set(to.Address.toLowerCase(), (byRecipient.get(to.Address.toLowerCase()) ?? 0) + 1);
    }
    if (body.messages.length < 500) break;
  }
  return byRecipient;
}

test(`a SIGKILL while a notice goes to ${ENTRANTS} entrants: each holds it exactly once`, { timeout: 600_000 }, async () => {
  const title = `Course change ${uniqueSuffix()}`;
  await ok(regatta.api.post(`/api/v1/events/${regatta.event.slug}/documents`, { kind: 'notice', title, body: 'Course 3 for all fleets.' }, { key: regatta.organizer.key }), 201);
  // Decided for all in one transaction; kill once a fifth of them has been handed over.
  await waitUntil(async () => (await counts('notice')).total === ENTRANTS, 60_000, 'notice decided for every entrant');
  await waitUntil(async () => (await counts('notice')).sent >= ENTRANTS / 5, 60_000, 'a fifth handed over');
  const ignoredBefore = await duplicatesIgnored();
  const before = await counts('notice');
  await stack.kill('notifications', 'SIGKILL');
  assert.ok(before.sent < ENTRANTS, `killed before the end (${before.sent} of ${ENTRANTS} sent)`);

  await stack.start('notifications');
  await waitUntil(async () => (await counts('notice')).sent === ENTRANTS, 300_000, 'every notice marked sent after the restart');
  const after = await counts('notice');
  // Allow Mailpit a moment to store the last ones.
  await sleep(1_000);
  const inbox = await inboxBySubject(title);
  const addresses = new Set(entrants.map((entrant) => entrant.email.toLowerCase()));
  const missing = [...addresses].filter((address) => !inbox.has(address));
  const twice = [...inbox].filter(([, count]) => count !== 1);
  const strangers = [...inbox.keys()].filter((address) => !addresses.has(address));
  assert.deepEqual({ missing: missing.length, twice: twice.length, strangers: strangers.length }, { missing: 0, twice: 0, strangers: 0 });
  // Mailpit's count of messages it kept once because their Message-ID was already stored (shared
  // with other stacks' tests, so an upper bound of this test's resends the SMTP server had accepted).
  const ignored = (await duplicatesIgnored()) - ignoredBefore;
  process.stdout.write(`killed after ${before.sent} of ${ENTRANTS} sent; ${after.retried} message(s) taken up again after the lease; ${ignored} resend(s) collapsed by Message-ID\n`);
});
