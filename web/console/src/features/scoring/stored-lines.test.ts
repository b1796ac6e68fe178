import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RaceResults, Revision } from './api';
import { linesOf } from './stored-lines';

const record = (id: string, sail: string, finishTime: string | null, code: string | null) =>
  ({ id, position: null, boat: { id, name: id, sail }, skipper: null, fleet: 'ILCA 7', finishTime, elapsedTime: null, correctedTime: null, points: null, status: 'finished', code, notes: null }) as RaceResults['results'][number];
const state = (extra: Partial<NonNullable<Revision['changes'][number]['after']>>) => ({
  status: 'finished', code: null, position: null, points: null, finishTime: null, penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null, notes: null, ...extra,
});
const revision = (changes: Revision['changes']) => ({ changes }) as Revision;

test('stored results become lines in crossing order, DNC left out, RDG/DPI/SCP numbers from the latest revision', () => {
  const stored = {
    race: {} as RaceResults['race'],
    results: [
      record('b', 'GER 102', '2026-07-12T12:40:10Z', 'RDG'),
      record('a', 'GER 101', '2026-07-12T12:40:00Z', null),
      record('c', 'GER 103', '2026-07-12T12:41:00Z', 'SCP'),
      record('d', 'GER 104', null, 'DPI'),
      record('e', 'GER 105', null, 'DNC'),
    ],
  } as RaceResults;
  // Newest first: the latest revision gave B redress by points 2.5; an older one had her at average_all.
  const history = [
    revision([{ boatId: 'b', before: null, after: state({ code: 'RDG', redressMethod: 'points', redressPoints: 2.5 }) }]),
    revision([
      { boatId: 'b', before: null, after: state({ code: 'RDG', redressMethod: 'average_all' }) },
      { boatId: 'c', before: null, after: state({ code: 'SCP', penaltyPercent: 30 }) },
      { boatId: 'd', before: null, after: state({ code: 'DPI', penaltyPoints: 3 }) },
    ]),
  ];
  const lines = linesOf(stored, history, 'UTC');
  assert.deepEqual(
    lines.map((line) => [line.typed, line.time, line.code, line.redressMethod, line.value]),
    [
      ['GER 101', '12:40:00', null, '', ''],
      ['GER 102', '12:40:10', 'rdg', 'points', '2.5'],
      ['GER 103', '12:41:00', 'scp', '', '30'],
      ['GER 104', '', 'dpi', '', '3'],
    ],
  );
  assert.deepEqual(linesOf(null, [], 'UTC'), []);
});
