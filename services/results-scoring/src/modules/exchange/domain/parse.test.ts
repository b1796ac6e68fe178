import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildImportDraft } from './draft.js';
import { draftParity } from './draft-parity.js';
import { parseSailwave } from './parse.js';
import { sailwaveParity } from './parity.js';
import { toScoring } from './to-scoring.js';

const rec = (key: string, value: string, comp = '', race = ''): string => [key, value, comp, race].map((f) => `"${f.replace(/"/g, '""')}"`).join(',');

/** A small one-design series: 3 boats, 2 races, one DNF, A5.2, no discards. */
function smallSeries(extra: string[] = []): string {
  return [
    rec('serversion', '2.38.02'),
    rec('serevent', 'Club "Spring" Series'),
    rec('serscoringhandle', '1'),
    rec('scrparent', '0', '1'),
    rec('scrfield', 'Fleet', '1'),
    rec('scrpointssystem', 'Low point', '1'),
    rec('scrratingsystem', 'None', '1'),
    rec('scrdiscardlist', '0,0', '1'),
    rec('scrtie1', 'Yes', '1'),
    rec('scrtie2', 'Yes', '1'),
    rec('scrcode', 'DNF|Boats in series +|1|Yes|Yes|||spare|spare|spare|spare|Yes|No|No|1||Did not finish'),
    rec('scrcode', 'DNC|Boats in series +|1|Yes|No|||spare|spare|spare|spare|No|No|No|1||Did not come'),
    ...['a', 'b', 'c'].flatMap((h, i) => [rec('compsailno', `10${i}`, h), rec('compfleet', 'Lasers', h), rec('comphelmname', `Helm ${h}`, h)]),
    rec('racerank', '1', '', 'r1'),
    rec('racesailed', '1', '', 'r1'),
    rec('racename', 'R1', '', 'r1'),
    rec('racerank', '2', '', 'r2'),
    rec('racesailed', '1', '', 'r2'),
    rec('rrestyp', '1', 'a', 'r1'),
    rec('rpos', '1', 'a', 'r1'),
    rec('rrestyp', '1', 'b', 'r1'),
    rec('rpos', '2', 'b', 'r1'),
    rec('rrestyp', '3', 'c', 'r1'),
    rec('rcod', 'DNF', 'c', 'r1'),
    rec('rrestyp', '1', 'c', 'r2'),
    rec('rpos', '1', 'c', 'r2'),
    rec('rrestyp', '1', 'b', 'r2'),
    rec('rpos', '2', 'b', 'r2'),
    rec('rrestyp', '1', 'a', 'r2'),
    rec('rpos', '3', 'a', 'r2'),
    ...extra,
  ].join('\r\n');
}

test('parses a small series: settings, codes, competitors, races, results', () => {
  const out = parseSailwave(new TextEncoder().encode(smallSeries()));
  assert.ok(out.ok, JSON.stringify(!out.ok && out.errors));
  const f = out.file;
  assert.equal(f.encoding, 'utf-8');
  assert.equal(f.version, '2.38.02');
  assert.equal(f.event, 'Club "Spring" Series');
  const sys = f.scoringSystems.get('1')!;
  assert.deepEqual(sys.discardList, [0, 0]);
  assert.equal(sys.codes.get('DNF')!.method, 'Boats in series +');
  assert.equal(sys.codes.get('DNC')!.cameToStart, false);
  assert.deepEqual(
    f.competitors.map((c) => [c.handle, c.sailNumber, c.fleet, c.helm]),
    [['a', '100', 'Lasers', 'Helm a'], ['b', '101', 'Lasers', 'Helm b'], ['c', '102', 'Lasers', 'Helm c']],
  );
  assert.deepEqual(f.races.map((r) => [r.handle, r.order, r.sailed]), [['r1', 1, true], ['r2', 2, true]]);
  const dnf = f.results.find((r) => r.comp === 'c' && r.race === 'r1')!;
  assert.equal(dnf.code, 'DNF');
  assert.equal(dnf.type, 3);
});

test('scores the small series: A5.2 DNF = 3 boats + 1, A8.1 tie-break', () => {
  // a: 1 + 3 = 4; b: 2 + 2 = 4; c: 4 + 1 = 5. a and b tie on 4; A8.1: a has a 1 → a first.
  const withStored = smallSeries([
    rec('comprank', '1', 'a'), rec('compnett', '4', 'a'),
    rec('comprank', '2', 'b'), rec('compnett', '4', 'b'),
    rec('comprank', '3', 'c'), rec('compnett', '5', 'c'),
  ]);
  const out = parseSailwave(withStored);
  assert.ok(out.ok);
  const p = sailwaveParity(out.file);
  assert.equal(p.fleets.length, 1);
  assert.equal(p.fleets[0]!.fleet, 'Lasers');
  assert.equal(p.fleets[0]!.matching, 3);
  assert.deepEqual(p.warnings.filter((w) => w.affectsScores), []);
  // A stored result the engine does not reproduce is reported with both values.
  const wrong = parseSailwave(withStored.replace('"compnett","5","c"', '"compnett","6","c"'));
  assert.ok(wrong.ok);
  const d = sailwaveParity(wrong.file).fleets[0]!.differences;
  assert.deepEqual(d.map((x) => [x.sailNumber, x.sailwave, x.engine, x.races]), [['102', { rank: 3, total: null, nett: 6 }, { rank: 3, total: 5, nett: 5 }, []]]);
});

test('parity compares totals and the points of every race Sailwave stored, with both values', () => {
  // a: 1 + 3 = 4; b: 2 + 2 = 4; c: 4 (DNF) + 1 = 5.
  const stored = [
    rec('comprank', '1', 'a'), rec('comptotal', '4', 'a'), rec('compnett', '4', 'a'), rec('rpts', '1', 'a', 'r1'), rec('rpts', '3', 'a', 'r2'),
    rec('comprank', '2', 'b'), rec('comptotal', '4', 'b'), rec('compnett', '4', 'b'), rec('rpts', '2', 'b', 'r1'), rec('rpts', '2', 'b', 'r2'),
    rec('comprank', '3', 'c'), rec('comptotal', '5', 'c'), rec('compnett', '5', 'c'), rec('rpts', '4', 'c', 'r1'), rec('rpts', '1', 'c', 'r2'),
  ];
  const good = parseSailwave(smallSeries(stored));
  assert.ok(good.ok);
  const exact = sailwaveParity(good.file).fleets[0]!;
  assert.deepEqual([exact.matching, exact.racePointsCompared, exact.differences], [3, 6, []]);
  // Sailwave says c's DNF scored 5 (and a total of 6) while the nett stays 5: rank and nett agree, points do not.
  const text = smallSeries(stored).replace('"rpts","4","c","r1"', '"rpts","5","c","r1"').replace('"comptotal","5","c"', '"comptotal","6","c"');
  const off = parseSailwave(text);
  assert.ok(off.ok);
  const f = sailwaveParity(off.file).fleets[0]!;
  assert.equal(f.matching, 2);
  assert.deepEqual(f.differences.map((x) => [x.sailNumber, x.sailwave, x.engine, x.races]), [
    ['102', { rank: 3, total: 6, nett: 5 }, { rank: 3, total: 5, nett: 5 }, [{ race: 1, sailwave: 5, platform: 4 }]],
  ]);
  // The import's draft carries the same stored figures, and draft parity (the platform's fleet scoring) reports them too.
  let n = 0;
  const draft = buildImportDraft(off.file, toScoring(off.file), { organizationId: 'o', fileName: 'x.blw', today: new Date(Date.UTC(2026, 0, 1)), newId: () => `id-${++n}`, stableId: (k) => k });
  const c = draft.registrations.find((r) => r.sailNumber === '102')!;
  assert.deepEqual(c.sailwave, { rank: 3, total: 6, nett: 5, races: [{ race: 1, points: 5 }, { race: 2, points: 1 }] });
  const [report] = draftParity(draft);
  assert.deepEqual([report!.matching, report!.exact, report!.racePointsCompared], [2, false, 6]);
  assert.deepEqual(report!.differences.map((x) => [x.sailNumber, x.sailwave, x.platform, x.races]), [
    ['102', { rank: 3, total: 6, nett: 5 }, { rank: 3, total: 5, nett: 5 }, [{ race: 1, sailwave: 5, platform: 4 }]],
  ]);
});

test('a setting the engine cannot represent is a warning, and the fleet is not expected to match', () => {
  const text = smallSeries().replace('DNF|Boats in series +|1|', 'DNF|Finishers +|1|');
  const out = parseSailwave(text);
  assert.ok(out.ok);
  const p = sailwaveParity(out.file);
  const w = p.warnings.find((x) => x.setting === 'scrcode DNF');
  assert.ok(w);
  assert.equal(w.affectsScores, true);
  assert.match(w.message, /Finishers \+ 1/);
  assert.equal(p.fleets[0]!.representable, false);
});

test('Windows-1252 bytes are decoded as such', () => {
  const head = new TextEncoder().encode(`${rec('serversion', '2.38.02')}\r\n"comphelmname","Se`);
  const tail = new TextEncoder().encode(`n","1",""\r\n`);
  // 0xE1 is "á" in Windows-1252 and not valid UTF-8 on its own.
  const bytes = new Uint8Array([...head, 0xe1, ...tail]);
  const out = parseSailwave(bytes);
  assert.ok(out.ok);
  assert.equal(out.file.encoding, 'windows-1252');
  assert.equal(out.file.competitors[0]!.helm, 'Seán');
});

test('a quoted value may span lines; line numbers follow', () => {
  const out = parseSailwave(`${rec('serversion', '2')}\n"sernotes","line one\nline two","",""\n"compsailno","1","x",""\n`);
  assert.ok(out.ok);
  assert.equal(out.file.series.sernotes, 'line one\nline two');
  assert.equal(out.file.competitors[0]!.line, 4);
});

function errorsOf(input: string | Uint8Array, maxBytes?: number): string[] {
  const out = parseSailwave(input, maxBytes === undefined ? {} : { maxBytes });
  assert.equal(out.ok, false);
  return out.ok ? [] : out.errors.map((e) => `${e.line ?? '-'}: ${e.message}`);
}

test('bad input: empty, too large, not Sailwave, junk', () => {
  assert.deepEqual(errorsOf(''), ['-: the file is empty']);
  assert.deepEqual(errorsOf(new Uint8Array(2048), 1024), ['-: the file is 2048 bytes; the limit is 1024 bytes (Sailwave files are rarely over 1 MB)']);
  assert.deepEqual(errorsOf('name,sail,club\nAnn,1,HYC\n'), ['1: not a Sailwave file: the first record should look like "serversion","2.38.02","","" but is "name,sail,club"']);
  assert.deepEqual(errorsOf('\n\n{"json": true}'), ['3: not a Sailwave file: the first record should look like "serversion","2.38.02","","" but is "{\\"json\\": true}"']);
  // Quoted CSV of another program: the records read, but no series record.
  assert.deepEqual(errorsOf('"name","ann","1","2"\n"club","hyc","1","2"\n'), ['-: not a Sailwave file: 2 records but no series ("ser…") record, which every Sailwave file has']);
});

test('bad input: 50 MB of junk is refused by its size before reading', () => {
  const junk = new Uint8Array(50 * 1024 * 1024).fill(0x41);
  const t0 = performance.now();
  const errs = errorsOf(junk);
  assert.ok(performance.now() - t0 < 200);
  assert.match(errs[0]!, /the file is 52428800 bytes; the limit is 16777216 bytes/);
  // Under the limit, junk is refused on its first line without decoding the rest.
  assert.match(errorsOf(new Uint8Array(8 * 1024 * 1024).fill(0x41))[0]!, /^1: not a Sailwave file/);
});

test('bad input: truncated in a quoted value, mid-record, wrong field count, bad numbers', () => {
  const full = smallSeries();
  const cut = full.slice(0, full.indexOf('"Helm b"') + 4);
  const lines = cut.split('\r\n').length;
  assert.deepEqual(errorsOf(cut), [`${lines}: field 2 is not closed: the file ends inside a quoted value (truncated?)`]);
  assert.deepEqual(errorsOf(`${rec('serversion', '2')}\n"compsailno","1"`), ['2: expected 4 fields, found 2 (the file ends mid-record: truncated?)']);
  assert.deepEqual(errorsOf(`${rec('serversion', '2')}\n"a","b","c","d","e"\n`), ['2: more than 4 fields']);
  assert.deepEqual(errorsOf(`${rec('serversion', '2')}\n"compsailno","1","x",""junk\n`), ['2: field 4: expected a comma or the end of the line after the closing quote, found "junk"']);
  assert.deepEqual(errorsOf(`${rec('serversion', '2')}\n${rec('comprank', 'first', 'x')}\n`), ['2: comprank: expected a number, found "first"']);
  assert.deepEqual(errorsOf(`${rec('serversion', '2')}\n${rec('Comp Sail', '1', 'x')}\n`), ['2: field 1: "Comp Sail" is not a Sailwave key (lower-case letters and digits)']);
});

test('bad input: UTF-16 and binary data', () => {
  const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from(new TextEncoder().encode(rec('serversion', '2'))).flatMap((b) => [b, 0])]);
  assert.deepEqual(errorsOf(utf16), ['1: the file is UTF-16 encoded; Sailwave files are Windows-1252 or UTF-8 text']);
  const bin = new Uint8Array([...new TextEncoder().encode(`${rec('serversion', '2')}\n`), 0x00, 0x01]);
  assert.deepEqual(errorsOf(bin), ['2: binary data: NUL byte at byte offset 23; a Sailwave file is text']);
});
