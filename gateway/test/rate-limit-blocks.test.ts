/**
 * The hourly limit counted in blocks, against the real Redis (REDIS_URL) with two limiters standing
 * for two gateway replicas (each its own connections, one key prefix and announcement channel):
 * a steady key costs a Redis round trip per block, not per request; the headers count down exactly;
 * racing for a key's last requests, the first request over the limit is refused whichever replica
 * it reaches; committee devices are limited per device token the same way.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { after, test } from 'node:test';
import { Redis } from 'ioredis';
import { HttpProblem } from '@regatta/http';
import { createLogger } from '@regatta/logging';
import type { Principal } from '../src/auth.js';
import { NEAR_LIMIT, RedisKeyRateLimiter } from '../src/rate-limit.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:56379/0';
const logger = createLogger({ service: 'rate-limit-blocks-test', version: 'test', level: 'warn' });
const prefix = `test:key-hour:${randomUUID()}`;
const channel = `${prefix}:near`;
const connections: Redis[] = [];
const limiters: RedisKeyRateLimiter[] = [];

function connect(): Redis {
  const redis = new Redis(REDIS_URL, { enableOfflineQueue: true, maxRetriesPerRequest: 1 });
  connections.push(redis);
  return redis;
}

/** Counts sent per connection: INCR and INCRBY commands (a count in Redis). */
const counts = new Map<RedisKeyRateLimiter, { commands: number }>();

/** A gateway replica's limiter, ready once its announcement subscription is. */
async function replica(deviceLimit = 3): Promise<RedisKeyRateLimiter> {
  const redis = connect();
  const sent = { commands: 0 };
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    if (command.name === 'incr' || command.name === 'incrby') sent.commands += 1;
    return (send as (...args: unknown[]) => unknown)(command, ...rest);
  }) as typeof redis.sendCommand;
  const subscriber = connect();
  await Promise.all([redis, subscriber].map((connection) => new Promise((resolve) => connection.once('ready', resolve))));
  const limiter = new RedisKeyRateLimiter({ redis, keyPrefix: prefix, windowSeconds: 3600, logger, deviceLimit, subscriber, channel });
  await subscriber.subscribe(channel);
  limiters.push(limiter);
  counts.set(limiter, sent);
  return limiter;
}

after(async () => {
  for (const limiter of limiters) await limiter.close();
  const cleanup = connect();
  const keys = await cleanup.keys(`${prefix}:*`);
  if (keys.length > 0) await cleanup.del(...keys);
  for (const connection of connections) connection.disconnect();
});

/** What the door does: the in-process grant first, else a count in Redis. Tells which it was. */
async function request(limiter: RedisKeyRateLimiter, principal: Principal): Promise<{ status: number; remaining?: string; redisTrip: boolean }> {
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) } as unknown as ServerResponse;
  if (limiter.consumeNow(principal, res)) return { status: 200, remaining: headers.get('ratelimit-remaining')!, redisTrip: false };
  try {
    await limiter.consume(principal, res);
    return { status: 200, remaining: headers.get('ratelimit-remaining')!, redisTrip: true };
  } catch (error) {
    if (error instanceof HttpProblem) return { status: error.status, redisTrip: true };
    throw error;
  }
}

const keyPrincipal = (rateLimit: number): Principal => ({ via: 'key', keyId: randomUUID(), userId: randomUUID(), rateLimit, scopes: ['read'], roles: {} });

test('a steady key is counted in blocks: exact countdown, a Redis round trip per block, refused over the limit', async () => {
  const limiter = await replica();
  const limit = 1000;
  const principal = keyPrincipal(limit);
  const seen = [];
  for (let i = 0; i < limit; i += 1) seen.push(await request(limiter, principal));
  assert.deepEqual(
    seen.map((answer) => answer.remaining),
    Array.from({ length: limit }, (_, i) => String(limit - 1 - i)),
  );
  const trips = seen.filter((answer) => answer.redisTrip).length;
  // Blocks of up to 64 far from the limit, one by one in the last NEAR_LIMIT (128) points.
  assert.ok(trips < NEAR_LIMIT + 60, `${trips} Redis round trips for ${limit} requests`);
  assert.ok(trips > NEAR_LIMIT - 1, `${trips}: one by one near the limit`);
  assert.equal((await request(limiter, principal)).status, 429);
  const counted = Number(await connections[0]!.get(`${prefix}:${principal.keyId}`));
  assert.equal(counted, limit + 1, 'Redis holds every request, the refused one too, and nothing reserved');
});

test('concurrent requests share one block reservation: every point granted, none left unused in Redis', async () => {
  const limiter = await replica();
  const limit = 2000;
  const principal = keyPrincipal(limit);
  const answers = [];
  // Sixteen at a time, as sixteen keep-alive connections send them.
  while (answers.length < limit + 16) answers.push(...(await Promise.all(Array.from({ length: 16 }, () => request(limiter, principal)))));
  const granted = answers.filter((answer) => answer.status === 200).length;
  assert.equal(granted, limit, 'exactly the limit granted');
  assert.equal(answers.length - granted, 16, 'the rest refused');
  const sent = counts.get(limiter)!.commands;
  // Blocks of up to 64 far from the limit, one by one in its last NEAR_LIMIT points, and the refusals.
  assert.ok(sent < NEAR_LIMIT + 16 + 80, `${sent} counts sent to Redis for ${answers.length} requests`);
  const counted = Number(await connections[0]!.get(`${prefix}:${principal.keyId}`));
  assert.equal(counted, limit + 16, 'Redis holds every request and no reserved point left unused');
});

test('two replicas racing for the last requests: the first request over the limit is refused whichever replica it reaches', async () => {
  const [a, b] = [await replica(), await replica()];
  const limit = 600;
  const principal = keyPrincipal(limit);
  // Replica b reserves a block of the key and goes quiet; a alone takes the key near its limit.
  for (let i = 0; i < 2; i += 1) assert.equal((await request(b, principal)).status, 200);
  let granted = 2;
  while (granted < limit - 10) {
    assert.equal((await request(a, principal)).status, 200);
    granted += 1;
  }
  // The race for the last ten: turns alternate between the replicas up to the limit and past it.
  const answers = [];
  for (let turn = 0; granted + answers.length < limit + 6; turn += 1) answers.push({ replica: turn % 2 ? 'a' : 'b', ...(await request(turn % 2 ? a : b, principal)) });
  const statuses = answers.map((answer) => answer.status);
  const firstRefused = statuses.indexOf(429);
  assert.equal(granted + firstRefused, limit, `the first refusal is request ${granted + firstRefused + 1} of a limit of ${limit}`);
  assert.deepEqual(statuses.slice(firstRefused), [429, 429, 429, 429, 429, 429], 'every request over the limit is refused, on both replicas');
  assert.equal(answers[firstRefused - 1]!.remaining, '0');
});

test('a committee device is limited per device token with the device limit', async () => {
  const limiter = await replica(3);
  const device: Principal = { via: 'device', deviceTokenHash: randomUUID().replaceAll('-', ''), scopes: ['read', 'results'], roles: {} };
  const other: Principal = { ...device, deviceTokenHash: randomUUID().replaceAll('-', '') };
  const seen = [];
  for (let i = 0; i < 3; i += 1) seen.push((await request(limiter, device)).remaining);
  assert.deepEqual(seen, ['2', '1', '0']);
  const headers = new Map<string, string>();
  const res = { setHeader: (name: string, value: string) => headers.set(name, value) } as unknown as ServerResponse;
  await assert.rejects(limiter.consume(device, res), (error: HttpProblem) => {
    assert.equal(error.status, 429);
    assert.equal(error.code, 'rate_limit_exceeded');
    assert.match(error.message, /committee device used its 3 requests/);
    return true;
  });
  assert.equal((await request(limiter, other)).remaining, '2', 'another device has its own count');
});
