/**
 * The import's draft, worked by hand: race dates as Sailwave scorers type them, the stored entries of
 * a race (finish = start + elapsed for handicap fleets, the place as recorded for one-design: no time
 * invented, equal places a tie), the
 * head check a streaming upload runs, and a small file through draft and the platform's scoring.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRaceDate, yearNamedIn } from './dates.js';
import { draftEntries, statusOfCode } from './draft-entries.js';
import { draftParity } from './draft-parity.js';
import { buildImportDraft } from './draft.js';
import { checkHead, parseSailwave } from './parse.js';
import { toScoring } from './to-scoring.js';

const day = (d: Date | null) => d?.toISOString().slice(0, 10) ?? null;

test('race dates: d-m-y, month names, ordinals, the year from the names', () => {
  assert.equal(day(parseRaceDate('07-05-26', 'd-m-y', 2026)), '2026-05-07');
  assert.equal(day(parseRaceDate('12/04/2026', 'd/m/y', 2020)), '2026-04-12');
  assert.equal(day(parseRaceDate('04/12/2026', 'm/d/y', 2020)), '2026-04-12');
  assert.equal(day(parseRaceDate('Aug 16', 'd-m-y', 2025)), '2025-08-16');
  assert.equal(day(parseRaceDate('May 12th', 'd-m-y', 2026)), '2026-05-12');
  assert.equal(day(parseRaceDate('12 May 2024', 'd-m-y', 2026)), '2024-05-12');
  assert.equal(parseRaceDate('31-02-26', 'd-m-y', 2026), null);
  assert.equal(parseRaceDate('Race day', 'd-m-y', 2026), null);
  assert.equal(yearNamedIn('Club Racing', '2025 Puppeteer 22 Championships.blw'), 2025);
  assert.equal(yearNamedIn('Club Racing'), null);
});

test('stored entries: elapsed from the start (handicap), places as seconds (one-design), codes with their status', () => {
  const start = new Date('2026-05-07T18:00:00Z');
  const boats = new Map([['1', 'b1'], ['2', 'b2'], ['3', 'b3'], ['4', 'b4']]);
  const race = {
    number: 1,
    entries: [
      { boatId: '1', elapsedSeconds: 3600.5, position: 1 },
      { boatId: '2', elapsedSeconds: 3700, position: 2, penalty: { code: 'SCP' as const, percent: 20 } },
      { boatId: '3', code: 'OCS' as const },
      { boatId: '4', code: 'RDG' as const, redress: { method: 'stated' as const, points: 2.5 } },
    ],
  };
  const timed = draftEntries(race, boats, true, start);
  assert.equal(timed.actualStart, start);
  assert.deepEqual(
    timed.entries.map((e) => [e.boatId, e.status, e.code, e.finishTime?.toISOString() ?? null, e.penaltyPercent, e.redressMethod, e.redressPoints]),
    [
      ['b1', 'finished', null, '2026-05-07T19:00:00.500Z', null, null, null],
      ['b2', 'finished', 'SCP', '2026-05-07T19:01:40.000Z', 20, null, null],
      ['b3', 'dns', 'OCS', null, null, null, null],
      ['b4', 'finished', 'RDG', null, null, 'points', 2.5],
    ],
  );
  // One-design: the places as recorded, no finish time invented; codes and redress without a place.
  const placed = draftEntries(race, boats, false, start);
  assert.equal(placed.actualStart, null);
  assert.deepEqual(
    placed.entries.map((e) => [e.boatId, e.status, e.code, e.finishTime, e.recordedPlace]),
    [
      ['b1', 'finished', null, null, 1],
      ['b2', 'finished', 'SCP', null, 2],
      ['b3', 'dns', 'OCS', null, null],
      ['b4', 'finished', 'RDG', null, null],
    ],
  );
  assert.deepEqual(['DNF', 'RET', 'UFD', 'DNC', 'ZFP'].map(statusOfCode), ['dnf', 'dnf', 'dsq', 'dnc', 'finished']);
});

test('head check: a record passes, junk and JSON fail on line 1, a cut head is judged on what arrived', () => {
  assert.equal(checkHead('"serversion","2.38.02","",""\r\n', true), null);
  assert.equal(checkHead('\r\n\r\n"serversion","2', false), null);
  assert.equal(checkHead('"serv', false), null);
  assert.match(checkHead('{"event":"x"}', true)!.message, /not a Sailwave file/);
  assert.equal(checkHead('xxxxxxxx', false)!.line, 1);
  assert.equal(checkHead('\n\n', true)!.message, 'the file holds only blank lines');
});

const SMALL = [
  ['serversion', '2.38.02', '', ''],
  ['serevent', 'Spring Cup 2026', '', ''],
  ['serdatespec', 'd-m-y', '', ''],
  ['scrname', 'Low point', '1', ''],
  ['scrparent', '0', '1', ''],
  ['scrpointssystem', 'Low point', '1', ''],
  ['scrratingsystem', 'None', '1', ''],
  ['scrtie1', 'Yes', '1', ''],
  ['scrtie2', 'Yes', '1', ''],
  ['scrraceties', 'Averaged', '1', ''],
  ['serscoringhandle', '1', '', ''],
  ...['1', '2', '3'].flatMap((h, i) => [
    ['compsailno', `IRL ${h}`, h, ''],
    ['comphelmname', `Helm ${h}`, h, ''],
    ['comprank', String(i + 1), h, ''],
    ['compnett', String(2 * (i + 1)), h, ''],
  ]),
  ...['1', '2'].flatMap((r) => [
    ['racerank', r, '', r],
    ['racename', `R${r}`, '', r],
    ['racedate', `0${r}-04-26`, '', r],
    ['racesailed', '1', '', r],
  ]),
  ...['1', '2'].flatMap((r) => ['1', '2', '3'].flatMap((h) => [['rrestyp', '1', h, r], ['rpos', h, h, r]])),
]
  .map((f) => f.map((v) => `"${v}"`).join(','))
  .join('\r\n');

test('a small file: one fleet, two races, three entries, places as Sailwave ranks them', () => {
  const parsed = parseSailwave(SMALL);
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors));
  let n = 0;
  const draft = buildImportDraft(parsed.file, toScoring(parsed.file), {
    organizationId: 'org',
    fileName: 'spring.blw',
    today: new Date('2026-11-24T00:00:00Z'),
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    stableId: (key) => key,
  });
  assert.deepEqual([draft.event.name, day(draft.event.startDate), day(draft.event.endDate)], ['Spring Cup 2026', '2026-04-01', '2026-04-02']);
  assert.deepEqual([draft.fleets.length, draft.races.length, draft.registrations.length], [1, 2, 3]);
  assert.deepEqual(draft.registrations.map((g) => [g.sailNumber, g.helm, g.userId]), [
    ['IRL 1', 'Helm 1', 'sailwave-helm:org:helm 1'],
    ['IRL 2', 'Helm 2', 'sailwave-helm:org:helm 2'],
    ['IRL 3', 'Helm 3', 'sailwave-helm:org:helm 3'],
  ]);
  const [fleet] = draftParity(draft);
  assert.deepEqual([fleet!.compared, fleet!.exact, fleet!.matching], [true, true, 3]);
});
