/**
 * What a file may not make the import build or store, worked by hand: discard counts above the races
 * (capped), a draft too large for one fact (refused before mapping), places that are no places (refused
 * with the line), texts longer than a registration holds (cut, warned), years Date.UTC would shift.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRaceDate } from './dates.js';
import { draftEntries } from './draft-entries.js';
import { buildImportDraft, REGISTRATION_TEXT } from './draft.js';
import { draftSizeError, factSizeError, MAX_DRAFT_RACES, MAX_DRAFT_REGISTRATIONS, MAX_IMPORT_FACT_BYTES } from './limits.js';
import { MAX_PLACE, parseSailwave } from './parse.js';
import { syntheticSeries, type SyntheticRow } from './synthetic.js';
import { toScoring } from './to-scoring.js';

type Row = SyntheticRow;
const series = syntheticSeries;

function draftOf(text: string) {
  const parsed = parseSailwave(text);
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors));
  let n = 0;
  const draft = buildImportDraft(parsed.file, toScoring(parsed.file), {
    organizationId: 'org',
    fileName: 'limits.blw',
    today: new Date('2026-11-24T00:00:00Z'),
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    stableId: (key) => key,
  });
  return { file: parsed.file, draft };
}

test('discards: a count above the races is capped at the race count (warned); the usual list past the races is kept, up to 200 races', () => {
  // "0,99999999999": two races sailed → 99999999999 discards. The draft used to push that many thresholds.
  const huge = draftOf(series({ races: 3, discards: '0,99999999999' }));
  assert.deepEqual(huge.draft.fleets[0]!.discardThresholds, [2, 2, 2]);
  const warned = huge.draft.warnings.filter((w) => w.setting === 'scrdiscardlist');
  assert.equal(warned.length, 1);
  assert.equal(warned[0]!.message, "discard count 99999999999 is more than the races sailed at its place in the list and the file's 3 races: capped at 3");
  assert.equal(warned[0]!.affectsScores, false);
  // 1,000,000 (the 2 MB fact of the report): the same three thresholds.
  assert.deepEqual(draftOf(series({ races: 3, discards: '0,1000000' })).draft.fleets[0]!.discardThresholds, [2, 2, 2]);
  // Sailwave's default list for 24 races, in a file of 3 (a series still being sailed): every threshold
  // is kept for the races to come, no warning.
  const usual = draftOf(series({ races: 3, discards: '0,0,1,1,1,2,2,2,3,3,3,3,4,4,4,5,5,5,6,6,6,7,7,7' }));
  assert.deepEqual(usual.draft.fleets[0]!.discardThresholds, [3, 6, 9, 13, 16, 19, 22]);
  assert.equal(usual.draft.warnings.filter((w) => w.setting === 'scrdiscardlist').length, 0);
  // A list of 100,000 races, one more discard each: read for 200 races (199 thresholds), and a fleet
  // keeps what the fleets API accepts: 20 thresholds (races 2..21), both warned.
  const long = draftOf(series({ races: 3, discards: Array.from({ length: 100_000 }, (_, i) => i).join(',') }));
  assert.deepEqual(long.draft.fleets[0]!.discardThresholds, Array.from({ length: 20 }, (_, i) => i + 2));
  assert.deepEqual(long.draft.warnings.filter((w) => w.setting === 'scrdiscardlist').map((w) => w.message), [
    'discard list longer than 200 races: the counts after 200 races are not imported',
    'the discard list gives more than 20 discards (or one after race 200); a fleet keeps the first 20',
  ]);
});

test('draft size: fleets × races and competitor records are bounded before mapping; the fact is bounded by its bytes', () => {
  assert.equal(draftSizeError(draftOf(series()).file), null);
  // 3 fleets × 3 races = 9 draft races; the bound is MAX_DRAFT_RACES (10,000): 101 fleets × 100 races is over it.
  const many = parseSailwave(series({ boats: 101, races: 100, fleetOf: (b) => `F${b}` }));
  assert.ok(many.ok);
  assert.equal(draftSizeError(many.file), `the regatta is too large to import at once: 101 fleets × 100 races = 10100 races (at most ${MAX_DRAFT_RACES})`);
  // One fleet of 101 boats and 100 races is 100 draft races: fine.
  const one = parseSailwave(series({ boats: 101, races: 100 }));
  assert.ok(one.ok);
  assert.equal(draftSizeError(one.file), null);
  // Competitor records: excluded ones do not count.
  const crowd = parseSailwave(series({ boats: MAX_DRAFT_REGISTRATIONS + 1, races: 0 }));
  assert.ok(crowd.ok);
  assert.match(draftSizeError(crowd.file)!, /10001 competitor records \(at most 10000\)/);
  const excluded = parseSailwave(series({ boats: MAX_DRAFT_REGISTRATIONS + 1, races: 0, extra: [['compexclude', '1', '1', '']] }));
  assert.ok(excluded.ok);
  assert.equal(draftSizeError(excluded.file), null);
  // The fact: 900,000 bytes pass, one more is refused (Kafka's default message limit is 1 MB).
  assert.equal(MAX_IMPORT_FACT_BYTES, 900_000);
  assert.equal(factSizeError(900_000), null);
  assert.match(factSizeError(900_001)!, /^the regatta is too large to import at once: its 900001 bytes/);
});

test('places: a whole number from 1 to 10,000, else the file is refused with the line; "0" is no place', () => {
  assert.equal(MAX_PLACE, 10_000);
  for (const bad of ['1e20', '1e12', '2.5', '-3', '10001']) {
    const parsed = parseSailwave(series({ place: (b, r) => (b === 2 && r === 1 ? bad : String(b)) }));
    assert.ok(!parsed.ok, bad);
    assert.equal(parsed.errors.length, 1);
    assert.match(parsed.errors[0]!.message, new RegExp(`^rpos: a place is a whole number from 1 to 10000, found "${bad.replace('.', '\\.')}"$`));
    assert.equal(typeof parsed.errors[0]!.line, 'number');
  }
  const top = draftOf(series({ place: (b) => (b === 3 ? '10000' : String(b)) }));
  assert.deepEqual(top.draft.races[0]!.entries.map((e) => [e.recordedPlace, e.finishTime]), [[1, null], [2, null], [10_000, null]]);
  // "0" is Sailwave's unset: the finish has no place (warned, left out), as an empty rpos.
  const unset = draftOf(series({ place: (b, r) => (b === 3 && r === 1 ? '0' : String(b)) }));
  assert.equal(unset.draft.races[0]!.entries.length, 2);
  assert.ok(unset.draft.warnings.some((w) => w.setting === 'rpos' && /a finish without a place/.test(w.message)));
  // The highest place is stored as the place (it fits the column's integer), with no time.
  const entries = draftEntries({ number: 1, entries: [{ boatId: '1', position: MAX_PLACE }] }, new Map([['1', 'b1']]), false, new Date('2026-05-07T00:00:00Z')).entries;
  assert.deepEqual([entries[0]!.recordedPlace, entries[0]!.finishTime], [MAX_PLACE, null]);
});

test('registration texts: class, club, nationality (and boat name, sail number, names) cut to what a registration holds, warned', () => {
  const long = (c: string, n: number) => c.repeat(n);
  const extra: Row[] = [
    ['compclass', long('C', 4000), '1', ''],
    ['compclass', long('D', 150), '2', ''],
    ['compclass', 'ILCA 7', '3', ''],
    ['compclub', long('K', 500), '1', ''],
    ['compnat', long('N', 300), '1', ''],
    ['compboat', long('B', 101), '1', ''],
    ['compsailno', long('9', 31), '2', ''],
    // An emoji across the cut (a surrogate pair at 99–100) is not halved.
    ['compclass', `${long('E', 99)}\u{1F600}x`, '3', ''],
  ];
  const { draft } = draftOf(series({ extra }));
  const [a, b, c] = draft.registrations;
  assert.deepEqual([a!.boatClass!.length, b!.boatClass!.length, c!.boatClass], [100, 100, long('E', 99)]);
  assert.deepEqual([a!.club!.length, a!.nationality!.length, a!.boatName.length, b!.sailNumber], [REGISTRATION_TEXT.compclub.max, REGISTRATION_TEXT.compnat.max, 100, long('9', 30)]);
  const cuts = Object.fromEntries(draft.warnings.filter((w) => w.setting.startsWith('comp')).map((w) => [w.setting, w.message]));
  assert.deepEqual(cuts, {
    compclass: '3 competitor records: class longer than 100 characters, cut to 100',
    compclub: '1 competitor record: club longer than 200 characters, cut to 200',
    compnat: '1 competitor record: nationality longer than 100 characters, cut to 100',
    compboat: '1 competitor record: boat name longer than 100 characters, cut to 100',
    compsailno: '1 competitor record: sail number longer than 30 characters, cut to 30',
  });
  assert.ok(draft.warnings.filter((w) => w.setting.startsWith('comp')).every((w) => !w.affectsScores && typeof w.line === 'number'));
});

test('race dates: y-m-d two-digit years are 20xx, years below 100 are not shifted to 19xx; years outside 1900–2100 are no date', () => {
  const day = (d: Date | null) => (d === null ? null : `${d.getUTCFullYear()}-${d.getUTCMonth() + 1}-${d.getUTCDate()}`);
  assert.equal(day(parseRaceDate('26-05-07', 'y-m-d', 2020)), '2026-5-7');
  assert.equal(day(parseRaceDate('26/5/7', 'y/m/d', 2020)), '2026-5-7');
  assert.equal(day(parseRaceDate('2026-05-07', 'y-m-d', 2020)), '2026-5-7');
  assert.equal(day(parseRaceDate('2026-05-07', 'd-m-y', 2020)), '2026-5-7');
  assert.equal(day(parseRaceDate('0001-01-01', 'y-m-d', 2026)), '1-1-1');
  assert.equal(day(parseRaceDate('0099-12-31', 'd-m-y', 2026)), '99-12-31');
  assert.equal(parseRaceDate('0001-02-29', 'y-m-d', 2026), null);
  // The d-m-y and m-d-y rules, unchanged.
  assert.equal(day(parseRaceDate('07-05-26', 'd-m-y', 2020)), '2026-5-7');
  assert.equal(day(parseRaceDate('05/07/26', 'm-d-y', 2020)), '2026-5-7');
  // In the draft: 0001-01-01 and 9999-12-31 are warned and the race has no date (the event keeps the others').
  const { draft } = draftOf(series({ extra: [['racedate', '0001-01-01', '', '1'], ['racedate', '9999-12-31', '', '2']] }));
  assert.deepEqual(draft.races.map((r) => r.scheduledStart?.toISOString().slice(0, 10) ?? null), [null, null, '2026-05-04']);
  assert.deepEqual([draft.event.startDate.toISOString().slice(0, 10), draft.event.endDate.toISOString().slice(0, 10)], ['2026-05-04', '2026-05-04']);
  assert.deepEqual(
    draft.warnings.filter((w) => w.setting === 'racedate').map((w) => w.message),
    ['race R1: date "0001-01-01" is in the year 1, outside 1900–2100; the race is imported without a date', 'race R2: date "9999-12-31" is in the year 9999, outside 1900–2100; the race is imported without a date'],
  );
});
