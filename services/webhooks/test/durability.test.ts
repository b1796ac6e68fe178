/**
 * Failure paths and crash safety, on a stack of its own (slot WEBHOOKS_DURABILITY_SLOT, default 5)
 * with small retry waits (200, 400, 800 ms) and a 500 ms timeout, so the contract's rules (retry
 * timing, one failure per exhausted delivery, auto-disable at the tenth, resume, nothing while
 * inactive, nothing lost on SIGKILL) run in seconds.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { deleteTopics, eventually, infraFromEnv, startStack, type ApiClient, type RunningStack } from '@regatta/testing';
import { FactPublisher, closedPort, resultsFact, serviceClient, startReceiver, type Receiver } from './helpers.js';

const DELAYS = [200, 400, 800];
const TIMEOUT_MS = 500;
const SLOT = Number(process.env['WEBHOOKS_DURABILITY_SLOT'] ?? 5);

let stack: RunningStack;
let publisher: FactPublisher;

before(async () => {
  stack = await startStack({
    slot: SLOT,
    databaseName: `regatta_test_${SLOT}`,
    only: ['webhooks'],
    env: { WEBHOOK_RETRY_DELAYS_MS: DELAYS.join(','), WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), LOG_LEVEL: 'warn' },
  });
  publisher = new FactPublisher(stack.topicPrefix);
  await publisher.connect();
});

after(async () => {
  await publisher?.disconnect();
  await stack?.stop();
  if (stack) await deleteTopics(infraFromEnv().kafkaBrokers, stack.topicPrefix);
});

async function subscriber(receiverUrl: string): Promise<{ org: string; client: ApiClient; id: string }> {
  const org = randomUUID();
  const client = serviceClient(stack.urlOf('webhooks'), { roles: { [org]: 'admin' } });
  const created = await client.post('/api/v1/webhooks', { url: receiverUrl, events: ['results.updated'] });
  assert.equal(created.status, 201, created.text);
  return { org, client, id: created.body.data.id as string };
}

async function webhookState(client: ApiClient, id: string) {
  const response = await client.get(`/api/v1/webhooks/${id}`);
  assert.equal(response.status, 200);
  return response.body.data as { failureCount: number; active: boolean; lastTriggeredAt: string | null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('failure paths', () => {
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
  });

  test('a receiver answering 500: initial attempt + 3 retries after 200/400/800 ms, same id and bytes, one failure', async () => {
    receiver.setBehaviour(() => ({ status: 500 }));
    const path = `/fail-${randomUUID()}`;
    const { org, client, id } = await subscriber(receiver.url + path);
    const fact = resultsFact(org, randomUUID());
    await publisher.publish(fact);
    const mine = () => receiver.received.filter((entry) => entry.path === '/hook' + path);
    await receiver.waitFor(() => mine().length >= 4, 15_000, 'four attempts');
    await eventually(async () => ((await webhookState(client, id)).failureCount === 1 ? true : undefined), 5_000, 'failureCount 1');
    await sleep(DELAYS[2]! + 300);
    const attempts = mine();
    assert.equal(attempts.length, 4, 'no fifth attempt');
    assert.ok(attempts.every((entry) => entry.json.id === fact.id && entry.body === attempts[0]!.body));
    assert.equal(new Set(attempts.map((entry) => entry.headers['x-service-delivery'])).size, 4, 'a new delivery id per attempt');
    const gaps = attempts.slice(1).map((entry, index) => entry.at - attempts[index]!.at);
    for (const [index, gap] of gaps.entries()) {
      // Never earlier than the configured wait; later only by scheduling slack (a shared 2-core machine
      // can add a second or two). The exact schedule is unit-tested in domain/retry.test.ts.
      assert.ok(gap >= DELAYS[index]! - 5 && gap < DELAYS[index]! + 2_500, `gap ${index + 1} was ${gap} ms, expected at least ${DELAYS[index]} ms (${gaps.join(', ')})`);
    }
    const state = await webhookState(client, id);
    assert.deepEqual([state.failureCount, state.active, state.lastTriggeredAt], [1, true, null]);
    const deliveries = await client.get(`/api/v1/webhooks/${id}/deliveries`);
    assert.deepEqual(
      deliveries.body.data.map((d: { attempt: number; statusCode: number; trigger: string; success: boolean; error: string }) => [d.attempt, d.statusCode, d.trigger, d.success, d.error]),
      [
        [4, 500, 'retry', false, 'HTTP 500'],
        [3, 500, 'retry', false, 'HTTP 500'],
        [2, 500, 'retry', false, 'HTTP 500'],
        [1, 500, 'event', false, 'HTTP 500'],
      ],
    );
  });

  test('a receiver hanging past the timeout and a refused connection are failed attempts too', async () => {
    receiver.setBehaviour((entry) => (entry.path.includes('hang') ? 'hang' : { status: 204 }));
    const hanging = await subscriber(`${receiver.url}/hang-${randomUUID()}`);
    const refused = await subscriber(`http://127.0.0.1:${await closedPort()}/hook`);
    await publisher.publish(resultsFact(hanging.org, randomUUID()), resultsFact(refused.org, randomUUID()));
    for (const [hook, pattern] of [
      [hanging, /^timeout: no response within 500 ms$/],
      [refused, /^ECONNREFUSED/],
    ] as const) {
      await eventually(async () => ((await webhookState(hook.client, hook.id)).failureCount === 1 ? true : undefined), 15_000, 'failureCount 1');
      const deliveries = await hook.client.get(`/api/v1/webhooks/${hook.id}/deliveries`);
      assert.equal(deliveries.body.data.length, 4);
      for (const delivery of deliveries.body.data as Array<{ statusCode: number | null; error: string; durationMs: number; success: boolean }>) {
        assert.equal(delivery.statusCode, null);
        assert.equal(delivery.success, false);
        assert.match(delivery.error, pattern);
        if (hook === hanging) assert.ok(delivery.durationMs >= TIMEOUT_MS - 5 && delivery.durationMs < TIMEOUT_MS + 300, `duration ${delivery.durationMs}`);
      }
    }
  });

  test('9 failures keep the webhook active; the 10th disables it; nothing while inactive; PATCH resumes', async () => {
    receiver.setBehaviour((entry) => (entry.path.includes('ten') ? { status: 500 } : { status: 204 }));
    const path = `/ten-${randomUUID()}`;
    const { org, client, id } = await subscriber(receiver.url + path);
    const mine = () => receiver.received.filter((entry) => entry.path === '/hook' + path);
    await publisher.publish(...Array.from({ length: 9 }, () => resultsFact(org, randomUUID())));
    await eventually(async () => ((await webhookState(client, id)).failureCount === 9 ? true : undefined), 20_000, 'failureCount 9');
    await sleep(300);
    assert.deepEqual(await webhookState(client, id), { ...(await webhookState(client, id)), failureCount: 9, active: true, lastTriggeredAt: null });
    assert.equal(mine().length, 36, '9 messages x 4 attempts');

    await publisher.publish(resultsFact(org, randomUUID()));
    await eventually(async () => ((await webhookState(client, id)).failureCount === 10 ? true : undefined), 20_000, 'failureCount 10');
    const disabled = await webhookState(client, id);
    assert.equal(disabled.active, false, 'inactive at the tenth failure');
    assert.equal(mine().length, 40);

    // Inactive: new events are neither delivered nor queued.
    await publisher.publish(resultsFact(org, randomUUID()));
    await sleep(1_500);
    assert.equal(mine().length, 40);
    assert.equal((await client.post(`/api/v1/webhooks/${id}/ping`)).status, 409);

    // Resume: failureCount starts again from 0 and deliveries flow.
    receiver.setBehaviour(() => ({ status: 204 }));
    const resumed = await client.patch(`/api/v1/webhooks/${id}`, { active: true });
    assert.deepEqual([resumed.body.data.active, resumed.body.data.failureCount], [true, 0]);
    const after = resultsFact(org, randomUUID());
    await publisher.publish(after);
    await receiver.waitFor(() => mine().some((entry) => entry.json.id === after.id), 5_000, 'delivery after resume');
    assert.equal(mine().length, 41, 'only the new message, not the one published while inactive');
    const state = await eventually(async () => {
      const current = await webhookState(client, id);
      return current.lastTriggeredAt ? current : undefined;
    });
    assert.equal(state.failureCount, 0);
  });

  test('a success after 9 failures resets failureCount to 0', async () => {
    let failing = true;
    receiver.setBehaviour((entry) => (entry.path.includes('reset') && failing ? { status: 503 } : { status: 200 }));
    const { org, client, id } = await subscriber(`${receiver.url}/reset-${randomUUID()}`);
    await publisher.publish(...Array.from({ length: 9 }, () => resultsFact(org, randomUUID())));
    await eventually(async () => ((await webhookState(client, id)).failureCount === 9 ? true : undefined), 20_000, 'failureCount 9');
    failing = false;
    await publisher.publish(resultsFact(org, randomUUID()));
    const state = await eventually(async () => {
      const current = await webhookState(client, id);
      return current.failureCount === 0 ? current : undefined;
    }, 5_000, 'reset');
    assert.equal(state.active, true);
    assert.ok(state.lastTriggeredAt);
  });

  test('pausing cancels pending retries', async () => {
    receiver.setBehaviour((entry) => (entry.path.includes('pause') ? { status: 500 } : { status: 204 }));
    const path = `/pause-${randomUUID()}`;
    const { org, client, id } = await subscriber(receiver.url + path);
    await publisher.publish(resultsFact(org, randomUUID()));
    await receiver.waitFor((all) => all.some((entry) => entry.path === '/hook' + path), 10_000, 'first attempt');
    await client.patch(`/api/v1/webhooks/${id}`, { active: false });
    await sleep(DELAYS.reduce((a, b) => a + b, 0) + 500);
    assert.equal(receiver.received.filter((entry) => entry.path === '/hook' + path).length, 1);
    assert.equal((await webhookState(client, id)).failureCount, 0, 'a cancelled delivery is not a failure');
  });
});

describe('crash safety', () => {
  test('SIGKILL in the middle of a burst: after restart every message arrives at least once, and nothing unknown arrives', async () => {
    const receiver = await startReceiver(() => ({ status: 204, delayMs: 5 }));
    try {
      const subscribers = await Promise.all([0, 1, 2].map(() => subscriber(receiver.url)));
      const sent = new Set<string>();
      const burst = async (count: number) => {
        for (let index = 0; index < count; index += 1) {
          const facts = subscribers.map((s) => resultsFact(s.org, randomUUID()));
          for (const fact of facts) sent.add(fact.id);
          await publisher.publish(...facts);
        }
      };
      await burst(40);
      await receiver.waitFor((all) => all.length >= 20, 20_000, 'the burst to start arriving');
      await stack.kill('webhooks', 'SIGKILL');
      const atKill = receiver.received.length;
      await burst(40); // published while the service is down
      await stack.start('webhooks');
      await burst(20);
      const ids = () => new Set(receiver.received.map((entry) => entry.json.id));
      await receiver.waitFor(() => [...sent].every((id) => ids().has(id)), 60_000, `all ${sent.size} messages`);
      const unknown = [...ids()].filter((id) => !sent.has(id));
      assert.deepEqual(unknown, []);
      assert.equal(sent.size, 300);
      assert.ok(atKill < 300, `the kill happened mid-burst (${atKill} delivered before it)`);
      const duplicates = receiver.received.length - ids().size;
      process.stdout.write(`# crash test: ${atKill} delivered before SIGKILL, ${receiver.received.length} deliveries for ${ids().size} messages (${duplicates} duplicates)\n`);
    } finally {
      await receiver.close();
    }
  });
});
