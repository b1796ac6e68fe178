import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Schemas } from '@regatta/client';
import { regattaListQuery, shownOnTab, tabOf } from './list';

const event = (slug: string, status: Schemas['EventStatus']): Schemas['EventSummary'] => ({
  id: slug, slug, name: slug, status, startDate: '2027-06-14T00:00:00Z', endDate: '2027-06-16T00:00:00Z', organization: { id: 'o', slug: 'o', name: 'O' },
});

test('each tab asks the API for its regattas; all is the default and asks for every status', () => {
  assert.deepEqual(regattaListQuery('all', '', 0), { limit: 100, offset: 0 });
  assert.equal(tabOf(null), 'all');
  assert.equal(tabOf('nonsense'), 'all');
  assert.equal(tabOf('past'), 'past');
  assert.deepEqual(regattaListQuery('drafts', '', 0), { limit: 100, offset: 0, status: 'draft' });
  assert.deepEqual(regattaListQuery('upcoming', 'kiel', 100), { limit: 100, offset: 100, q: 'kiel', when: 'upcoming' });
  assert.deepEqual(regattaListQuery('past', '', 0), { limit: 100, offset: 0, when: 'past' });
});

test('upcoming and past leave drafts to their own tab; cancelled ones stay where their dates put them', () => {
  const page = [event('a', 'draft'), event('b', 'published'), event('c', 'cancelled'), event('d', 'ongoing')];
  assert.deepEqual(shownOnTab('upcoming', page).map((e) => e.slug), ['b', 'c', 'd']);
  assert.deepEqual(shownOnTab('past', page).map((e) => e.slug), ['b', 'c', 'd']);
  assert.deepEqual(shownOnTab('drafts', page).map((e) => e.slug), ['a']);
  assert.deepEqual(shownOnTab('all', page).map((e) => e.slug), ['a', 'b', 'c', 'd']);
});
