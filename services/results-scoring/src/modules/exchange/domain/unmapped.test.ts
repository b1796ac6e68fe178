/**
 * Keys of a Sailwave file the import neither reads nor recomputes are warnings, one per key with the
 * number of records holding a value (never one per line, never the values themselves).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseSailwave } from './parse.js';
import { toScoring } from './to-scoring.js';
import { unmappedWarnings } from './unmapped.js';

const rec = (key: string, value: string, comp = '', race = ''): string => [key, value, comp, race].map((f) => `"${f.replace(/"/g, '""')}"`).join(',');

function file(extra: string[]): string {
  return [
    rec('serversion', '2.38.02'),
    rec('serevent', 'Spring Series'),
    rec('serscoringhandle', '1'),
    rec('scrparent', '0', '1'),
    rec('scrfield', 'Fleet', '1'),
    rec('scrpointssystem', 'Low point', '1'),
    rec('scrratingsystem', 'None', '1'),
    rec('scrtie1', 'Yes', '1'),
    rec('scrtie2', 'Yes', '1'),
    ...['a', 'b', 'c'].flatMap((h, i) => [rec('compsailno', `10${i}`, h), rec('compfleet', 'Lasers', h), rec('comphelmname', `Helm ${h}`, h), rec('comphigh', `${i + 1}`, h), rec('comprank', `${i + 1}`, h)]),
    rec('racerank', '1', '', 'r1'),
    rec('racesailed', '1', '', 'r1'),
    ...['a', 'b', 'c'].flatMap((h, i) => [rec('rrestyp', '1', h, 'r1'), rec('rpos', `${i + 1}`, h, 'r1'), rec('rpts', `${i + 1}`, h, 'r1'), rec('rrwin', '0', h, 'r1')]),
    ...extra,
  ].join('\r\n');
}

test('unknown and unread keys: one warning per key with its count, values never repeated', () => {
  const parsed = parseSailwave(file([
    // Personal details on every competitor, a medical flag left unset ("0"), a note on one race.
    rec('comphelmemail', 'a@example.org', 'a'), rec('comphelmemail', 'b@example.org', 'b'), rec('comphelmemail', 'c@example.org', 'c'),
    rec('compmedicalflag', '0', 'a'), rec('compmedicalflag', '0', 'b'),
    rec('racenotes', 'Wind 15 kn', '', 'r1'),
    rec('rlaps', '3', 'a', 'r1'), rec('rlaps', '3', 'b', 'r1'),
    // Records the reader does not place (no competitor or race handle where one is needed).
    rec('ui', '1|0|0', '', ''), rec('ui', '1|0|1', '', ''),
    // Cells of a deleted competitor (x) and of a deleted race (0).
    rec('rrestyp', '1', 'x', 'r1'), rec('rpts', '1', 'a', '0'), rec('rpts', '2', 'b', '0'),
  ]));
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors));
  const own = unmappedWarnings(parsed.file);
  assert.deepEqual(own.map((w) => [w.setting, w.message, w.affectsScores]), [
    ['comphelmemail', 'comphelmemail is set on 3 competitor records: the platform has no field for it, so it is not imported', false],
    ['racenotes', 'racenotes is set on 1 race: the platform has no field for it, so it is not imported', false],
    ['rlaps', 'rlaps is set on 2 results: the platform has no field for it, so it is not imported', false],
    ['ui', 'ui is set on 2 records: the platform has no field for it, so it is not imported', false],
  ]);
  assert.ok(own.every((w) => typeof w.line === 'number' && w.line > 0), 'each names the first line holding it');
  assert.ok(!own.some((w) => /example\.org|Wind/.test(w.message)), 'values are not repeated');
  // The import's mapping carries them, and the deleted cells are one warning, not one per cell.
  const mapped = toScoring(parsed.file);
  for (const w of own) assert.ok(mapped.warnings.some((m) => m.setting === w.setting && m.message === w.message), w.setting);
  const orphans = mapped.warnings.filter((w) => w.setting === 'r*');
  assert.equal(orphans.length, 1);
  assert.match(orphans[0]!.message, /^3 result cells of deleted competitors or races left out/);
});

test('a file with only the keys the import reads or recomputes gives no such warning', () => {
  const parsed = parseSailwave(file([]));
  assert.ok(parsed.ok);
  assert.deepEqual(unmappedWarnings(parsed.file), []);
  assert.deepEqual(toScoring(parsed.file).warnings, []);
});
