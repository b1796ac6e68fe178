/** One sailor's entry: the name comes from the current ranking, else from the editions she was ranked in. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RankingList } from '../domain/rankings/lists.js';
import { sailorEntryView } from './rankings.views.js';

const list = { id: 'list', name: 'ILCA 7 ranking' } as RankingList;
const at = new Date('2026-06-01T00:00:00Z');
const line = (edition: number, rank: number | null, sailorName: string | null) => ({ edition, publishedAt: at, asOf: at, rank, points: rank === null ? null : 100, sailors: 3, sailorName });

test('a sailor ranked only in earlier editions keeps the name those editions stored (the latest)', () => {
  const view = sailorEntryView(list, at, 'ann', null, [line(1, 2, 'Ann Old'), line(2, 1, 'Ann Hansen'), line(3, null, null)]);
  assert.deepEqual(view.sailor, { id: 'ann', name: 'Ann Hansen' });
  assert.deepEqual(view.history.map((h) => [h.edition, h.rank]), [[1, 2], [2, 1], [3, null]]);
  assert.equal('sailorName' in view.history[0]!, false);
  assert.deepEqual(sailorEntryView(list, at, 'bob', null, [line(1, null, null)]).sailor, { id: 'bob', name: null });
});
