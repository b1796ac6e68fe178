import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EdgeRevalidation, edgeKey, edgeScopeOf } from './edge-revalidation.js';

const answer = (etag: string, view = 'event-1', scope: string | undefined = '/api/v1/events/cup') => ({ etag, view, scope, cacheControl: 'private, no-cache', vary: 'Accept, Accept-Encoding' });
const key = edgeKey('/api/v1/events/cup/standings?fleet=ilca-7', undefined);

test('nothing is learned or answered before the change feed is subscribed', () => {
  const edge = new EdgeRevalidation();
  assert.equal(edge.learn(key, edge.ticket(), answer('"v1"')), false);
  edge.start();
  assert.equal(edge.revalidate(key, '"v1"'), undefined);
});

test('a learned tag answers the same tag, and only that tag', () => {
  const edge = new EdgeRevalidation();
  edge.start();
  assert.equal(edge.learn(key, edge.ticket(), answer('"v1"')), true);
  assert.equal(edge.revalidate(key, '"v1"')?.etag, '"v1"');
  assert.equal(edge.revalidate(key, 'W/"v1"')?.etag, '"v1"', 'a weak comparison, as If-None-Match uses');
  assert.equal(edge.revalidate(key, '"v0"'), undefined);
  assert.equal(edge.revalidate(key, undefined), undefined);
  assert.equal(edge.revalidate(edgeKey('/api/v1/events/cup/standings?fleet=ilca-7', 'text/csv'), '"v1"'), undefined, 'another Accept is another answer');
  assert.equal(edge.revalidate(edgeKey('/api/v1/events/cup/standings?fleet=ilca-6', undefined), '"v1"'), undefined);
});

test('a change notification forgets every answer of its view and no other', () => {
  const edge = new EdgeRevalidation();
  edge.start();
  const results = edgeKey('/api/v1/events/cup/results', undefined);
  const other = edgeKey('/api/v1/events/bay/results', undefined);
  edge.learn(key, edge.ticket(), answer('"v1"'));
  edge.learn(results, edge.ticket(), answer('"r1"'));
  edge.learn(other, edge.ticket(), answer('"b1"', 'event-2'));
  edge.changed('event-1');
  assert.equal(edge.revalidate(key, '"v1"'), undefined);
  assert.equal(edge.revalidate(results, '"r1"'), undefined);
  assert.equal(edge.revalidate(other, '"b1"')?.etag, '"b1"');
});

test('an answer that left before a change but arrives after its notification is not learned', () => {
  const edge = new EdgeRevalidation({ settleMs: 0 });
  edge.start();
  // A request proxied before the change; the view changes (first notification); the old answer arrives.
  const ticket = edge.ticket();
  edge.changed('event-1');
  assert.equal(edge.learn(key, ticket, answer('"v1"')), false);
  assert.equal(edge.revalidate(key, '"v1"'), undefined);
  // A request proxied after the notification learns the new tag.
  assert.equal(edge.learn(key, edge.ticket(), answer('"v2"')), true);
  // A change of another view in between does not stop it.
  const later = edge.ticket();
  edge.changed('event-2');
  assert.equal(edge.learn(key, later, answer('"v2"')), true);
});

test('a learned tag is trusted for ttlMs: 10,000 ms yes, 10,001 ms no', () => {
  let now = 1_000_000;
  const edge = new EdgeRevalidation({ ttlMs: 10_000, now: () => now });
  edge.start();
  edge.learn(key, edge.ticket(), answer('"v1"'));
  now += 10_000;
  assert.equal(edge.revalidate(key, '"v1"')?.etag, '"v1"');
  now += 1;
  assert.equal(edge.revalidate(key, '"v1"'), undefined);
});

test('the feed stopping forgets everything, and requests proxied before it learn nothing', () => {
  const edge = new EdgeRevalidation();
  edge.start();
  edge.learn(key, edge.ticket(), answer('"v1"'));
  const inFlight = edge.ticket();
  edge.stop();
  edge.start();
  assert.equal(edge.revalidate(key, '"v1"'), undefined);
  assert.equal(edge.learn(key, inFlight, answer('"v1"')), false);
  assert.equal(edge.learn(key, edge.ticket(), answer('"v1"')), true);
});

test('at most maxEntries answers are kept, the oldest forgotten first', () => {
  const edge = new EdgeRevalidation({ maxEntries: 2 });
  edge.start();
  for (const n of [1, 2, 3]) edge.learn(edgeKey(`/api/v1/events/e${n}/results`, undefined), edge.ticket(), answer(`"${n}"`, `event-${n}`));
  assert.equal(edge.size, 2);
  assert.equal(edge.revalidate(edgeKey('/api/v1/events/e1/results', undefined), '"1"'), undefined);
  assert.equal(edge.revalidate(edgeKey('/api/v1/events/e3/results', undefined), '"3"')?.etag, '"3"');
});

test('a change made through this gateway forgets the answers under its regatta at once', () => {
  assert.equal(edgeScopeOf('/api/v1/events/Cup/races/r1/results'), '/api/v1/events/cup');
  assert.equal(edgeScopeOf('/api/v1/events/cup?fields=name'), '/api/v1/events/cup');
  assert.equal(edgeScopeOf('/api/v1/events'), undefined);
  assert.equal(edgeScopeOf('/api/v1/series/winter/standings'), undefined);
  const edge = new EdgeRevalidation();
  edge.start();
  const other = edgeKey('/api/v1/events/bay/results', undefined);
  edge.learn(key, edge.ticket(), answer('"v1"'));
  edge.learn(other, edge.ticket(), answer('"b1"', 'event-2', '/api/v1/events/bay'));
  const inFlight = edge.ticket();
  edge.changedUnder('/api/v1/events/cup');
  assert.equal(edge.revalidate(key, '"v1"'), undefined);
  assert.equal(edge.revalidate(other, '"b1"')?.etag, '"b1"');
  assert.equal(edge.learn(key, inFlight, answer('"v1"')), false, 'an answer read before the write is not learned after it');
});

test('nothing of a view is learned for settleMs after its change notification: 999 ms no, 1,000 ms yes', () => {
  let now = 5_000_000;
  const edge = new EdgeRevalidation({ settleMs: 1_000, now: () => now });
  edge.start();
  edge.changed('event-1');
  now += 999;
  assert.equal(edge.learn(key, edge.ticket(), answer('"v2"')), false, 'a projection may not have caught up yet');
  now += 1;
  assert.equal(edge.learn(key, edge.ticket(), answer('"v2"')), true);
});
