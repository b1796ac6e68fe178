/**
 * The .blw writer, checked by reading its output back:
 * - a small hand-made regatta (one-design with places, a handicap fleet with times, codes, a
 *   penalty, redress) written and read back field by field, with worked points;
 * - per-race ratings: a progressive (NHC) fleet's rating changes are written as `rrat` and read back;
 *   a fixed-rating fleet's rating changes are warned (Sailwave has one rating per boat there).
 * The round trip over every oracle file is round-trip.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreFleet, type BoatInfo, type RaceInfo } from '../../shared/domain/fleet-scoring.js';
import type { FleetSetup } from '../../shared/domain/fleet-setup.js';
import type { StoredEntry } from '../../shared/domain/race-entries.js';
import { parseSailwave } from './parse.js';
import { toScoring } from './to-scoring.js';
import { writeBlw, type BlwFleet, type BlwRegatta } from './write-blw.js';
import { clockText, durationText, encodeBlw } from './write-records.js';
import { discardList } from './write-scoring.js';

const entry = (boatId: string, seq: number, over: Partial<StoredEntry>): StoredEntry => ({
  boatId, seq, status: 'finished', code: null, finishTime: null, penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null, ...over,
});
const race = (id: string, number: number, start: Date | null): RaceInfo => ({
  id, number, name: `Race ${number}`, weight: 1, mustCount: false, discardFirst: false, distanceNm: null, status: 'finished', actualStart: start, hasResults: true,
});
const boat = (boatId: string, sail: string, name: string, helm: string, ratings: Record<string, number> = {}): BoatInfo => ({ boatId, name, sailNumber: sail, sailorName: helm, userId: null, ratings });
const setup = (over: Partial<FleetSetup>): FleetSetup => ({
  id: 'f', name: 'F', scoringSystem: 'low_point', dropRaces: 0, handicapSystem: 'one_design', handicapParams: {}, penaltyBasis: 'series_entries', discardThresholds: [], ...over,
});

function fleetOf(s: FleetSetup, races: RaceInfo[], boats: BoatInfo[], entries: Map<string, StoredEntry[]>): BlwFleet {
  return { setup: s, races, boats, entries, score: scoreFleet({ fleet: s, races, entries, boats }) };
}

test('record layer: quoting, CRLF, Windows-1252 unless a character needs UTF-8, Sailwave clock forms', () => {
  assert.equal(clockText(19 * 3600 + 15 * 60), '19:15:00');
  assert.equal(clockText(3600.25), '01:00:00.25');
  assert.equal(durationText(5516), '1:31:56');
  assert.deepEqual([...encodeBlw('"é"\r\n').bytes], [0x22, 0xe9, 0x22, 0x0d, 0x0a]);
  assert.equal(encodeBlw('Łódź').encoding, 'utf-8');
});

test('a hand-made regatta written and read back field by field', () => {
  const day = Date.UTC(2026, 4, 6);
  const at = (h: number, m: number, s = 0) => new Date(day + ((h * 60 + m) * 60 + s) * 1000);
  // One-design, places only (no start): A 1st, B 2nd, C DNF in race 1; race 2 B, A (SCP 30 %), C RDG average.
  const od = setup({ id: 'od', name: 'ILCA 7 "Gold"', dropRaces: 0 });
  const odBoats = [boat('a', 'IRL 1', 'Alpha', 'Ann Ó Sé'), boat('b', 'IRL 2', 'Bravo', 'Bob'), boat('c', 'IRL 3', 'Charlie', 'Cat')];
  const odRaces = [race('od1', 1, null), race('od2', 2, null)];
  const odEntries = new Map([
    ['od1', [entry('a', 0, { finishTime: at(12, 0, 1) }), entry('b', 1, { finishTime: at(12, 0, 2) }), entry('c', 2, { status: 'dnf', code: 'DNF' })]],
    ['od2', [entry('b', 0, { finishTime: at(13, 0, 1) }), entry('a', 1, { finishTime: at(13, 0, 2), code: 'SCP', penaltyPercent: 30 }), entry('c', 2, { code: 'RDG', redressMethod: 'average_all' })]],
  ]);
  // Handicap (IRC), timed, one discard from 2 races: X and Y race twice, Z misses race 2 (no record: DNC).
  const hc = setup({ id: 'hc', name: 'IRC 1', handicapSystem: 'irc', discardThresholds: [2] });
  const hcBoats = [boat('x', '1411', 'Xray', 'Xi', { irc: 1.015 }), boat('y', '2070', 'Yankee', 'Yu', { irc: 0.89 }), boat('z', '1343', 'Zulu', 'Zed', { irc: 0.895 })];
  const hcRaces = [race('hc1', 1, at(19, 15)), race('hc2', 2, at(19, 20))];
  const hcEntries = new Map([
    ['hc1', [entry('x', 0, { finishTime: at(20, 56, 56) }), entry('y', 1, { finishTime: at(20, 45, 2) }), entry('z', 2, { finishTime: at(20, 50, 0) })]],
    ['hc2', [entry('x', 0, { finishTime: at(20, 30) }), entry('y', 1, { code: 'DPI', penaltyPoints: 2, finishTime: at(20, 40) })]],
  ]);
  const regatta: BlwRegatta = {
    event: { name: 'Club Racing 2026', slug: 'club-racing-2026', venue: 'Howth Yacht Club' },
    fleets: [fleetOf(od, odRaces, odBoats, odEntries), fleetOf(hc, hcRaces, hcBoats, hcEntries)],
  };
  const written = writeBlw(regatta);
  assert.match(written.text, /^"serversion","2\.38\.01","",""\r\n/);
  assert.ok(written.text.split('\r\n').slice(0, -1).every((l) => /^"[a-z0-9]+","(?:[^"]|"")*","\d*","\d*"$/s.test(l)), 'every line is a four-field record');
  assert.equal(written.encoding, 'windows-1252', 'Ó is in Windows-1252');
  assert.ok(written.warnings.some((w) => w.setting === 'racesailed') === false);

  const parsed = parseSailwave(written.bytes);
  assert.ok(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors));
  const file = parsed.file;
  assert.equal(file.event, 'Club Racing 2026');
  assert.equal(file.venue, 'Howth Yacht Club');
  assert.equal(file.competitors.length, 6);
  const ann = file.competitors.find((c) => c.sailNumber === 'IRL 1')!;
  assert.deepEqual([ann.boat, ann.helm, ann.fleet, ann.rating], ['Alpha', 'Ann Ó Sé', 'ILCA 7 "Gold"', null]);
  const xray = file.competitors.find((c) => c.sailNumber === '1411')!;
  assert.equal(xray.rating, 1.015);
  assert.deepEqual(file.races.map((r) => [r.order, r.name, r.sailed, r.date]), [[1, 'Race 1', true, '2026-05-06'], [2, 'Race 2', true, '2026-05-06']]);
  assert.deepEqual(file.races[0]!.starts.map((s) => [s.selectors[0]?.value, s.time, s.method]), [['ILCA 7 "Gold"', '', 'Place'], ['IRC 1', '191500', 'Finish time']]);
  const cell = (sail: string, r: number) => file.results.find((x) => x.comp === file.competitors.find((c) => c.sailNumber === sail)!.handle && x.race === file.races[r - 1]!.handle)!;
  assert.deepEqual([cell('IRL 1', 1).type, cell('IRL 1', 1).position, cell('IRL 1', 1).points], [1, 1, 1]);
  assert.deepEqual([cell('IRL 3', 1).type, cell('IRL 3', 1).code, cell('IRL 3', 1).points], [3, 'DNF', 4], 'DNF = 3 boats + 1 (A5.2)');
  // SCP 30 % of the DNF score 4 = 1.2 points (rule 44.3(c), 2025-2028: to a tenth) → place 2 + 1.2 = 3.2.
  assert.deepEqual([cell('IRL 1', 2).code, cell('IRL 1', 2).position, cell('IRL 1', 2).points], ['SCP30', 2, 3.2]);
  // A place-entered result carries the place as entered (rrecpos), the penalised one on the finish it keeps.
  assert.deepEqual([cell('IRL 1', 1).recordedPosition, cell('IRL 2', 1).recordedPosition, cell('IRL 1', 2).recordedPosition, cell('IRL 1', 2).type], [1, 2, 2, 1]);
  assert.equal(cell('1411', 1).recordedPosition, null, 'timed results have their times');
  assert.equal(cell('IRL 3', 2).code, 'RDGa');
  assert.deepEqual([cell('1411', 1).startTime, cell('1411', 1).finishTime, cell('1411', 1).elapsed], ['19:15:00', '20:56:56', '1:41:56']);
  assert.equal(cell('1411', 1).corrected, '1:43:28', '6116 s × 1.015 = 6207.7 s, the engine rounds corrected times to the second');
  assert.deepEqual([cell('2070', 2).code, cell('2070', 2).type], ['DPI2', 4]);
  assert.deepEqual([cell('1343', 2).type, cell('1343', 2).code], [0, ''], 'no record: written blank, scored DNC');
  const sys = [...file.scoringSystems.values()];
  assert.equal(sys.length, 3);
  assert.deepEqual(sys.find((s) => s.value === 'IRC 1')!.discardList, [0, 1]);
  assert.equal(sys.find((s) => s.value === 'IRC 1')!.ratingSystem, 'IRC');

  // Read back through the engine mapping: the same ranks, totals and nett as the platform's score.
  const mapped = toScoring(file);
  assert.deepEqual(mapped.warnings.filter((w) => w.affectsScores), []);
  for (const f of regatta.fleets) {
    const m = mapped.fleets.find((x) => x.name === f.setup.name)!;
    assert.ok(m.representable, f.setup.name);
    for (const s of f.score.standings) {
      const c = file.competitors.find((x) => x.sailNumber === s.sailNumber)!;
      assert.deepEqual([c.rank, c.total, c.nett], [s.position, s.totalPoints, s.netPoints], `${s.sailNumber}: stored rank/total/nett are the engine's`);
    }
  }
  // Worked: ILCA race 2 redress average of all other races: C has only race 1 (4) → 4; A = 1 + 3.
  const odScore = regatta.fleets[0]!.score.standings;
  assert.deepEqual(odScore.map((s) => [s.sailNumber, s.netPoints]), [['IRL 2', 3], ['IRL 1', 4.2], ['IRL 3', 8]]);
});

test('engine options: finishers + N codes, proportional discards, the fleet\'s default redress', () => {
  const s = setup({ id: 'fp', name: 'ILCA 4', penaltyBasis: 'finishers_plus', options: { finishersPlus: { dnf: 1, dnc: 2 }, proportionalDiscards: { firstAt: 2, everyRaces: 2 }, redress: { defaultMethod: 'average_before' } } });
  // One from 2 races, two from 4, three from 6 …: covers the races and three steps more.
  assert.deepEqual(discardList(s, 3), [0, 1, 1, 2, 2, 3, 3, 4]);
  const day = Date.UTC(2026, 6, 1);
  const boats = [boat('a', '1', 'A', 'Ann'), boat('b', '2', 'B', 'Bob'), boat('c', '3', 'C', 'Cat'), boat('d', '4', 'D', 'Dan')];
  const races = [race('r1', 1, null), race('r2', 2, null)];
  const entries = new Map([
    ['r1', [entry('a', 0, { finishTime: new Date(day + 1000) }), entry('b', 1, { finishTime: new Date(day + 2000) }), entry('c', 2, { status: 'dnf', code: 'DNF' })]],
    ['r2', [entry('b', 0, { finishTime: new Date(day + 1000) }), entry('a', 1, { code: 'RDG' }), entry('c', 2, { finishTime: new Date(day + 3000) })]],
  ]);
  const written = writeBlw({ event: { name: 'Leinsters', slug: 'l' }, fleets: [fleetOf(s, races, boats, entries)] });
  const parsed = parseSailwave(written.text);
  assert.ok(parsed.ok);
  const system = [...parsed.file.scoringSystems.values()].find((x) => x.value === 'ILCA 4')!;
  assert.deepEqual([system.codes.get('DNF')!.method, system.codes.get('DNF')!.value, system.codes.get('DNC')!.method, system.codes.get('DNC')!.value], ['Finishers +', '1', 'Finishers +', '2']);
  const cell = (sail: string, r: number) => parsed.file.results.find((x) => x.comp === parsed.file.competitors.find((c) => c.sailNumber === sail)!.handle && x.race === parsed.file.races[r - 1]!.handle)!;
  // Race 1: 2 finishers → DNF 3, D (no record) DNC 4.
  assert.deepEqual([cell('3', 1).code, cell('3', 1).points, cell('4', 1).type, cell('4', 1).points], ['DNF', 3, 0, 4]);
  assert.equal(cell('1', 2).code, 'RDGb', 'redress without a method: the fleet\'s default A9(b)');
});

test('per-race ratings: an NHC fleet\'s rating changes are written as rrat and scored the same on reading back', () => {
  const day = Date.UTC(2026, 6, 1);
  const at = (h: number, m: number, s = 0) => new Date(day + ((h * 60 + m) * 60 + s) * 1000);
  const s = setup({ id: 'nhc', name: 'HPH', handicapSystem: 'nhc' });
  // P sails race 2 on 1.2 (a change from race 2): without it her chain rating would apply.
  const boats = [
    { ...boat('p', '1', 'P', 'Pat', { nhc: 1 }), ratingChanges: [{ key: 'nhc', value: 1.2, fromRace: 2 }] },
    boat('q', '2', 'Q', 'Quin', { nhc: 1 }),
    boat('r', '3', 'R', 'Rory', { nhc: 1 }),
  ];
  const races = [race('n1', 1, at(10, 0)), race('n2', 2, at(12, 0))];
  const entries = new Map([
    ['n1', [entry('p', 0, { finishTime: at(11, 0) }), entry('q', 1, { finishTime: at(11, 2) }), entry('r', 2, { finishTime: at(11, 4) })]],
    // Elapsed: P 60:00 × 1.2 = 72:00 (third), Q 62:00, R 64:00 × chain.
    ['n2', [entry('p', 0, { finishTime: at(13, 0) }), entry('q', 1, { finishTime: at(13, 2) }), entry('r', 2, { finishTime: at(13, 4) })]],
  ]);
  const fleet = fleetOf(s, races, boats, entries);
  assert.equal(fleet.score.results.get('n2')!.get('p')!.rating, 1.2);
  const written = writeBlw({ event: { name: 'NHC', slug: 'nhc' }, fleets: [fleet] });
  assert.deepEqual(written.warnings, []);
  const parsed = parseSailwave(written.text);
  assert.ok(parsed.ok);
  const handle = parsed.file.competitors.find((c) => c.sailNumber === '1')!.handle;
  const cells = parsed.file.results.filter((x) => x.comp === handle).map((x) => x.ratingApplied);
  assert.deepEqual(cells, [1, 1.2], 'rrat: the rating each race was sailed on');
  assert.equal(parsed.file.results.filter((x) => x.ratingApplied !== null).length, 6, 'every scored entry carries its rating');
  // Read back through the engine mapping: the race-2 rating is the stored one, not the chain's.
  const mapped = toScoring(parsed.file).fleets[0]!;
  assert.equal(mapped.input.races[1]!.ratingOverrides?.[handle], 1.2);
  const platform = fleet.score.standings.map((x) => [x.sailNumber, x.position, x.netPoints, x.raceResults.map((c) => c.points).join(' ')]);
  const sailwave = parsed.file.competitors.map((c) => [c.sailNumber, c.rank, c.nett]);
  assert.deepEqual(platform.map((x) => x.slice(0, 3)).sort(), sailwave.sort());
  assert.equal(platform.find((x) => x[0] === '1')![3], '1 3', 'P third in race 2 on her 1.2');
});

test('per-race ratings in a fixed-rating fleet (IRC): warned, Sailwave keeps one rating per boat', () => {
  const s = setup({ id: 'irc', name: 'IRC 2', handicapSystem: 'irc' });
  const boats = [{ ...boat('a', '1', 'A', 'Ann', { irc: 1 }), ratingChanges: [{ key: 'irc', value: 1.1, fromRace: 2 }] }, boat('b', '2', 'B', 'Bob', { irc: 1 })];
  const written = writeBlw({ event: { name: 'IRC', slug: 'irc' }, fleets: [fleetOf(s, [race('i1', 1, null)], boats, new Map())] });
  assert.deepEqual(written.warnings.map((w) => [w.fleet, w.setting]), [['IRC 2', 'rrat']]);
  assert.ok(!written.text.includes('"rrat"'));
});
