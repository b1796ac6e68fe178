/**
 * The Sailwave import, end to end through the gateway: every Sailwave file of ../shared/oracles/sailwave (read
 * from there, never copied) is imported with POST /organizations/{slug}/imports/sailwave; the test
 * prints each file's parity and asserts:
 * - every fleet the platform can represent (no warning affecting its scores) reproduces Sailwave's
 *   ranks, totals, nett and stored race points exactly, in the answer and in GET /events/{slug}/standings
 *   (all 210 boats with a Sailwave rank compared one by one); every fleet of
 *   the oracle files is representable (the ILCA file's "Finishers + N" is the finishers_plus basis,
 *   progressive per-race ratings are rating changes), so all 16 fleets with stored results are exact;
 * - bad files (truncated, UTF-16, not Sailwave, 50 MB of junk, over the size limit) get their 400/413
 *   with the code and the line, and create nothing (no event, no import row);
 * - what a file may not make the import build or store (synthetic files): a discard count of
 *   99999999999 (which used to kill results-scoring) is capped at the race count and the regatta arrives;
 *   more fleets × races than one import may create, or a regatta.imported fact over 900 kB (one Kafka
 *   message; a refused one would jam the outbox), is 413 sailwave_too_large; a place of 1e20 (a 500
 *   before) is 400 sailwave_unreadable with the line; none of them creates anything;
 * - a non-member gets 403, a read-only key 403, an unknown organization 404.
 *
 *   STACK_SLOT=3 node --conditions=@regatta/source --import tsx scripts/with-stack.ts \
 *     node --conditions=@regatta/source --import tsx --test services/results-scoring/test/sailwave-import.test.ts
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { encodeFact } from '@regatta/contracts';
import { apiClient, createApiKey, createOrganization, newActor, type Actor } from '@regatta/testing';
import { regattaImportedFact } from '../src/modules/exchange/app/import-facts.js';
import { comparePoints } from '@regatta/scoring-engine';
import { buildImportDraft } from '../src/modules/exchange/domain/draft.js';
import { draftSizeError, MAX_IMPORT_FACT_BYTES } from '../src/modules/exchange/domain/limits.js';
import { parseSailwave } from '../src/modules/exchange/domain/parse.js';
import { syntheticSeries, type SyntheticOptions } from '../src/modules/exchange/domain/synthetic.js';
import { toScoring } from '../src/modules/exchange/domain/to-scoring.js';

const api = apiClient();
const here = dirname(fileURLToPath(import.meta.url));
/** The repository root's parent holds shared/. */
const ORACLES = resolve(here, '../../../../shared/oracles/sailwave');
const IMPORT = (slug: string) => `/api/v1/organizations/${slug}/imports/sailwave` as const;

function blwFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? blwFiles(p) : n.endsWith('.blw') ? [p] : [];
    });
}


async function importFile(key: string, org: string, bytes: Uint8Array, fileName: string, contentType = 'application/octet-stream') {
  return api.post(IMPORT(org), undefined, { key, rawBody: bytes, query: { fileName }, headers: { 'content-type': contentType } });
}

const synthetic = (options: SyntheticOptions) => Buffer.from(syntheticSeries({ fleetOf: () => 'Laser', raceDate: () => '07-05-26', ...options }), 'latin1');
/** 4,000 unsailed races named with 200 characters: 4,000 draft races (under the 10,000 bound), a fact over 900 kB. */
const bigFact = () => synthetic({ boats: 2, races: 4000, sailed: false, raceName: (r) => `${'Round the Island and back again '.repeat(7)}${r}`.slice(-200) });

test('the synthetic file of the fact-size case passes the draft bounds and its fact is over 900 kB', () => {
  const parsed = parseSailwave(bigFact());
  assert.ok(parsed.ok);
  assert.equal(draftSizeError(parsed.file), null);
  const draft = buildImportDraft(parsed.file, toScoring(parsed.file), { organizationId: randomUUID(), fileName: 'big.blw', today: new Date(), newId: randomUUID, stableId: () => randomUUID() });
  const fact = regattaImportedFact({ importId: randomUUID(), fileName: 'big.blw', fileSha256: '0'.repeat(64), importedBy: randomUUID(), organization: { id: randomUUID(), slug: 'club', name: 'Club' }, slug: 'limits-cup-2026', draft, at: new Date() });
  const bytes = encodeFact(fact).length;
  assert.ok(bytes > MAX_IMPORT_FACT_BYTES && bytes < 2 * MAX_IMPORT_FACT_BYTES, `fact of ${bytes} bytes`);
});

describe('Sailwave import through the gateway', { skip: !existsSync(ORACLES) && `oracle folder ${ORACLES} is absent` }, () => {
  let owner: Actor;
  let org: { id: string; slug: string };
  let db: pg.Client;

  const created = async () => {
    const events = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events.events WHERE organization_id = $1', [org.id]);
    const imports = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM results_scoring.imports WHERE organization_id = $1', [org.id]);
    return { events: events.rows[0]!.n, imports: imports.rows[0]!.n };
  };

  before(async () => {
    owner = await newActor(api);
    org = await createOrganization(api, owner);
    db = new pg.Client({ connectionString: process.env['E2E_DATABASE_URL'] });
    await db.connect();
  });
  after(() => db.end());

  test('every oracle file: parity with the ranks, totals, nett and race points Sailwave stored', async (t) => {
    const files = blwFiles(ORACLES);
    assert.ok(files.length >= 11, `expected the 11 oracle files, found ${files.length}`);
    let exactFleets = 0;
    let boatsCompared = 0;
    let racePointsCompared = 0;
    let detailsCarried = 0;
    for (const path of files) {
      const id = relative(ORACLES, path);
      const bytes = readFileSync(path);
      const response = await importFile(owner.key, org.slug, bytes, id.split('/').pop()!);
      assert.equal(response.status, 201, `${id}: ${response.text.slice(0, 500)}`);
      const body = response.body;
      assert.equal(body.parity.compared, 'stored', `${id}: the stored standings are compared`);
      assert.equal(body.event.status, 'draft');
      t.diagnostic(`${id} → ${body.event.slug}: ${body.counts.fleets} fleet(s), ${body.counts.registrations} entries, ${body.counts.racesSailed}/${body.counts.races} races sailed, ${body.counts.results} results, ${body.warnings.length} warning(s)`);
      for (const w of body.warnings.filter((x: any) => x.affectsScores)) t.diagnostic(`   warning [${w.fleet ?? '-'}] ${w.setting}: ${w.message}`);

      // The standings the API shows are the ones compared.
      const standings = (await api.get(`/api/v1/events/${body.event.slug}/standings`, { key: owner.key })).body.data.standings as any[];
      const parsed = parseSailwave(bytes);
      assert.ok(parsed.ok);
      const mapped = toScoring(parsed.file);
      body.parity.fleets.forEach((f: any, i: number) => {
        t.diagnostic(`   fleet ${f.fleet}: boats ${f.boats}, ${f.compared ? `matching ${f.matching}${f.exact ? ' (exact)' : ''}, ${f.racePointsCompared} race points compared` : 'no stored results'}${f.representable ? '' : ', not representable'}`);
        for (const d of f.differences) t.diagnostic(`      ${d.sailNumber}: Sailwave rank ${d.sailwave.rank} total ${d.sailwave.total} nett ${d.sailwave.nett}, platform rank ${d.platform.rank} total ${d.platform.total} nett ${d.platform.nett}; races ${JSON.stringify(d.races)}`);
        if (!f.compared) return;
        if (f.representable) {
          assert.deepEqual(f.differences, [], `${id} ${f.fleet}: exact parity expected`);
          assert.equal(f.exact, true);
          exactFleets++;
          racePointsCompared += f.racePointsCompared;
          const competitors = [...mapped.fleets[i]!.competitors.values()];
          const entries = standings.filter((s) => s.fleetId === f.fleetId);
          assert.equal(entries.length, competitors.length, `${id} ${f.fleet}: every boat in GET standings`);
          for (const s of entries) {
            // Standings name the boat by `sail` and name; a sail number two boats share is told apart by the boat name.
            let same = competitors.filter((c) => c.sailNumber.trim() === (s.boat.sail ?? ''));
            if (same.length > 1) same = same.filter((c) => (c.boat.trim() || c.boatClass.trim() || c.sailNumber.trim()) === s.boat.name);
            assert.equal(same.length, 1, `${id} ${f.fleet} ${s.boat.sail} ${s.boat.name}: one competitor of the file`);
            const c = same[0]!;
            assert.equal(s.position, c.rank, `${id} ${f.fleet} ${s.boat.sail}: rank in GET standings`);
            assert.equal(comparePoints(s.netPoints, c.nett!), 0, `${id} ${f.fleet} ${s.boat.sail}: nett in GET standings`);
            if (c.total !== null) assert.equal(comparePoints(s.totalPoints, c.total), 0, `${id} ${f.fleet} ${s.boat.sail}: total in GET standings`);
            // Every race whose points Sailwave stored (rpts): the same points in GET standings.
            mapped.fleets[i]!.races.forEach((race) => {
              const cell = parsed.file.results.find((r) => r.comp === c.handle && r.race === race.handle);
              if (cell?.points == null) return;
              const number = parsed.file.races.indexOf(race) + 1;
              const mine = (s.raceResults as any[]).find((r) => r.race === number);
              assert.ok(mine, `${id} ${f.fleet} ${s.boat.sail}: race ${number} in GET standings`);
              assert.equal(comparePoints(mine.points, cell.points), 0, `${id} ${f.fleet} ${s.boat.sail} race ${number}: points in GET standings`);
            });
            boatsCompared++;
          }
          return;
        }
        // No oracle fleet has a setting the platform cannot represent (docs/sailwave.md); a new file
        // that has one must state its rule there and here.
        assert.fail(`${id} ${f.fleet}: not representable: ${JSON.stringify(body.warnings.filter((w: any) => w.fleet === f.fleet && w.affectsScores))}`);
      });

      // The competitor details travel: crew and class on the registrations (events), club and
      // nationality with the import; the export writes all of them back.
      const exported = await fetch(new URL(`/api/v1/events/${body.event.slug}/exports/sailwave`, api.baseUrl), { headers: { authorization: `Bearer ${owner.key}` } });
      assert.equal(exported.status, 200, `${id}: export`);
      const back = parseSailwave(new Uint8Array(await exported.arrayBuffer()));
      assert.ok(back.ok, `${id}: the export reads back`);
      const details = (c: { sailNumber: string; helm: string; crew: string; club: string; nationality: string; boatClass: string }) =>
        [c.sailNumber, c.helm, c.crew, c.club, c.nationality, c.boatClass].map((v) => v.trim()).join('|');
      const scored = mapped.fleets.flatMap((m) => [...m.competitors.values()]);
      assert.deepEqual(back.file.competitors.map(details).sort(), scored.map(details).sort(), `${id}: sail, helm, crew, club, nationality and class in the export`);
      detailsCarried += scored.filter((c) => c.club.trim() !== '' || c.nationality.trim() !== '' || c.crew.trim() !== '' || c.boatClass.trim() !== '').length;
      if (id.endsWith('2026 Dinghies Series 1.blw')) {
        // The registrations the events service created hold crew and class (boat model).
        const regs = await api.get(`/api/v1/events/${body.event.slug}/registrations`, { key: owner.key, query: { limit: 100 } });
        assert.equal(regs.status, 200, regs.text);
        const list = regs.body.data as any[];
        const withCrew = scored.filter((c) => c.crew.trim() !== '');
        assert.ok(withCrew.length > 0);
        for (const c of withCrew) {
          const r = list.find((x) => x.boat.sailNumber === c.sailNumber.trim() && x.sailor.name === c.helm.trim());
          assert.ok(r, `${id}: registration of ${c.sailNumber}`);
          assert.deepEqual([r.crew, r.boat.model], [[c.crew.trim()], c.boatClass.trim() || null], `${id} ${c.sailNumber}: crew and class`);
        }
      }
    }
    assert.ok(exactFleets >= 16, `expected the 16 fleets with stored results to be exact, got ${exactFleets}`);
    // Every boat with a Sailwave rank was compared in GET standings (rank, total, nett, race points): 210.
    t.diagnostic(`boats compared in GET standings: ${boatsCompared}; race points compared in the answers: ${racePointsCompared}`);
    assert.ok(boatsCompared > 0);
    assert.equal(boatsCompared, 210, 'boats compared in GET standings');
    assert.equal(racePointsCompared, 479, 'race points compared (every rpts of a sailed race)');
    t.diagnostic(`competitors with crew, club, nationality or class carried to the export: ${detailsCarried}`);
    assert.ok(detailsCarried >= 150, `competitor details compared: ${detailsCarried}`);
  });

  test('bad files: 400/413 with the code and the line, and nothing is created', async () => {
    const before = await created();
    const good = readFileSync(join(ORACLES, 'hyc-2026', '2026 Wed Series 1.blw'));
    const text = good.toString('latin1');
    // Truncated inside a quoted value.
    const cut = text.indexOf('"compsailno"') + 20;
    const truncated = await importFile(owner.key, org.slug, good.subarray(0, cut), 'truncated.blw');
    assert.equal(truncated.status, 400, truncated.text);
    assert.equal(truncated.body.code, 'sailwave_unreadable');
    assert.match(truncated.body.detail, /line \d+/);
    assert.match(truncated.body.errors[0].field, /^body line \d+$/);
    // Wrong encoding: UTF-16 (Sailwave writes Windows-1252 or UTF-8).
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const wide = await importFile(owner.key, org.slug, utf16, 'wide.blw');
    assert.equal(wide.status, 400, wide.text);
    assert.equal(wide.body.code, 'sailwave_unreadable');
    assert.match(wide.body.detail, /UTF-16/);
    // Not Sailwave at all: JSON, and another program's CSV.
    for (const other of ['{"event":"Club Racing"}', 'Sail,Helm,Points\r\nIRL 1,Ann,3\r\n']) {
      const refused = await importFile(owner.key, org.slug, Buffer.from(other), 'other.csv', 'text/csv');
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.body.code, 'sailwave_not_sailwave');
      assert.match(refused.body.detail, /line 1/);
    }
    // 50 MB of junk: refused on its first bytes.
    const junk = Buffer.alloc(50 * 1024 * 1024, 'x');
    for (let i = 0; i < junk.length; i += 4093) junk[i] = 0x0a;
    const started = Date.now();
    const big = await importFile(owner.key, org.slug, junk, 'junk.blw');
    assert.equal(big.status, 400, big.text);
    assert.equal(big.body.code, 'sailwave_not_sailwave');
    // A file that looks like Sailwave but is larger than the limit (20 MB).
    const huge = Buffer.concat([good, Buffer.alloc(21 * 1024 * 1024, '\n')]);
    const tooLarge = await importFile(owner.key, org.slug, huge, 'huge.blw');
    assert.equal(tooLarge.status, 413, tooLarge.text);
    assert.equal(tooLarge.body.code, 'sailwave_too_large');
    // An empty body.
    const empty = await importFile(owner.key, org.slug, new Uint8Array(0), 'empty.blw');
    assert.equal(empty.status, 400, empty.text);
    assert.equal(empty.body.code, 'sailwave_empty');
    // Nothing was created by any of them.
    assert.deepEqual(await created(), before);
    assert.ok(Date.now() - started < 60_000);
  });

  test('a discard count of 99999999999 is capped at the race count: imported, warned, the regatta arrives; a 4,000-character class is cut to 100', async () => {
    const file = synthetic({ races: 3, discards: '0,99999999999', extra: [['compclass', 'C'.repeat(4000), '1', '']] });
    const response = await importFile(owner.key, org.slug, file, 'discards.blw');
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.parity.compared, 'stored', 'the regatta.imported fact reached the events service and came back projected');
    const warnings = response.body.warnings as { setting: string; message: string }[];
    assert.ok(warnings.some((w) => w.setting === 'scrdiscardlist' && /discard count 99999999999 .* capped at 3/.test(w.message)), JSON.stringify(warnings));
    assert.ok(warnings.some((w) => w.setting === 'compclass' && /cut to 100/.test(w.message)), JSON.stringify(warnings));
    const fleets = await db.query<{ discard_thresholds: number[] }>('SELECT discard_thresholds FROM events.fleets WHERE event_id = $1', [response.body.event.id]);
    assert.deepEqual(fleets.rows.map((f) => f.discard_thresholds), [[2, 2, 2]]);
    const models = await db.query<{ model: string | null }>('SELECT b.model FROM events.registrations r JOIN events.boats b ON b.id = r.boat_id WHERE r.event_id = $1', [response.body.event.id]);
    assert.deepEqual(models.rows.map((m) => m.model?.length ?? 0).sort((a, b) => b - a), [100, 0, 0]);
  });

  test('too large to import at once, or a place that is no place: 413/400, nothing created (no event, import row, results or fact)', async () => {
    const stored = async () => {
      // This organization's only: other test files import into theirs at the same time.
      const progress = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM results_scoring.race_progress WHERE event_id IN (SELECT id::text FROM events.events WHERE organization_id = $1)', [org.id]);
      const facts = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM results_scoring.outbox WHERE headers->>'fact-type' = 'regatta.imported' AND position(convert_to($1, 'UTF8') in payload) > 0",
        [org.id],
      );
      return { ...(await created()), progress: progress.rows[0]!.n, facts: facts.rows[0]!.n };
    };
    const before = await stored();
    assert.ok(before.facts > 0 && before.progress > 0, `the earlier imports of this file are counted: ${JSON.stringify(before)}`);
    // 101 fleets × 100 races = 10,100 draft races (at most 10,000): refused before mapping.
    const manyFleets = await importFile(owner.key, org.slug, synthetic({ boats: 101, races: 100, fleetOf: (b) => `Fleet ${b}` }), 'many-fleets.blw');
    assert.equal(manyFleets.status, 413, manyFleets.text);
    assert.equal(manyFleets.body.code, 'sailwave_too_large');
    assert.match(manyFleets.body.detail, /too large to import at once: 101 fleets × 100 races = 10100 races/);
    // A regatta.imported fact over 900 kB: refused before anything is stored.
    const bigFactAnswer = await importFile(owner.key, org.slug, bigFact(), 'big-fact.blw');
    assert.equal(bigFactAnswer.status, 413, bigFactAnswer.text);
    assert.equal(bigFactAnswer.body.code, 'sailwave_too_large');
    assert.match(bigFactAnswer.body.detail, /too large to import at once: its \d+ bytes .*\(900000\)/);
    // A place of 1e20 (a 500 before): the line of the result (its first record).
    const placed = synthetic({}).toString('latin1');
    const line = placed.split('\r\n').indexOf('"rrestyp","1","2","1"') + 1;
    const rpos = await importFile(owner.key, org.slug, Buffer.from(placed.replace('"rpos","2","2","1"', '"rpos","1e20","2","1"'), 'latin1'), 'rpos.blw');
    assert.equal(rpos.status, 400, rpos.text);
    assert.equal(rpos.body.code, 'sailwave_unreadable');
    assert.match(rpos.body.detail, new RegExp(`line ${line}\\b.*rpos: a place is a whole number from 1 to 10000, found "1e20"`));
    assert.deepEqual(rpos.body.errors, [{ field: `body line ${line}`, message: 'rpos: a place is a whole number from 1 to 10000, found "1e20"' }]);
    assert.deepEqual(await stored(), before);
  });

  test('who may import: members with the write scope', async () => {
    const file = readFileSync(join(ORACLES, 'scoring-config', 'a52.blw'));
    const before = await created();
    const outsider = await newActor(api);
    const foreign = await importFile(outsider.key, org.slug, file, 'a52.blw');
    assert.equal(foreign.status, 403, foreign.text);
    assert.equal(foreign.body.code, 'not_a_member');
    const readOnly = await createApiKey(api, owner.cookie, { scopes: ['read'] });
    const reader = await importFile(readOnly.key, org.slug, file, 'a52.blw');
    assert.equal(reader.status, 403, reader.text);
    assert.equal(reader.body.code, 'missing_scope');
    const unknown = await api.post('/api/v1/organizations/no-such-club-anywhere/imports/sailwave', undefined, { key: owner.key, rawBody: file, headers: { 'content-type': 'text/plain' } });
    assert.equal(unknown.status, 404, unknown.text);
    const multipart = await importFile(owner.key, org.slug, file, 'a52.blw', 'multipart/form-data; boundary=x');
    assert.equal(multipart.status, 415, multipart.text);
    assert.deepEqual(await created(), before);
  });

  test('the imported results are revisions with the file named in the reason', async () => {
    const file = readFileSync(join(ORACLES, 'hyc-2026', '2026 Tues & Sat Series 1.blw'));
    const response = await importFile(owner.key, org.slug, file, '2026 Tues & Sat Series 1.blw', 'text/plain; charset=windows-1252');
    assert.equal(response.status, 201, response.text);
    const revisions = await api.get(`/api/v1/events/${response.body.event.slug}/results/revisions`, { key: owner.key, query: { limit: 100 } });
    assert.equal(revisions.status, 200, revisions.text);
    const list = revisions.body.data.revisions as any[];
    assert.equal(list.length, response.body.counts.racesSailed);
    for (const r of list) assert.equal(r.reason, 'Imported from Sailwave file 2026 Tues & Sat Series 1.blw');
    const event = await api.get(`/api/v1/events/${response.body.event.slug}`, { key: owner.key });
    assert.equal(event.status, 200, event.text);
    assert.deepEqual([event.body.data.id, event.body.data.status], [response.body.event.id, 'draft']);
    const standings = await api.get(`/api/v1/events/${response.body.event.slug}/standings`, { key: owner.key });
    assert.equal(standings.body.data.fleets.length, response.body.counts.fleets);
  });
});
