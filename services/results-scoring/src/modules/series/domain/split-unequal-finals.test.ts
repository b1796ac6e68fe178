/**
 * Unequal final fleets after a redress promotion (split series), scored: the code base of a final race is
 * the boat's own final fleet as it was dealt after the moves, + 1 (docs/scoring.md, "Final: … Code
 * base: own fleet + 1"), not the block size the by-rank cut planned, nor the largest fleet, nor the
 * qualifying base. Every number below is worked by hand.
 *
 * Seven boats (entry order y1 y2 y3 y4 b1 b2 b3), qualifying fleets Y (4 boats) and B (3 boats), no
 * discards, carry continuous. Qualifying code base = largest fleet of the round + 1 = 4 + 1 = 5.
 *   Q1  Y: y1 1, y2 2, y3 3, y4 4          B: b1 1, b2 2, b3 3
 *   Q2  Y: y1 1, y3 2, y2 3, y4 4          B: b2 1, b1 2, b3 DNF 5
 *   nets: y1 1+1 = 2; b1 1+2 = 3; b2 2+1 = 3; y2 2+3 = 5; y3 3+2 = 5; y4 4+4 = 8; b3 3+5 = 8
 *   ties: b1 / b2 both [1, 2] best to worst (A8.1 equal), last race b2 1 < b1 2 (A8.2) → b2 first;
 *         y2 / y3 both [2, 3], last race y3 2 < y2 3 → y3 first;
 *         b3 [3, 5] / y4 [4, 4]: A8.1 first difference 3 < 4 → b3 first.
 *   ranking: y1, b2, b1, y3, y2, b3, y4
 * Split by rank into Gold / Silver: 7 boats → blocks of 4 and 3 (the earlier block takes the odd boat):
 *   Gold y1 b2 b1 y3, Silver y2 b3 y4. Redress promotes y2 to Gold: Gold 5 boats (y1 b2 b1 y3 y2),
 *   Silver 2 boats (b3 y4). Code bases: Gold 5 + 1 = 6, Silver 2 + 1 = 3 (the planned blocks would
 *   have given 5 and 4).
 *   F1  Gold: y2 1, y1 2, b1 3, y3 4, b2 DNF 6        Silver: y4 1, b3 DNF 3
 *   F2  Gold: y3 1, y1 2, y2 3, b2 4, b1 absent DNC 6  Silver: y4 1, b3 DNC 3
 * Totals (continuous: one line Q1 Q2 F1 F2, no discards, net = total):
 *   Gold   y1 1+1+2+2 = 6; y2 2+3+1+3 = 9; y3 3+2+4+1 = 10; b1 1+2+3+6 = 12; b2 2+1+6+4 = 13
 *   Silver y4 4+4+1+1 = 10; b3 3+5+3+3 = 14
 * Ranking: Gold before Silver whatever the points (y4's 10 is below b2's 13): y1 1, y2 2, y3 3, b1 4,
 * b2 5, y4 6, b3 7.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assignFleets } from './split-assign.js';
import { scoreSplit, type SplitRaceResults, type SplitResultRow } from './split-scoring.js';
import type { SplitSeriesDefinition } from './split-series-setup.js';

const definition: SplitSeriesDefinition = { qualifyingFleets: ['Y', 'B'], finalFleets: ['Gold', 'Silver'], carry: 'continuous', discardThresholds: [], maxFinalDiscards: null, medal: null };
const boats = ['y1', 'y2', 'y3', 'y4', 'b1', 'b2', 'b3'];
const qualifying = { Y: ['y1', 'y2', 'y3', 'y4'], B: ['b1', 'b2', 'b3'] };

/** "id" finishes in the order given; "id CODE" is scored by the code (no finish). A boat not listed is DNC. */
function race(stage: SplitRaceResults['stage'], fleetId: string, number: number, order: string[]): SplitRaceResults {
  let place = 0;
  const rows: SplitResultRow[] = order.map((token) => {
    const [boatId, code] = token.split(' ');
    return { boatId: boatId!, position: code ? null : ++place, code: code ?? null, penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null };
  });
  return { stage, fleetId, number, rows };
}

const qualifyingRaces = [
  race('qualifying', 'Y', 1, ['y1', 'y2', 'y3', 'y4']),
  race('qualifying', 'B', 1, ['b1', 'b2', 'b3']),
  race('qualifying', 'Y', 2, ['y1', 'y3', 'y2', 'y4']),
  race('qualifying', 'B', 2, ['b2', 'b1', 'b3 DNF']),
];

test('qualifying: the ranking the split is dealt from (code base 5, A8.1 and A8.2 ties)', () => {
  const { result } = scoreSplit({ definition, boats, qualifying, final: null, medal: null, races: qualifyingRaces });
  assert.deepEqual(
    result.standings.map((s) => [s.boatId, s.net]),
    [['y1', 2], ['b2', 3], ['b1', 3], ['y3', 5], ['y2', 5], ['b3', 8], ['y4', 8]],
  );
  const b3 = result.standings.find((s) => s.boatId === 'b3')!;
  assert.deepEqual(b3.cells.map((c) => [c.n, c.points, c.code]), [[1, 3, null], [2, 5, 'DNF']]);
});

test('after a redress promotion the final fleets are 5 and 2: DNF and DNC in the smaller fleet score its own size + 1 = 3', () => {
  const ranking = ['y1', 'b2', 'b1', 'y3', 'y2', 'b3', 'y4'];
  assert.deepEqual(assignFleets(ranking, ['Gold', 'Silver'], 'by_rank', []), { Gold: ['y1', 'b2', 'b1', 'y3'], Silver: ['y2', 'b3', 'y4'] });
  const final = assignFleets(ranking, ['Gold', 'Silver'], 'by_rank', [{ boat: 'y2', fleet: 'Gold' }]);
  assert.deepEqual(final, { Gold: ['y1', 'b2', 'b1', 'y3', 'y2'], Silver: ['b3', 'y4'] });

  const races = [
    ...qualifyingRaces,
    race('final', 'Gold', 1, ['y2', 'y1', 'b1', 'y3', 'b2 DNF']),
    race('final', 'Silver', 1, ['y4', 'b3 DNF']),
    race('final', 'Gold', 2, ['y3', 'y1', 'y2', 'b2']),
    race('final', 'Silver', 2, ['y4', 'b3 DNC']),
  ];
  const { result } = scoreSplit({ definition, boats, qualifying, final, medal: null, races });
  const cells = (id: string) => result.standings.find((s) => s.boatId === id)!.cells.filter((c) => c.stage === 'final').map((c) => [c.n, c.points, c.code]);
  // Silver (2 boats): DNF and DNC at 2 + 1 = 3, not the planned block's 4, nor Gold's 6, nor 7 boats + 1.
  assert.deepEqual(cells('b3'), [[1, 3, 'DNF'], [2, 3, 'DNC']]);
  assert.deepEqual(cells('y4'), [[1, 1, null], [2, 1, null]]);
  // Gold (5 boats): DNF and a boat absent from the sheet (DNC) at 5 + 1 = 6.
  assert.deepEqual(cells('b2'), [[1, 6, 'DNF'], [2, 4, null]]);
  assert.deepEqual(cells('b1'), [[1, 3, null], [2, 6, 'DNC']]);
  assert.deepEqual(
    result.standings.map((s) => [s.boatId, s.rank, s.total, s.net, s.finalFleet]),
    [
      ['y1', 1, 6, 6, 'Gold'],
      ['y2', 2, 9, 9, 'Gold'],
      ['y3', 3, 10, 10, 'Gold'],
      ['b1', 4, 12, 12, 'Gold'],
      ['b2', 5, 13, 13, 'Gold'],
      ['y4', 6, 10, 10, 'Silver'],
      ['b3', 7, 14, 14, 'Silver'],
    ],
  );
});
