import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFinishTimes } from './finish-csv.js';

test('wall-clock times on the race day in the regatta time zone; a header is skipped; ISO instants as given', () => {
  // Europe/Rome in July is UTC+2: 14:32:07.4 local is 12:32:07.400Z.
  const csv = 'Sail,Time\nITA 123,14:32:07.4\n\nGER 5;2026-07-12T12:33:00.250Z\n"FRA 9"\t14:34:01\n';
  const { finishes, errors } = parseFinishTimes(csv, '2026-07-12', 'Europe/Rome');
  assert.deepEqual(errors, []);
  assert.deepEqual(
    finishes.map((finish) => [finish.line, finish.sailNumber, finish.at.toISOString()]),
    [
      [2, 'ITA 123', '2026-07-12T12:32:07.400Z'],
      [4, 'GER 5', '2026-07-12T12:33:00.250Z'],
      [5, 'FRA 9', '2026-07-12T12:34:01.000Z'],
    ],
  );
});

test('bad lines are errors naming their line (after the first good one, a header is no longer possible)', () => {
  const { finishes, errors } = parseFinishTimes('1,10:00:00\n2,25:00:00\n,10:00:01\n', '2026-01-10', null);
  assert.deepEqual(finishes.map((finish) => finish.at.toISOString()), ['2026-01-10T10:00:00.000Z']);
  assert.deepEqual(errors.map((error) => error.line), [2, 3]);
});
