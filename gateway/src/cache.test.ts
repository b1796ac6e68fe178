import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TaggedCache } from './cache.js';

test('entries expire after their TTL and are dropped by any of their tags', () => {
  let now = 1_000;
  const cache = new TaggedCache<string>(10, () => now);
  cache.set('k:hash-a', 'alice key', 30_000, ['key:a', 'user:alice']);
  cache.set('s:session-1', 'alice session', 30_000, ['session:1', 'user:alice']);
  cache.set('k:hash-b', 'bob key', 30_000, ['key:b', 'user:bob']);
  assert.equal(cache.get('k:hash-a'), 'alice key');
  assert.equal(cache.invalidate('user:alice'), 2);
  assert.equal(cache.get('k:hash-a'), undefined);
  assert.equal(cache.get('s:session-1'), undefined);
  assert.equal(cache.get('k:hash-b'), 'bob key');
  now += 29_999;
  assert.equal(cache.get('k:hash-b'), 'bob key');
  now += 1;
  assert.equal(cache.get('k:hash-b'), undefined, 'expired at exactly 30 s');
  assert.equal(cache.size, 0);
});

test('the cache stays bounded by evicting the oldest entries', () => {
  const cache = new TaggedCache<number>(3);
  for (let i = 1; i <= 5; i += 1) cache.set(`k${i}`, i, 60_000, [`tag${i}`]);
  assert.equal(cache.size, 3);
  assert.deepEqual([cache.get('k1'), cache.get('k2'), cache.get('k3'), cache.get('k5')], [undefined, undefined, 3, 5]);
  assert.equal(cache.invalidate('tag1'), 0, 'evicted entries leave no tag behind');
});
