/**
 * Two replicas of public-results on one read model: a client on either replica sees every message
 * once, with the same ids, whichever replica's consumer applied the fact; and the embed token a
 * client sends in the live feed's query never reaches a log line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveSecret } from '@regatta/config';
import { ASSERTION_HEADER, signAssertion } from '@regatta/http';
import { apiClient, eventually, gatewayUrl, repoRoot, waitForHttp } from '@regatta/testing';
import { buildRegatta, ok, type TestRegatta } from './regatta.js';
import { openSse } from './sse.js';

const api = apiClient();
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through scripts/with-stack.ts`);
  return value;
};

describe('public-results scaled out', () => {
  let second: ChildProcess;
  let secondUrl: string;
  let regatta: TestRegatta;
  const assertion = signAssertion({ scopes: [], roles: {}, via: 'anonymous' }, resolveSecret(process.env['IDENTITY_ASSERTION_SECRET'], 'test', 'assertion'));

  before(async () => {
    // Between the stack slots' ports (slot 10 ends at 24107) and the ephemeral range (32768 and up).
    const port = 24_200 + (process.pid % 700);
    secondUrl = `http://127.0.0.1:${port}`;
    // A second replica on the shared stack's database and topics (same consumer group: the two split
    // the partitions, so each applies only part of the facts).
    second = spawn(process.execPath, [join(repoRoot, 'services/public-results/dist/main.js')], {
      cwd: join(repoRoot, 'services/public-results'),
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), DATABASE_URL: env('E2E_DATABASE_URL'), KAFKA_TOPIC_PREFIX: env('E2E_TOPIC_PREFIX') },
      stdio: 'ignore',
    });
    await waitForHttp(`${secondUrl}/health/live`);
    regatta = await buildRegatta(api, { boats: 3, races: 4 });
  });

  after(() => {
    second?.kill('SIGTERM');
  });

  test('clients on either replica get the same messages, once each, with the same ids', async () => {
    const firstUrl = (JSON.parse(env('E2E_SERVICE_URLS')) as Record<string, string>)['public-results']!;
    const headers = { [ASSERTION_HEADER]: assertion };
    // Every registration of the set-up projected first: a live message of a late registration fact
    // would otherwise reach only the feed that happened to open before it.
    const entered = async (url: string) => {
      const response = await fetch(`${url}/regattas/${regatta.slug}/entries.json`, { headers });
      if (response.status !== 200) return 0;
      const body = (await response.json()) as { data: { fleets: Array<{ entries: unknown[]; waitlist: unknown[] }> } };
      return body.data.fleets.reduce((sum, fleet) => sum + fleet.entries.length + fleet.waitlist.length, 0);
    };
    await eventually(async () => ((await entered(secondUrl)) === regatta.boats.length && (await entered(firstUrl)) === regatta.boats.length ? true : undefined), 15_000, 'regatta and its entries projected');
    const feeds = await Promise.all([openSse(`${firstUrl}/regattas/${regatta.slug}/live`, headers), openSse(`${secondUrl}/regattas/${regatta.slug}/live`, headers)]);
    // Closed whatever happens: an open feed would keep the test process alive after a failure.
    try {
      for (const feed of feeds) await feed.next((m) => m.event === 'ready');
      for (let race = 1; race <= 4; race += 1) await regatta.submit(race, [[1, 1800 + race], [2, 1810], [3, 1820 - race]]);
      for (const feed of feeds) await feed.next((m) => m.event === 'standings.updated' && m.data.entries[0]?.racesCompleted === 4, 20_000);
      // Let any late duplicate show itself.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const changes = feeds.map((feed) => feed.messages.filter((m) => m.event !== 'ready').map((m) => `${m.id} ${m.event}`));
      assert.ok(changes[0]!.length >= 8, `results and standings for 4 races: ${changes[0]!.length}`);
      assert.deepEqual(changes[1], changes[0], 'same messages, same ids, same order on both replicas');
      assert.equal(new Set(changes[0]).size, changes[0]!.length, 'no message twice');
    } finally {
      for (const feed of feeds) feed.close();
    }
  });

  test("an embed token sent in the live feed's query never reaches the gateway's log", async () => {
    const created = await ok(api.post('/api/v1/embed-tokens', { organizationId: regatta.org.id, name: 'log check', allowedOrigins: ['https://club.example.org'] }, { cookie: regatta.organizer.cookie }), 201);
    const token: string = created.data.token;
    const base = gatewayUrl();
    // Refused (logged at info) and accepted requests, with the token in the query.
    const refused = await fetch(`${base}/api/v1/events/${regatta.slug}/live?embed_token=${token}`, { headers: { origin: 'https://elsewhere.example.net' } });
    assert.equal(refused.status, 403);
    await refused.text();
    const missing = await fetch(`${base}/api/v1/events/no-such-regatta-here/live?embed_token=${token}`);
    assert.equal(missing.status, 404);
    await missing.text();
    const feed = await openSse(`${base}/api/v1/events/${regatta.slug}/live?embed_token=${token}`);
    await feed.next((m) => m.event === 'ready');
    feed.close();
    const slot = (Number(new URL(base).port) - 18_080) / 1_000;
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = readFileSync(join(repoRoot, `.local/logs/test/gateway-${slot}.log`), 'utf8');
    assert.ok(log.includes('/no-such-regatta-here/live'), 'the refused requests were logged');
    assert.equal(log.includes(token), false, 'the token is not in the log');
    assert.equal(log.includes(token.slice(10, 30)), false, 'nor any part of it');
  });
});
