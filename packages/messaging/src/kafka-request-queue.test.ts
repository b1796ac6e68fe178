import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { CHECK_PENDING_REQUESTS_MS, nextPendingCheckMs, quietIdleKafkaConnections } from './kafka-request-queue.js';

const now = 1_000_000;

test('no timed check of a queue with nothing waiting and no throttle', () => {
  assert.equal(nextPendingCheckMs(0, -1, now), undefined);
  assert.equal(nextPendingCheckMs(0, now - 5, now), undefined);
  assert.equal(nextPendingCheckMs(0, now, now), undefined);
});

test('a throttle is waited out; waiting requests are checked after 10 ms once it is over', () => {
  assert.equal(nextPendingCheckMs(0, now + 250, now), 250);
  assert.equal(nextPendingCheckMs(3, now + 40, now), 40);
  assert.equal(nextPendingCheckMs(3, -1, now), CHECK_PENDING_REQUESTS_MS);
  // A throttle ending this very millisecond still gets its check (the request would wait forever).
  assert.equal(nextPendingCheckMs(1, now, now), CHECK_PENDING_REQUESTS_MS);
});

// kafkajs' own request queue, as every broker connection uses it.
type Queue = {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  push(request: { entry: Record<string, unknown>; expectResponse: boolean; sendRequest(): void }): void;
  destroy(): void;
};
const RequestQueue = createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js') as new (options: Record<string, unknown>) => Queue;
const silent = { debug() {}, info() {}, warn() {}, error() {} };
const newQueue = () => new RequestQueue({ maxInFlightRequests: null, requestTimeout: 30_000, enforceRequestTimeout: false, clientId: 'test', broker: 'localhost:9092', logger: silent });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How often kafkajs checks an idle queue within `ms` after one check (an answered request checks once). */
async function checksWhileIdle(ms: number): Promise<number> {
  const queue = newQueue();
  let checks = 0;
  const check = queue.checkPendingRequests.bind(queue);
  queue.checkPendingRequests = () => {
    checks += 1;
    check();
  };
  try {
    queue.checkPendingRequests();
    await sleep(ms);
    return checks;
  } finally {
    queue.destroy();
  }
}

test('an idle kafkajs connection stops checking its queue after the one check', async () => {
  assert.equal(quietIdleKafkaConnections(), true);
  assert.equal(quietIdleKafkaConnections(), true, 'applying twice changes nothing');
  // Unfixed, kafkajs re-arms a 1 ms timer after every check: dozens of checks in 100 ms.
  assert.equal(await checksWhileIdle(100), 1);
});

test('a request pushed while throttled is still sent when the throttle ends', async () => {
  quietIdleKafkaConnections();
  const queue = newQueue();
  let sent = 0;
  try {
    queue.throttledUntil = Date.now() + 30;
    queue.push({ entry: { correlationId: 1, apiKey: 3, apiName: 'Metadata', apiVersion: 1, resolve() {}, reject() {} }, expectResponse: false, sendRequest: () => (sent += 1) });
    assert.equal(sent, 0, 'held back while throttled');
    assert.equal(queue.pending.length, 1);
    await sleep(120);
    assert.equal(sent, 1);
    assert.equal(queue.pending.length, 0);
    assert.equal(queue.throttleCheckTimeoutId, null, 'and no timer is left armed afterwards');
  } finally {
    queue.destroy();
  }
});
