import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markDiscards, rankRows, type RankRow } from './series-ranking.js';
import { rankItems, selectDiscards } from './series-scoring.js';
import { fromMilli, toMilli } from './numbers.js';

// scoreSeries' discards and ranking work on thousandths in typed arrays; the public helpers
// (selectDiscards, rankItems) work on points. On the same scores both must choose the same.

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296;
  };
}

test('markDiscards picks what selectDiscards picks (few and many discards, discard-first races, both directions)', () => {
  const rand = rng(7);
  for (let round = 0; round < 2000; round++) {
    const R = 1 + Math.floor(rand() * 20);
    const points = Array.from({ length: R }, () => Math.floor(rand() * 8) / 2);
    const first = Array.from({ length: R }, () => rand() < 0.15);
    const eligible = Array.from({ length: R }, (_, ri) => ri).filter(() => rand() < 0.85);
    const count = Math.floor(rand() * (R + 2));
    const higherIsBetter = rand() < 0.3;
    const want = selectDiscards(eligible.map((ri) => ({ index: ri, points: points[ri]!, first: first[ri]! })), count, higherIsBetter);

    const at = 3; // a row that does not start at 0
    const milliAt = new Float64Array(at + R);
    points.forEach((p, ri) => (milliAt[at + ri] = toMilli(p)));
    const droppedAt = new Uint8Array(at + R);
    markDiscards(Int32Array.from(eligible), eligible.length, Uint8Array.from(first, (f) => (f ? 1 : 0)), count, higherIsBetter, milliAt, droppedAt, at);
    const got = new Set(eligible.filter((ri) => droppedAt[at + ri] === 1));
    assert.deepEqual([...got].sort((a, b) => a - b), [...want].sort((a, b) => a - b), `round ${round}`);
  }
});

test('rankRows orders and ranks as rankItems (net, then A8.1, then A8.2; shared ranks)', () => {
  const rand = rng(11);
  for (let round = 0; round < 300; round++) {
    const B = 1 + Math.floor(rand() * 12);
    const R = 1 + Math.floor(rand() * 6);
    const higherIsBetter = rand() < 0.3;
    const counted = Int32Array.from(Array.from({ length: R }, (_, ri) => ri).filter(() => rand() < 0.9));
    const milliAt = new Float64Array(B * R);
    const droppedAt = new Uint8Array(B * R);
    const items = [];
    const rows: RankRow[] = [];
    for (let bi = 0; bi < B; bi++) {
      let net = 0;
      const kept: number[] = [];
      const all: number[] = [];
      for (const ri of counted) {
        // Few distinct scores, so nets and tie-breaks often meet.
        const p = 1 + Math.floor(rand() * 3);
        const dropped = rand() < 0.2;
        milliAt[bi * R + ri] = toMilli(p);
        droppedAt[bi * R + ri] = dropped ? 1 : 0;
        all.push(p);
        if (!dropped) {
          kept.push(p);
          net += toMilli(p);
        }
      }
      items.push({ id: bi, net: fromMilli(net), kept, all });
      rows.push({ boatId: String(bi), at: bi * R, totalMilli: 0, netMilli: net, keptBestFirst: null, cells: [] });
    }
    const want = rankItems(items, higherIsBetter).map(({ item, rank }) => [String(item.id), rank]);
    const got = rankRows(rows, { milliAt, droppedAt, counted }, higherIsBetter).map(({ row, rank }) => [row.boatId, rank]);
    assert.deepEqual(got, want, `round ${round}`);
  }
});
