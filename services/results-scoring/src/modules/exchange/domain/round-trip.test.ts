/**
 * Sailwave round trip over every oracle file (../shared/oracles/sailwave, read in place, never copied):
 * import (parse → engine mapping → the platform's draft, draft.ts, with each boat's per-race ratings as
 * rating changes) → score with the platform (fleet-scoring.ts, what GET standings runs) → writeBlw →
 * parse and import the written file again → score again. Both regattas must have the same fleets and
 * set-ups, boats (sail, name, helm, crew, club, nationality, class, rating), races, stored entries and,
 * per boat, rank, total, nett, every race's points (and discards) and the rating applied in each race.
 * The ranks/total/nett written into the file (comprank/comptotal/compnett) are the engine's.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { scoreFleet } from '../../shared/domain/fleet-scoring.js';
import { buildImportDraft, type ImportDraft } from './draft.js';
import { parseSailwave } from './parse.js';
import { toScoring } from './to-scoring.js';
import { writeBlw, type BlwFleet, type BlwRegatta } from './write-blw.js';

const here = dirname(fileURLToPath(import.meta.url));
/** services/results-scoring/src/modules/exchange/domain → the repository's parent, which holds shared/. */
const ROOT = resolve(here, '../../../../../../../shared/oracles/sailwave');

function blwFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? blwFiles(p) : n.endsWith('.blw') ? [p] : [];
  });
}

function importDraft(bytes: Uint8Array | string, fileName: string): ImportDraft {
  const parsed = parseSailwave(bytes);
  assert.ok(parsed.ok, `${fileName}: ${JSON.stringify(!parsed.ok && parsed.errors)}`);
  let n = 0;
  return buildImportDraft(parsed.file, toScoring(parsed.file), {
    organizationId: 'org', fileName, today: new Date(Date.UTC(2026, 10, 24)), newId: () => `id-${++n}`, stableId: (k) => `s-${k}`,
  });
}

/** The platform's regatta as the import stores it (registrations with their rating changes), scored as GET standings scores it. */
function regattaOf(draft: ImportDraft): BlwRegatta {
  return {
    event: { name: draft.event.name, slug: 'x', venue: draft.event.venue, startDate: draft.event.startDate },
    fleets: draft.fleets.map((fleet): BlwFleet => {
      const drafted = draft.races.filter((r) => r.fleetId === fleet.id);
      const races = drafted.map((r) => ({
        id: r.id, number: r.number, name: r.name, weight: 1, mustCount: false, discardFirst: false, distanceNm: null,
        status: r.sailed ? ('finished' as const) : ('scheduled' as const), actualStart: r.actualStart, hasResults: r.sailed, scheduledStart: r.scheduledStart,
      }));
      const boats = draft.registrations.filter((r) => r.fleetId === fleet.id).map((r) => ({
        boatId: r.boatId, name: r.boatName, sailNumber: r.sailNumber, sailorName: r.helm, userId: r.userId, ratings: r.ratings,
        ratingChanges: r.ratingChanges, crewName: r.crew.join(', ') || null, club: r.club, nationality: r.nationality, boatClass: r.boatClass,
      }));
      const setup = { ...fleet, handicapSystem: fleet.handicapSystem as string };
      const entries = new Map(drafted.map((r) => [r.id, r.entries] as const));
      return { setup, races, boats, entries, score: scoreFleet({ fleet: setup, races, entries, boats }) };
    }),
  };
}

type Standing = { fleet: string; boat: string; rank: number; total: number; nett: number; races: string };

/** Per boat (by fleet, sail number, name and helm: ids are new on each import): rank, total, nett, each race's points. */
function standingsOf(regatta: BlwRegatta): Standing[] {
  return regatta.fleets.flatMap((f) => f.score.standings.map((s) => {
    const b = f.boats.find((x) => x.boatId === s.boatId)!;
    return {
      fleet: f.setup.name,
      boat: `${b.sailNumber}|${b.name}|${b.sailorName}`,
      rank: s.position,
      total: s.totalPoints,
      nett: s.netPoints,
      races: s.raceResults.map((c) => `${c.points}${c.dropped ? 'd' : ''}${c.code ?? ''}`).join(' '),
    };
  }));
}

/** Everything else that must survive: set-ups, boats, races, stored entries, the rating applied per entered race. */
function regattaSummary(regatta: BlwRegatta) {
  return regatta.fleets.map((f) => {
    const key = (boatId: string) => { const b = f.boats.find((x) => x.boatId === boatId)!; return `${b.sailNumber}|${b.name}|${b.sailorName}`; };
    return {
      fleet: f.setup.name,
      setup: [f.setup.scoringSystem, f.setup.handicapSystem, f.setup.penaltyBasis, f.setup.dropRaces, f.setup.discardThresholds.join(',')],
      boats: f.boats.map((b) => [b.sailNumber, b.name, b.sailorName, b.crewName ?? null, b.club ?? null, b.nationality ?? null, b.boatClass ?? null, JSON.stringify(b.ratings)]).sort(),
      races: f.races.map((r) => [r.number, r.name, r.hasResults]),
      results: f.races.map((r) => (f.entries.get(r.id) ?? []).map((e) => [key(e.boatId), e.status, e.code, e.penaltyPercent, e.penaltyPoints, e.redressMethod, e.redressPoints]).sort()),
      ratingsApplied: f.races.map((r) => [...(f.score.results.get(r.id) ?? new Map()).entries()].map(([boatId, c]) => `${key(boatId)}=${c.rating}`).sort()),
    };
  });
}

test('every oracle file: import → score → write .blw → import again keeps fleets, boats, ranks, totals, nett and every race\'s points', (t) => {
  if (!existsSync(ROOT)) {
    t.skip(`oracle folder ${ROOT} is absent`);
    return;
  }
  const files = blwFiles(ROOT);
  assert.ok(files.length >= 11, `expected the 11 oracle files, found ${files.length}`);
  let boatsCompared = 0;
  let progressiveBoats = 0;
  let detailed = 0;
  for (const path of files) {
    const id = relative(ROOT, path);
    const draft = importDraft(readFileSync(path), id);
    const first = regattaOf(draft);
    const written = writeBlw(first);
    const second = regattaOf(importDraft(written.bytes, id));
    const a = standingsOf(first);
    const b = standingsOf(second);
    // Per-boat figures first (the message names the boat), then the whole regatta.
    const byBoat = new Map(b.map((s) => [`${s.fleet}|${s.boat}`, s] as const));
    let same = 0;
    for (const s of a) {
      const other = byBoat.get(`${s.fleet}|${s.boat}`);
      if (other !== undefined && other.rank === s.rank && other.nett === s.nett && other.total === s.total && other.races === s.races) same++;
    }
    t.diagnostic(`${id}: ${first.fleets.length} fleet(s); ${same}/${a.length} boats keep rank, total, nett and race points; ${written.bytes.length} bytes ${written.encoding}; writer warnings: ${written.warnings.map((w) => `${w.fleet ?? '-'} ${w.setting}`).join('; ') || 'none'}`);
    assert.deepEqual(b, a, `${id}: standings after the round trip`);
    assert.deepEqual(regattaSummary(second), regattaSummary(first), `${id}: regatta after the round trip`);
    boatsCompared += a.length;
    // The stored ranks/total/nett Sailwave shows on opening are the engine's.
    const reparsed = parseSailwave(written.bytes);
    assert.ok(reparsed.ok);
    for (const f of first.fleets) {
      for (const s of f.score.standings) {
        const boat = f.boats.find((x) => x.boatId === s.boatId)!;
        const c = reparsed.file.competitors.find((x) => x.fleet === f.setup.name && x.sailNumber === (boat.sailNumber ?? '') && x.boat === boat.name)!;
        assert.deepEqual([c.rank, c.total, c.nett], [s.position, s.totalPoints, s.netPoints], `${id} ${f.setup.name} ${boat.sailNumber}`);
      }
      detailed += f.boats.filter((x) => x.club || x.nationality || x.crewName || x.boatClass).length;
      if (f.setup.handicapSystem === 'nhc' || f.setup.handicapSystem === 'echo') progressiveBoats += f.boats.filter((x) => (x.ratingChanges ?? []).length > 0).length;
    }
  }
  assert.ok(boatsCompared >= 200, `compared ${boatsCompared} boats`);
  assert.ok(progressiveBoats >= 14, `the NHC file's boats carry per-race ratings (${progressiveBoats})`);
  // Crew, club, nationality and class are compared above (regattaSummary) on real values, not only blanks.
  assert.ok(detailed >= 150, `boats with crew, club, nationality or class: ${detailed}`);
});

test('the NHC file: the first import is exact against Sailwave, so the round trip is checked on real per-race ratings', (t) => {
  const path = join(ROOT, 'nhc-example', '2025 Puppeteer 22 Championships.blw');
  if (!existsSync(path)) {
    t.skip(`${path} is absent`);
    return;
  }
  const draft = importDraft(readFileSync(path), 'puppeteer.blw');
  const first = regattaOf(draft);
  const hph = first.fleets.find((f) => f.setup.handicapSystem === 'nhc')!;
  assert.ok(hph, 'an NHC fleet');
  // Sailwave's stored ranks are reproduced by the platform's scoring of the draft.
  const regs = draft.registrations.filter((r) => r.fleetId === hph.setup.id);
  for (const s of hph.score.standings) {
    const r = regs.find((x) => x.boatId === s.boatId)!;
    assert.deepEqual([s.position, s.netPoints], [r.sailwave.rank, r.sailwave.nett], `${r.sailNumber}`);
  }
  // The written file carries a per-race rating (rrat) for every scored entry of the NHC fleet.
  const text = writeBlw(first).text;
  const rrat = text.split('\r\n').filter((l) => l.startsWith('"rrat"'));
  const entered = [...hph.score.results.values()].reduce((n, m) => n + [...m.values()].filter((c) => c.rating !== null).length, 0);
  assert.equal(rrat.length, entered);
  assert.ok(entered > 0);
});
