/**
 * Hourly per-key limits with a small configured default (RATE_LIMIT_DEFAULT=5) on a stack of its own
 * (identity + gateway, slot 10 + STACK_SLOT), plus extra gateway processes: two gateways share one
 * count through Redis; a gateway whose Redis is unreachable falls back to its in-process insurance
 * limiter; revocation and logout announced by identity reach every gateway's cache at once; a
 * committee device's token has an hourly limit of its own (DEVICE_RATE_LIMIT_PER_HOUR=3).
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ApiClient, createApiKey, repoRoot, signUp, startStack, uniqueSuffix, waitForHttp, type ApiResponse, type RunningStack } from '@regatta/testing';

const LIMIT = 5;
const DEVICE_LIMIT = 3;
const slot = 10 + Number(process.env['STACK_SLOT'] ?? 0);
let stack: RunningStack;
let gateway1: ApiClient;
let gateway2: ApiClient;
let deadRedisGateway: ApiClient;
const children: ChildProcess[] = [];

async function startGateway(port: number, env: Record<string, string> = {}): Promise<ApiClient> {
  const child = spawn(process.execPath, [join(repoRoot, 'gateway/dist/main.js')], {
    cwd: join(repoRoot, 'gateway'),
    env: { ...process.env, ...stack.env, PORT: String(port), ...env },
    stdio: 'ignore',
  });
  children.push(child);
  await waitForHttp(`http://127.0.0.1:${port}/health/live`);
  return new ApiClient(`http://127.0.0.1:${port}`);
}

before(async () => {
  stack = await startStack({ slot, only: ['identity', 'gateway'], env: { RATE_LIMIT_DEFAULT: String(LIMIT), DEVICE_RATE_LIMIT_PER_HOUR: String(DEVICE_LIMIT), LOG_LEVEL: 'warn' } });
  gateway1 = new ApiClient(stack.gatewayUrl);
  const port = Number(new URL(stack.gatewayUrl).port);
  gateway2 = await startGateway(port + 1);
  deadRedisGateway = await startGateway(port + 2, { REDIS_URL: 'redis://127.0.0.1:1/0' });
});

after(async () => {
  for (const child of children) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  await stack?.stop();
});

const probe = (client: ApiClient, key: string) => client.get(`/api/v1/organizations/none-${uniqueSuffix()}/members`, { key });
const counters = (response: ApiResponse) => ({
  status: response.status,
  limit: response.headers.get('ratelimit-limit'),
  remaining: response.headers.get('ratelimit-remaining'),
});

async function freshKey(): Promise<{ key: string; keyId: string; cookie: string }> {
  const user = await signUp(gateway1);
  return { ...(await createApiKey(gateway1, user.cookie)), cookie: user.cookie };
}

describe('per-key hourly limit', () => {
  test('new keys get the configured default limit', async () => {
    const { cookie } = await freshKey();
    const list = await gateway1.get('/api/v1/keys', { cookie });
    assert.equal(list.body.data[0].rateLimit, LIMIT);
  });

  test('exactly the limit succeeds, with headers counting down; then 429 with Retry-After', async () => {
    const { key } = await freshKey();
    const seen = [];
    for (let i = 0; i < LIMIT; i += 1) seen.push(counters(await probe(gateway1, key)));
    assert.deepEqual(seen, [4, 3, 2, 1, 0].map((remaining) => ({ status: 404, limit: '5', remaining: String(remaining) })));
    const over = await probe(gateway1, key);
    assert.equal(over.status, 429);
    assert.equal(over.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.equal(over.body.code, 'rate_limit_exceeded');
    assert.equal(over.headers.get('ratelimit-remaining'), '0');
    const retryAfter = Number(over.headers.get('retry-after'));
    const reset = Number(over.headers.get('ratelimit-reset'));
    assert.ok(retryAfter > 3_580 && retryAfter <= 3_600, `Retry-After ${retryAfter}`);
    assert.ok(Math.abs(retryAfter - reset) <= 1, `Retry-After ${retryAfter} vs RateLimit-Reset ${reset}`);
    assert.equal((await probe(gateway1, key)).status, 429, 'still limited');
    // Another key of the same user has its own count.
    const other = await freshKey();
    assert.deepEqual(counters(await probe(gateway1, other.key)), { status: 404, limit: '5', remaining: '4' });
  });

  test('two gateway processes share one count', async () => {
    const { key } = await freshKey();
    const remaining = [];
    for (const client of [gateway1, gateway2, gateway1, gateway2, gateway2]) remaining.push(counters(await probe(client, key)).remaining);
    assert.deepEqual(remaining, ['4', '3', '2', '1', '0']);
    assert.equal((await probe(gateway1, key)).status, 429);
    assert.equal((await probe(gateway2, key)).status, 429);
  });

  test('with Redis unreachable a gateway limits keys with its in-process insurance limiter', async () => {
    const ready = await fetch(new URL('/health/ready', deadRedisGateway.baseUrl));
    assert.equal(ready.status, 503, 'readiness reports Redis');
    const { key } = await freshKey();
    const seen = [];
    for (let i = 0; i < LIMIT; i += 1) seen.push(counters(await probe(deadRedisGateway, key)));
    assert.deepEqual(seen, [4, 3, 2, 1, 0].map((remaining) => ({ status: 404, limit: '5', remaining: String(remaining) })));
    const over = await probe(deadRedisGateway, key);
    assert.equal(over.status, 429);
    assert.ok(Number(over.headers.get('retry-after')) > 3_580);
    // Those requests were counted in memory, not in Redis: the healthy gateways still see a fresh key.
    assert.equal(counters(await probe(gateway1, key)).remaining, '4');
  });
});

describe('per-device hourly limit', () => {
  test('a committee device token gets its requests per hour, shared by the gateways, then 429', async () => {
    const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    const token = `rgd_${Array.from({ length: 40 }, () => BASE58[Math.floor(Math.random() * BASE58.length)]).join('')}`;
    // race-capture is not part of this stack: counted requests are proxied and answered 503.
    const record = (client: ApiClient) =>
      client.post(`/api/v1/events/none-${uniqueSuffix()}/capture/finishes`, { clientId: '00000000-0000-4000-8000-000000000000' }, { key: token, contract: false });
    const seen = [];
    for (const client of [gateway1, gateway2, gateway1]) seen.push(counters(await record(client)));
    assert.deepEqual(
      seen.map(({ limit, remaining }) => ({ limit, remaining })),
      ['2', '1', '0'].map((remaining) => ({ limit: String(DEVICE_LIMIT), remaining })),
    );
    assert.ok(seen.every(({ status }) => status !== 429));
    for (const client of [gateway2, gateway1]) {
      const over = await record(client);
      assert.equal(over.status, 429);
      assert.equal(over.body.code, 'rate_limit_exceeded');
      assert.ok(Number(over.headers.get('retry-after')) > 3_580);
    }
  });
});

describe('invalidation across gateways', () => {
  test('a key revoked through one gateway is refused by the other on its very next request', async () => {
    const { key, keyId, cookie } = await freshKey();
    assert.equal((await probe(gateway2, key)).status, 404, 'cached by gateway 2');
    assert.equal((await gateway1.delete('/api/v1/keys', { cookie, query: { id: keyId } })).status, 200);
    const refused = await probe(gateway2, key);
    assert.equal(refused.status, 401);
  });

  test('a logout through one gateway ends the session on the other at once', async () => {
    const user = await signUp(gateway1);
    assert.equal((await gateway2.get('/api/v1/auth/session', { cookie: user.cookie })).status, 200);
    assert.equal((await gateway1.post('/api/v1/auth/logout', undefined, { cookie: user.cookie })).status, 204);
    assert.equal((await gateway2.get('/api/v1/auth/session', { cookie: user.cookie })).status, 401);
  });
});
