import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignByRankPattern, finalBlockSizes, scoreSplitSeries, type SplitSeriesInput } from './split-fleets.js';

test('rank pattern: down the fleet list and back', () => {
  assert.deepEqual(assignByRankPattern(['s1', 's2', 's3', 's4', 's5', 's6'], ['Y', 'B']), { Y: ['s1', 's4', 's5'], B: ['s2', 's3', 's6'] });
  assert.deepEqual(assignByRankPattern(['1', '2', '3', '4', '5', '6'], ['Y', 'B', 'R']), { Y: ['1', '6'], B: ['2', '5'], R: ['3', '4'] });
});

test('final blocks: earlier blocks take the odd boats', () => {
  assert.deepEqual(finalBlockSizes(7, 2), [4, 3]);
  assert.deepEqual(finalBlockSizes(10, 3), [4, 3, 3]);
});

const six = ['y1', 'y2', 'y3', 'b1', 'b2', 'b3'].map((id) => ({ id }));

test('continuous carry: Gold outranks Silver; qualifying DNC = largest fleet + 1', () => {
  const input: SplitSeriesInput = {
    config: { qualifyingFleets: ['Y', 'B'], finalFleets: ['Gold', 'Silver'], carry: 'continuous', discards: { kind: 'none' } },
    boats: six,
    rounds: [
      { stage: 'qualifying', from: 1, fleets: { Y: ['y1', 'y2', 'y3'], B: ['b1', 'b2', 'b3'] }, races: [{ n: 1, sheets: { Y: ['y1', 'y2'], B: ['b1', 'b2', 'b3'] } }] },
      { stage: 'final', from: 1, split: true, races: [{ n: 1, sheets: { Gold: ['b1', 'y1', 'y2'], Silver: ['b2', 'b3', 'y3'] } }] },
    ],
  };
  const out = scoreSplitSeries(input);
  // Qualifying: y1 1, b1 1, y2 2, b2 2, b3 3, y3 DNC 4 → Gold y1, b1, y2 (entry order breaks the 1–1 and 2–2 ties)
  assert.deepEqual(out.rounds[1]!.fleets, { Gold: ['y1', 'b1', 'y2'], Silver: ['b2', 'b3', 'y3'] });
  // Totals: b1 1+1, y1 1+2, y2 2+3 | b2 2+1, b3 3+2, y3 4+3 — b2's 3 sits below Gold's 5
  assert.deepEqual(out.standings.map((s) => [s.boatId, s.rank, s.net]), [['b1', 1, 2], ['y1', 2, 3], ['y2', 3, 5], ['b2', 4, 3], ['b3', 5, 5], ['y3', 6, 7]]);
  // A boat on the wrong fleet's sheet is an input error.
  const bad: SplitSeriesInput = { ...input, rounds: [input.rounds[0]!, { ...input.rounds[1]!, races: [{ n: 1, sheets: { Gold: ['b2'] } }] }] };
  assert.throws(() => scoreSplitSeries(bad));
});

test('medal race: doubled finish points, codes at medal size + 1 not doubled, medal boats ranked first', () => {
  const out = scoreSplitSeries({
    config: { qualifyingFleets: ['Y', 'B'], finalFleets: ['Gold', 'Silver'], carry: 'continuous', discards: { kind: 'none' }, medal: { size: 2, raceCount: 1, multiplier: 2 } },
    boats: six,
    rounds: [
      { stage: 'qualifying', from: 1, fleets: { Y: ['y1', 'y2', 'y3'], B: ['b1', 'b2', 'b3'] }, races: [{ n: 1, sheets: { Y: ['y1', 'y2', 'y3'], B: ['b1', 'b2', 'b3'] } }] },
      { stage: 'final', from: 1, split: true, races: [{ n: 1, sheets: { Gold: ['y1', 'b1', 'y2'], Silver: ['b2', 'y3', 'b3'] } }] },
      { stage: 'medal', from: 1, medalTop: 2, races: [{ n: 1, sheets: { Medal: ['b1', 'y1 BFD'] } }] },
    ],
  });
  const by = Object.fromEntries(out.standings.map((s) => [s.boatId, s]));
  assert.equal(by['b1']!.net, 1 + 2 + 2); // Q 1, F 2, medal 1 × 2
  assert.equal(by['y1']!.net, 1 + 1 + 3); // medal BFD = 2 + 1, not doubled
  assert.deepEqual(out.standings.map((s) => s.boatId).slice(0, 2), ['b1', 'y1']);
});

test('qualifying redress without points stated: A9(a) average of her other races, the others keep their places', () => {
  // y1 scores 1 and 2, then RDG with no points in race 3 where she is listed third: (1 + 2) / 2 = 1.5,
  // total 4.5 (scoring her place in the list gave 3, total 6). y2 and y3 keep 2 and 3 in race 3.
  const sheets = (q1: string[], q2: string[], q3: string[]) => [
    { n: 1, sheets: { Y: q1, B: ['b1', 'b2', 'b3'] } },
    { n: 2, sheets: { Y: q2, B: ['b1', 'b2', 'b3'] } },
    { n: 3, sheets: { Y: q3, B: ['b1', 'b2', 'b3'] } },
  ];
  const input = (redressMethod?: 'races_before'): SplitSeriesInput => ({
    config: { qualifyingFleets: ['Y', 'B'], finalFleets: [], carry: 'continuous', discards: { kind: 'none' }, ...(redressMethod ? { redressMethod } : {}) },
    boats: six,
    rounds: [{ stage: 'qualifying', from: 1, fleets: { Y: ['y1', 'y2', 'y3'], B: ['b1', 'b2', 'b3'] }, races: sheets(['y1', 'y2', 'y3'], ['y2', 'y1', 'y3'], ['y2', 'y3', 'y1 RDG']) }],
  });
  const by = (out: ReturnType<typeof scoreSplitSeries>) => Object.fromEntries(out.standings.map((s) => [s.boatId, s]));
  const a = by(scoreSplitSeries(input()));
  assert.deepEqual(a['y1']!.cells.map((c) => [c.n, c.points, c.code]), [[1, 1, null], [2, 2, null], [3, 1.5, 'RDG']]);
  assert.equal(a['y1']!.total, 4.5);
  assert.deepEqual([a['y2']!.cells.map((c) => c.points), a['y3']!.cells.map((c) => c.points)], [[2, 1, 1], [3, 3, 2]]);
  // A9(b) (the fleet's default redress method races_before): the races before race 3 are races 1 and 2 here, the same 1.5.
  assert.equal(by(scoreSplitSeries(input('races_before')))['y1']!.total, 4.5);
  // Redress in race 2 (before: race 1 only = 1; all others: races 1 and 3 = (1 + 3) / 2 = 2).
  const early: SplitSeriesInput = { ...input(), rounds: [{ ...input().rounds[0]!, races: sheets(['y1', 'y2', 'y3'], ['y2', 'y1 RDG', 'y3'], ['y2', 'y3', 'y1']) }] };
  assert.equal(by(scoreSplitSeries(early))['y1']!.cells[1]!.points, 2);
  assert.equal(by(scoreSplitSeries({ ...early, config: { ...early.config, redressMethod: 'races_before' } }))['y1']!.cells[1]!.points, 1);
  // Stated points stay as stated.
  const stated: SplitSeriesInput = { ...input(), rounds: [{ ...input().rounds[0]!, races: sheets(['y1', 'y2', 'y3'], ['y2', 'y1', 'y3'], ['y2', 'y3', 'y1 RDG 2.5']) }] };
  assert.equal(by(scoreSplitSeries(stated))['y1']!.total, 5.5);
});
