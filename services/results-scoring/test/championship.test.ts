/**
 * A split-series championship, end to end through the gateway: a qualifying series in two
 * fleets (Yellow, Blue), a split into Gold and Silver (with a redress promotion tried and undone), a
 * final series, a double-points medal race for two, standings per stage and overall, and redress by
 * average points (A9(a)) that counts the races of both stages. Every number is worked by hand below.
 *
 * Beside it, two IRC fleets of the same championship: a boat's new certificate from race 2 (a
 * mid-series rating change, PUT /registrations/{id}/ratings, docs/scoring.md) and the overall result of both
 * fleets on corrected time.
 *
 *   STACK_SLOT=12 node --conditions=@regatta/source --import tsx scripts/with-stack.ts \
 *     node --conditions=@regatta/source --import tsx --test services/results-scoring/test/championship.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { factPayload } from '@regatta/contracts';
import { apiClient, createOrganization, eventually, newActor, uniqueSuffix, type Actor } from '@regatta/testing';
import { FactWatcher } from './support.js';

const api = apiClient();
const watcher = new FactWatcher();
before(() => watcher.start());
after(() => watcher.stop());
const DAY = 86_400_000;
const base = new Date(Math.floor((Date.now() + 40 * DAY) / DAY) * DAY);
const startOf = (day: number) => new Date(base.getTime() + (day - 1) * DAY + 12 * 3_600_000);
const plus = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

async function refused(promise: Promise<{ status: number; body: any; text: string }>, status: number, code: string): Promise<void> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  assert.equal(response.body.code, code);
}

describe('championship: qualifying in two fleets, gold and silver, a medal race', () => {
  let organizer: Actor;
  let slug: string;
  let eventId: string;
  const fleet: Record<string, string> = {};
  const races: Record<string, string[]> = { Yellow: [], Blue: [], Gold: [], Silver: [], Medal: [] };
  const boat: Record<string, string> = {};
  const name: Record<string, string> = {};

  before(async () => {
    organizer = await newActor(api);
    const org = await createOrganization(api, organizer);
    const key = organizer.key;
    const created = await ok(api.post('/api/v1/events', { organization: org.slug, name: `Championship ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 5 * DAY).toISOString() }, { key }), 201);
    slug = created.data.slug;
    eventId = created.data.id;
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    const counts: Record<string, number> = { Yellow: 2, Blue: 2, Gold: 3, Silver: 3, Medal: 1 };
    for (const f of Object.keys(counts)) {
      fleet[f] = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: f }, { key }), 201)).data.id;
      for (let n = 1; n <= counts[f]!; n++) {
        races[f]!.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: fleet[f], raceNumber: n, scheduledStart: startOf(n).toISOString() }, { key }), 201)).data.id);
      }
    }
    // Entry order (the last tie-break): Y1, Y2, Y3, B1, B2, B3.
    for (const b of ['Y1', 'Y2', 'Y3', 'B1', 'B2', 'B3']) {
      const body = {
        fleet: fleet[b.startsWith('Y') ? 'Yellow' : 'Blue'],
        boat: { name: `Boat ${b}`, sailNumber: `ITA ${b} ${uniqueSuffix()}` },
        sailor: { name: `Skipper ${b}`, email: `skipper-${b.toLowerCase()}-${uniqueSuffix()}@example.org` },
      };
      const registration = await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201);
      boat[b] = registration.data.boatId;
      name[registration.data.boatId] = b;
    }
  });

  /** "Y1" finishes (in this order); "B1 RDG" did not finish and is given redress by average points. */
  const submit = (f: string, n: number, order: string[]) => {
    const s = startOf(n);
    const results = order.map((token, i) => {
      const [b, code] = token.split(' ');
      return code === 'RDG'
        ? { boat: boat[b!], status: 'dnf', code: 'rdg', redress: { method: 'average_all' } }
        : { boat: boat[b!], finishTime: plus(s, 600 + i * 10), status: 'finished' };
    });
    return api.post(`/api/v1/events/${slug}/races/${races[f]![n - 1]}/results`, { actualStart: s.toISOString(), status: 'finished', results }, { key: organizer.key });
  };
  const standings = async (stage: 'overall' | 'qualifying' | 'final' | 'medal') => {
    const body = await ok(api.get(`/api/v1/events/${slug}/split-standings`, { query: { stage }, key: organizer.key }));
    return body.data.standings.map((s: any) => [name[s.boatId], s.fleetName, s.rank, s.net]);
  };
  const fleetsOf = (body: any) => Object.fromEntries(body.data.fleets.map((f: any) => [Object.keys(fleet).find((k) => fleet[k] === f.fleetId), f.boats.map((b: any) => name[b.boatId])]));

  test('define the series; no split before the qualifying ranking exists', async () => {
    const key = organizer.key;
    await refused(api.post(`/api/v1/events/${slug}/split`, { method: 'by_rank' }, { key }), 404, 'not_found');
    await refused(api.get(`/api/v1/events/${slug}/split-series`, { key }), 404, 'not_found');
    await refused(api.put(`/api/v1/events/${slug}/split-series`, { qualifyingFleets: [fleet['Yellow']], finalFleets: [fleet['Gold'], fleet['Yellow']] }, { key }), 400, 'validation_failed');
    const defined = await ok(
      api.put(`/api/v1/events/${slug}/split-series`, { qualifyingFleets: [fleet['Yellow'], fleet['Blue']], finalFleets: [fleet['Gold'], fleet['Silver']], carry: 'continuous', medal: { fleetId: fleet['Medal'], size: 2, multiplier: 2 } }, { key }),
    );
    assert.deepEqual([defined.data.carry, defined.data.discardThresholds, defined.data.medal], ['continuous', [], { fleetId: fleet['Medal'], size: 2, multiplier: 2 }]);
    // GET answers the definition as stored, the same record the PUT answered.
    assert.deepEqual((await ok(api.get(`/api/v1/events/${slug}/split-series`, { key }))).data, defined.data);
    await refused(api.post(`/api/v1/events/${slug}/split`, { stage: 'medal', method: 'by_rank' }, { key }), 409, 'split_stage_not_ready');
  });

  test('qualifying: A9(a) over the qualifying races, the ranking, the split by rank', async () => {
    await ok(submit('Yellow', 1, ['Y1', 'Y2', 'Y3']));
    await ok(submit('Blue', 1, ['B1', 'B2', 'B3']));
    await ok(submit('Yellow', 2, ['Y2', 'Y1', 'Y3']));
    await ok(submit('Blue', 2, ['B2', 'B3', 'B1 RDG']));
    // B1: 1 + average(1) = 2. Y1 1+2, Y2 2+1, B2 2+1 = 3: A8.1 equal, A8.2 last race Y2 1, B2 1, Y1 2;
    // Y2 / B2 still tied → entry order. B3 3+2 = 5, Y3 3+3 = 6.
    assert.deepEqual(await standings('qualifying'), [
      ['B1', 'Blue', 1, 2],
      ['Y2', 'Yellow', 2, 3],
      ['B2', 'Blue', 3, 3],
      ['Y1', 'Yellow', 4, 3],
      ['B3', 'Blue', 5, 5],
      ['Y3', 'Yellow', 6, 6],
    ]);
    const key = organizer.key;
    // A redress promotion: by rank, then Y1 moved up → Gold 4, Silver 2 (unequal fleets).
    const promoted = await ok(api.post(`/api/v1/events/${slug}/split`, { method: 'by_rank', assignments: [{ boat: boat['Y1'], fleet: fleet['Gold'] }] }, { key }));
    assert.deepEqual(fleetsOf(promoted), { Gold: ['B1', 'Y2', 'B2', 'Y1'], Silver: ['B3', 'Y3'] });
    const alternating = await ok(api.post(`/api/v1/events/${slug}/split`, { method: 'alternating' }, { key }));
    assert.deepEqual(fleetsOf(alternating), { Gold: ['B1', 'Y1', 'B3'], Silver: ['Y2', 'B2', 'Y3'] });
    await refused(api.post(`/api/v1/events/${slug}/split`, { method: 'manual', assignments: [{ boat: boat['B1'], fleet: fleet['Gold'] }] }, { key }), 400, 'validation_failed');
    await refused(api.post(`/api/v1/events/${slug}/split`, { method: 'by_rank', assignments: [{ boat: boat['B1'], fleet: fleet['Medal'] }] }, { key }), 400, 'unknown_fleet');
    // Until final results exist the split can be made again: by rank, the top three to Gold.
    const split = await ok(api.post(`/api/v1/events/${slug}/split`, { method: 'by_rank' }, { key }));
    assert.deepEqual(fleetsOf(split), { Gold: ['B1', 'Y2', 'B2'], Silver: ['Y1', 'B3', 'Y3'] });
    assert.deepEqual(split.data.fleets[0].boats.map((b: any) => b.rank), [1, 2, 3]);
    // Each split is published as fleet.split (a webhook event); the last one is the split by rank.
    const splits = await watcher.waitFor(
      (facts) => {
        const mine = facts.filter((f) => f.type === 'fleet.split' && f.eventId === eventId).map((f) => factPayload(f, 'fleetSplit')!);
        return mine.length === 3 ? mine : undefined;
      },
      15_000,
      'three fleet.split facts',
    );
    assert.deepEqual(splits.map((p) => [p.stage, p.method]), [['final', 'by_rank'], ['final', 'alternating'], ['final', 'by_rank']]);
    assert.deepEqual(splits[2]!.fleets.map((f) => [f.fleetId, f.boatIds.map((b) => name[b])]), [[fleet['Gold'], ['B1', 'Y2', 'B2']], [fleet['Silver'], ['Y1', 'B3', 'Y3']]]);
  });

  test('final series: results with the normal API, A9(a) across both stages, Gold above Silver', async () => {
    // A Silver boat has no place on a Gold sheet.
    await refused(submit('Gold', 1, ['Y2', 'B1', 'Y1']), 400, 'unknown_boat');
    await ok(submit('Gold', 1, ['Y2', 'B1', 'B2']));
    await ok(submit('Silver', 1, ['Y3', 'Y1', 'B3']));
    await ok(submit('Gold', 2, ['Y2', 'B2', 'B1 RDG']));
    await ok(submit('Silver', 2, ['Y1', 'B3', 'Y3']));
    await ok(submit('Gold', 3, ['B2', 'B1', 'Y2']));
    await ok(submit('Silver', 3, ['Y1', 'Y3', 'B3']));
    // B1's other races: Q1 1, F1 2, F3 2 → 5 / 3 = 1.67 → 1.7 for each redress (Q2 and F2).
    // Gold: Y2 2+1+1+1+3 = 8, B1 1+1.7+2+1.7+2 = 8.4, B2 2+1+3+2+1 = 9.
    // Silver (ranked inside the fleet): Y1 1+2+2+1+1 = 7, Y3 3+3+1+3+2 = 12, B3 3+2+3+2+3 = 13.
    assert.deepEqual(await standings('final'), [
      ['Y2', 'Gold', 1, 8],
      ['B1', 'Gold', 2, 8.4],
      ['B2', 'Gold', 3, 9],
      ['Y1', 'Silver', 1, 7],
      ['Y3', 'Silver', 2, 12],
      ['B3', 'Silver', 3, 13],
    ]);
    const body = await ok(api.get(`/api/v1/events/${slug}/split-standings`, { query: { stage: 'final' }, key: organizer.key }));
    const b1 = body.data.standings.find((s: any) => s.boatId === boat['B1']);
    assert.deepEqual(
      b1.races.map((r: any) => [r.stage, r.race, r.points, r.code]),
      [['qualifying', 1, 1, null], ['qualifying', 2, 1.7, 'RDG'], ['final', 1, 2, null], ['final', 2, 1.7, 'RDG'], ['final', 3, 2, null]],
    );
    // The per-fleet standings keep their contract: Gold scored alone (its redress averages Gold's races
    // only: F1 2, F3 2 → 2): Y2 1+1+3 = 5, B2 3+2+1 = 6, B1 2+2+2 = 6 (A8.1: B2's 1 beats B1's 2).
    // The boats' details come from their registrations in the qualifying fleets.
    const gold = await ok(api.get(`/api/v1/events/${slug}/standings`, { query: { fleet: 'Gold' }, key: organizer.key }));
    assert.deepEqual(
      gold.data.standings.map((e: any) => [name[e.boat.id], e.boat.name, e.position, e.netPoints]),
      [['Y2', 'Boat Y2', 1, 5], ['B2', 'Boat B2', 2, 6], ['B1', 'Boat B1', 3, 6]],
    );
  });

  test('medal race: top two of the opening series, double points, never discarded; overall result', async () => {
    const key = organizer.key;
    await refused(api.post(`/api/v1/events/${slug}/split`, { stage: 'medal', method: 'alternating' }, { key }), 400, 'validation_failed');
    const medal = await ok(api.post(`/api/v1/events/${slug}/split`, { stage: 'medal', method: 'by_rank' }, { key }));
    assert.deepEqual(fleetsOf(medal), { Medal: ['Y2', 'B1'] });
    await ok(submit('Medal', 1, ['B1', 'Y2']));
    // Medal: B1 1 × 2 = 2 → 8.4 + 2 = 10.4; Y2 2 × 2 = 4 → 8 + 4 = 12. Medal boats first, then Gold, then Silver.
    assert.deepEqual(await standings('overall'), [
      ['B1', 'Gold', 1, 10.4],
      ['Y2', 'Gold', 2, 12],
      ['B2', 'Gold', 3, 9],
      ['Y1', 'Silver', 4, 7],
      ['Y3', 'Silver', 5, 12],
      ['B3', 'Silver', 6, 13],
    ]);
    assert.deepEqual(await standings('medal'), [['B1', 'Gold', 1, 10.4], ['Y2', 'Gold', 2, 12]]);
    const body = await ok(api.get(`/api/v1/events/${slug}/split-standings`, { key }));
    const y2 = body.data.standings.find((s: any) => s.boatId === boat['Y2']);
    assert.deepEqual(y2.races.at(-1), { stage: 'medal', race: 1, points: 4, code: null, dropped: false, discardable: false });
    assert.equal(y2.medal, true);
    // Final fleets have results: neither the split nor the definition may change now.
    await refused(api.post(`/api/v1/events/${slug}/split`, { method: 'by_rank' }, { key }), 409, 'split_series_locked');
    await refused(api.put(`/api/v1/events/${slug}/split-series`, { qualifyingFleets: [fleet['Yellow'], fleet['Blue']], finalFleets: [fleet['Gold'], fleet['Silver']] }, { key }), 409, 'split_series_locked');
    const kept = (await ok(api.get(`/api/v1/events/${slug}/split-series`, { key }))).data;
    assert.deepEqual([kept.carry, kept.medal], ['continuous', { fleetId: fleet['Medal'], size: 2, multiplier: 2 }]);
  });

  test('two IRC fleets: a new certificate from race 2, the rating in force shown, an overall result on corrected time', async () => {
    const key = organizer.key;
    const irc: Record<string, string> = {};
    const ircRaces: Record<string, string[]> = { 'IRC 1': [], 'IRC 2': [] };
    for (const f of ['IRC 1', 'IRC 2']) {
      irc[f] = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: f, handicap: { system: 'irc' } }, { key }), 201)).data.id;
      for (const n of [1, 2]) ircRaces[f]!.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: irc[f], raceNumber: n, scheduledStart: startOf(n).toISOString() }, { key }), 201)).data.id);
    }
    const tcc: Record<string, number> = { H1: 1.0, H2: 1.1, H3: 0.9, H4: 1.05 };
    const registrationOf: Record<string, string> = {};
    for (const h of ['H1', 'H2', 'H3', 'H4']) {
      const body = {
        fleet: irc[h === 'H1' || h === 'H2' ? 'IRC 1' : 'IRC 2'],
        boat: { name: `Boat ${h}`, sailNumber: `GBR ${h} ${uniqueSuffix()}`, ratings: { irc: tcc[h]! } },
        sailor: { name: `Skipper ${h}`, email: `skipper-${h.toLowerCase()}-${uniqueSuffix()}@example.org` },
      };
      const registration = await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201);
      boat[h] = registration.data.boatId;
      name[registration.data.boatId] = h;
      registrationOf[h] = registration.data.id;
    }
    const submitTimes = (f: string, n: number, elapsed: Record<string, number>) =>
      ok(api.post(`/api/v1/events/${slug}/races/${ircRaces[f]![n - 1]}/results`, {
        actualStart: startOf(n).toISOString(),
        status: 'finished',
        results: Object.entries(elapsed).map(([h, seconds]) => ({ boat: boat[h], finishTime: plus(startOf(n), seconds), status: 'finished' })),
      }, { key }));
    // Race 1: H1 3600 × 1.0 = 3600, H2 3300 × 1.1 = 3630; H3 3900 × 0.9 = 3510, H4 3500 × 1.05 = 3675.
    await submitTimes('IRC 1', 1, { H1: 3600, H2: 3300 });
    await submitTimes('IRC 2', 1, { H3: 3900, H4: 3500 });
    // H2's new certificate: 1.000 from race 2 (race 1 keeps 1.1).
    const changed = await ok(api.put(`/api/v1/events/${slug}/registrations/${registrationOf['H2']}/ratings`, { system: 'irc', value: 1.0, fromRace: 2 }, { key }));
    assert.deepEqual(changed.data.ratingChanges.map((c: any) => [c.system, c.value, c.fromRace]), [['irc', 1, 2]]);
    // Race 2: H1 3500, H2 3450 × 1.0 = 3450 (3795 on the old certificate); H3 3950 × 0.9 = 3555, H4 3340 × 1.05 = 3507.
    await submitTimes('IRC 1', 2, { H1: 3500, H2: 3450 });
    await submitTimes('IRC 2', 2, { H3: 3950, H4: 3340 });

    // Fleet IRC 1: H1 1 + 2 = 3, H2 2 + 1 = 3; A8.1 equal ([1, 2]), A8.2 last race: H2. IRC 2 likewise H4 before H3.
    // The rating change reaches results-scoring as a fact: wait until the standings show it.
    const ircOne = await eventually(
      async () => {
        const body = (await api.get(`/api/v1/events/${slug}/standings`, { query: { fleet: 'IRC 1' }, key })).body as any;
        const h2 = body?.data?.standings?.find((e: any) => e.boat.id === boat['H2']);
        return h2?.raceResults?.[1]?.rating === 1 ? body : undefined;
      },
      10_000,
      'the rating change in the IRC 1 standings',
    );
    assert.deepEqual(
      ircOne.data.standings.map((e: any) => [name[e.boat.id], e.position, e.netPoints, e.raceResults.map((r: any) => [r.points, r.rating])]),
      [['H2', 1, 3, [[2, 1.1], [1, 1]]], ['H1', 2, 3, [[1, 1], [2, 1]]]],
    );

    // Overall on IRC corrected time, both fleets together.
    // Race 1: H3 3510 (1), H1 3600 (2), H2 3630 (3), H4 3675 (4). Race 2: H2 3450 (1), H1 3500 (2), H4 3507 (3), H3 3555 (4).
    // H1 2 + 2 = 4, H2 3 + 1 = 4 (A8.1: H2's 1 beats H1's 2 → H2 first), H3 1 + 4 = 5, H4 4 + 3 = 7.
    await ok(api.put(`/api/v1/events/${slug}/overall`, { name: 'Overall IRC', fleets: [irc['IRC 1'], irc['IRC 2']], method: 'corrected_time' }, { key }));
    const overall = await ok(api.get(`/api/v1/events/${slug}/overall`, { key }));
    assert.deepEqual([overall.data.method, overall.data.handicapSystem, overall.data.racesCompleted], ['corrected_time', 'irc', 2]);
    assert.deepEqual(
      overall.data.standings.map((e: any) => [name[e.boat.id], e.position, e.fleet, e.netPoints, e.raceResults.map((r: any) => [r.points, r.correctedSeconds, r.rating])]),
      [
        ['H2', 1, 'IRC 1', 4, [[3, 3630, 1.1], [1, 3450, 1]]],
        ['H1', 2, 'IRC 1', 4, [[2, 3600, 1], [2, 3500, 1]]],
        ['H3', 3, 'IRC 2', 5, [[1, 3510, 0.9], [4, 3555, 0.9]]],
        ['H4', 4, 'IRC 2', 7, [[4, 3675, 1.05], [3, 3507, 1.05]]],
      ],
    );
  });
});
