import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Redis } from 'ioredis';
import { IncrBatcher } from './incr-batcher.js';

/** A Redis stand-in that counts in memory and records how the commands were sent. */
function fakeRedis(options: { failPipeline?: boolean } = {}) {
  const counts = new Map<string, number>();
  const sends: string[][] = [];
  let release: (() => void) | undefined;
  const gate = () => new Promise<void>((resolve) => (release = resolve));
  const bump = (key: string) => {
    const next = (counts.get(key) ?? 0) + 1;
    counts.set(key, next);
    return next;
  };
  const redis = {
    async incr(key: string) {
      sends.push([key]);
      await gate();
      return bump(key);
    },
    pipeline() {
      const keys: string[] = [];
      const pipeline = {
        incr(key: string) {
          keys.push(key);
          return pipeline;
        },
        async exec() {
          sends.push(keys);
          await gate();
          if (options.failPipeline) throw new Error('connection lost');
          return keys.map((key) => [null, bump(key)]);
        },
      };
      return pipeline;
    },
  };
  return { redis: redis as unknown as Redis, sends, answer: () => release?.() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('commands that arrive while a batch is in flight leave together, in order, and each gets its own count', async () => {
  const fake = fakeRedis();
  const batcher = new IncrBatcher(fake.redis);
  const first = batcher.incr('k:a');
  await turn();
  assert.deepEqual(fake.sends, [['k:a']], 'a lone command leaves at the end of the turn');
  const waiting = [batcher.incr('k:a'), batcher.incr('k:b'), batcher.incr('k:a')];
  await turn();
  assert.equal(fake.sends.length, 1, 'nothing more leaves while the first batch is in flight');
  fake.answer();
  assert.equal(await first, 1);
  await turn();
  assert.deepEqual(fake.sends[1], ['k:a', 'k:b', 'k:a'], 'the waiting commands leave as one pipeline');
  fake.answer();
  assert.deepEqual(await Promise.all(waiting), [2, 1, 3]);
});

test('a failed batch fails each of its commands and the next batch still leaves', async () => {
  const fake = fakeRedis({ failPipeline: true });
  const batcher = new IncrBatcher(fake.redis);
  const lone = batcher.incr('k:a');
  await turn();
  const pair = [batcher.incr('k:a'), batcher.incr('k:b')].map((promise) => promise.then(() => 'counted', (error: Error) => error.message));
  fake.answer();
  assert.equal(await lone, 1);
  await turn();
  fake.answer();
  assert.deepEqual(await Promise.all(pair), ['connection lost', 'connection lost']);
  const later = batcher.incr('k:c');
  await turn();
  assert.deepEqual(fake.sends.at(-1), ['k:c']);
  fake.answer();
  assert.equal(await later, 1);
});
