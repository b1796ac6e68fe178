/**
 * End to end through the gateway: the engine's fleet set-up options set on fleets, a
 * rating changed mid-series, and the overall result across fleets, with the numbers worked by hand:
 * - ILCA (one-design): penalty basis "finishers + N" {dnf 1, dnc 2}, proportional discards (one from 3
 *   races, one more every 2), redress A9(a) leaving DNC scores out;
 * - Club (one-design): high point percentage;
 * - IRC A and IRC B (IRC): a new certificate for Y from race 2; the overall on corrected time and by points.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, newActor, uniqueSuffix, type Actor } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const base = new Date(Math.floor((Date.now() + 40 * DAY) / DAY) * DAY);
const startOf = (race: number, minutes = 0) => new Date(base.getTime() + (race - 1) * DAY + 12 * 3_600_000 + minutes * 60_000);
const plus = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

/** Polls until `check` passes (the projection of a registration change reaches results-scoring through Kafka). */
async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

describe('engine options through the gateway', () => {
  let organizer: Actor;
  let slug: string;
  const fleetIds: Record<string, string> = {};
  const raceIds: Record<string, string[]> = {};
  const boatIds: Record<string, string> = {};
  const registrationIds: Record<string, string> = {};

  before(async () => {
    organizer = await newActor(api);
    const org = await createOrganization(api, organizer);
    const key = organizer.key;
    const created = await ok(
      api.post('/api/v1/events', { organization: org.slug, name: `Options Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 3 * DAY).toISOString() }, { key }),
      201,
    );
    slug = created.data.slug;
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    const fleets: Record<string, Record<string, unknown>> = {
      ILCA: { penaltyBasis: 'finishers_plus', finishersPlus: { dnf: 1, dnc: 2 }, proportionalDiscards: { firstAt: 3, everyRaces: 2 }, redress: { excludeDnc: true } },
      Club: { scoringSystem: 'high_point_percentage' },
      'IRC A': { handicap: { system: 'irc' }, penaltyBasis: 'starting_area' },
      'IRC B': { handicap: { system: 'irc' } },
    };
    for (const [name, setup] of Object.entries(fleets)) {
      const fleet = await ok(api.post(`/api/v1/events/${slug}/fleets`, { name, ...setup }, { key }), 201);
      fleetIds[name] = fleet.data.id;
      raceIds[name] = [];
      for (const number of name === 'ILCA' ? [1, 2, 3] : name === 'Club' ? [1] : [1, 2]) {
        const race = await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: fleet.data.id, raceNumber: number, scheduledStart: startOf(number).toISOString() }, { key }), 201);
        raceIds[name]!.push(race.data.id);
      }
    }
    const register = async (fleet: string, name: string, ratings?: Record<string, number>) => {
      const body = {
        fleet: fleetIds[fleet],
        boat: { name: `Boat ${name}`, sailNumber: `OPT ${name} ${uniqueSuffix()}`, ...(ratings ? { ratings } : {}) },
        sailor: { name: `Skipper ${name}`, email: `skipper-${name.toLowerCase()}-${uniqueSuffix()}@example.org` },
      };
      const registration = await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201);
      boatIds[name] = registration.data.boatId;
      registrationIds[name] = registration.data.id;
    };
    for (const b of ['A', 'B', 'C', 'D']) await register('ILCA', b);
    for (const b of ['P', 'Q', 'R']) await register('Club', b);
    await register('IRC A', 'X', { irc: 1.0 });
    await register('IRC A', 'Y', { irc: 1.1 });
    await register('IRC B', 'Z', { irc: 0.95 });
  });

  const submit = (fleet: string, race: number, results: unknown[], minutes = 0) =>
    ok(api.post(`/api/v1/events/${slug}/races/${raceIds[fleet]![race - 1]}/results`, { actualStart: startOf(race, minutes).toISOString(), status: 'finished', results }, { key: organizer.key }));
  const finish = (name: string, race: number, seconds: number, minutes = 0) => ({ boat: boatIds[name], finishTime: plus(startOf(race, minutes), seconds), status: 'finished' });
  const standings = async (fleet: string) => (await ok(api.get(`/api/v1/events/${slug}/standings`, { query: { fleet }, key: organizer.key }))).data;
  const rows = (data: any) => data.standings.map((e: any) => [e.boat.id, e.position, e.totalPoints, e.netPoints, e.raceResults.map((r: any) => (r.dropped ? `(${r.points})` : `${r.points}`)).join(' ')]);

  test('the fleet states its options', async () => {
    const event = await ok(api.get(`/api/v1/events/${slug}`, { query: { include: 'fleets' }, key: organizer.key }));
    const ilca = event.data.fleets.find((f: any) => f.name === 'ILCA');
    assert.deepEqual([ilca.penaltyBasis, ilca.finishersPlus, ilca.proportionalDiscards, ilca.redress], [
      'finishers_plus',
      { dnf: 1, dnc: 2 },
      { firstAt: 3, everyRaces: 2 },
      { defaultMethod: 'average_all', excludeDnc: true },
    ]);
    const club = event.data.fleets.find((f: any) => f.name === 'Club');
    assert.deepEqual([club.scoringSystem, club.finishersPlus, club.redress], ['high_point_percentage', null, null]);
  });

  test('finishers + N, proportional discards and redress without DNC scores (ILCA)', async () => {
    // R1: A 1, B 2, C 3; D DNF = 3 finishers + 1 = 4.
    await submit('ILCA', 1, [finish('A', 1, 1800), finish('B', 1, 1810), finish('C', 1, 1820), { boat: boatIds['D'], status: 'dnf' }]);
    // R2: B 1, C 2, D 3; A has no record: DNC = 3 finishers + 2 = 5.
    await submit('ILCA', 2, [finish('B', 2, 1800), finish('C', 2, 1810), finish('D', 2, 1820)]);
    // R3: B 1, C 2, D 3; A redress without a method → the fleet's A9(a) leaving DNC out: (1) / 1 = 1.
    await submit('ILCA', 3, [finish('B', 3, 1800), finish('C', 3, 1810), finish('D', 3, 1820), { boat: boatIds['A'], status: 'dns', code: 'rdg' }]);
    const data = await standings('ILCA');
    // 3 races: one discard (first at 3). A 1+5+1 = 7 − 5 = 2; B 2+1+1 = 4 − 2 = 2; C 3+2+2 = 7 − 3 = 4;
    // D 4+3+3 = 10 − 4 = 6. A and B: A8.1 equal (1, 1); A8.2 race 3 equal (1, 1), race 2 B 1 beats A 5.
    assert.deepEqual(data.scoringSystem, { type: 'low_point', drops: 1, appliedDrops: 1 });
    assert.deepEqual(rows(data), [
      [boatIds['B'], 1, 4, 2, '(2) 1 1'],
      [boatIds['A'], 2, 7, 2, '1 (5) 1'],
      [boatIds['C'], 3, 7, 4, '(3) 2 2'],
      [boatIds['D'], 4, 10, 6, '(4) 3 3'],
    ]);
  });

  test('high point percentage (Club)', async () => {
    // 3 came to the start: 100 × 3/3 = 100, 100 × 2/3 = 66.7, 100 × 1/3 = 33.3.
    await submit('Club', 1, [finish('P', 1, 1500), finish('Q', 1, 1600), finish('R', 1, 1700)]);
    const data = await standings('Club');
    assert.equal(data.scoringSystem.type, 'high_point_percentage');
    assert.deepEqual(rows(data), [
      [boatIds['P'], 1, 100, 100, '100'],
      [boatIds['Q'], 2, 66.7, 66.7, '66.7'],
      [boatIds['R'], 3, 33.3, 33.3, '33.3'],
    ]);
  });

  test('a rating changed from race 2 corrects race 2 with the new certificate and shows with each result', async () => {
    const refused = await api.put(`/api/v1/events/${slug}/registrations/${registrationIds['Y']}/ratings`, { system: 'one_design', value: 1, fromRace: 2 }, { key: organizer.key });
    assert.deepEqual([refused.status, refused.body.code, refused.body.errors?.[0]?.field], [400, 'validation_failed', 'system']);
    const outOfRange = await api.put(`/api/v1/events/${slug}/registrations/${registrationIds['Y']}/ratings`, { system: 'irc', value: 9, fromRace: 2 }, { key: organizer.key });
    assert.deepEqual([outOfRange.status, outOfRange.body.errors?.[0]?.field], [400, 'value']);

    const changed = await ok(api.put(`/api/v1/events/${slug}/registrations/${registrationIds['Y']}/ratings`, { system: 'irc', value: 1.05, fromRace: 2 }, { key: organizer.key }));
    assert.deepEqual(changed.data.ratings, { irc: 1.1 });
    assert.deepEqual(changed.data.ratingChanges.map((c: any) => [c.system, c.key, c.value, c.fromRace]), [['irc', 'irc', 1.05, 2]]);
    const read = await ok(api.get(`/api/v1/events/${slug}/registrations/${registrationIds['Y']}/ratings`, { key: organizer.key }));
    assert.deepEqual(read.data, changed.data);

    // R1: X 3600 × 1.000 = 3600 (1), Y 3400 × 1.100 = 3740 (2). IRC B starts 10 minutes later: Z 4000 × 0.95 = 3800.
    await submit('IRC A', 1, [finish('X', 1, 3600), finish('Y', 1, 3400)]);
    await submit('IRC B', 1, [finish('Z', 1, 4000, 10)], 10);
    // R2: X 3600 (2), Y 3400 × 1.050 = 3570 (1). Z 3900 × 0.95 = 3705.
    await submit('IRC A', 2, [finish('X', 2, 3600), finish('Y', 2, 3400)]);
    await submit('IRC B', 2, [finish('Z', 2, 3900, 10)], 10);
    await eventually(async () => {
      const data = await standings('IRC A');
      const y = data.standings.find((e: any) => e.boat.id === boatIds['Y']);
      assert.deepEqual(y.raceResults.map((r: any) => [r.points, r.rating]), [[2, 1.1], [1, 1.05]]);
    });
    const results = await ok(api.get(`/api/v1/events/${slug}/results`, { key: organizer.key }));
    const race2 = results.data.races.find((r: any) => r.race.id === raceIds['IRC A']![1]);
    assert.deepEqual(
      race2.results.map((r: any) => [r.boat.id, r.position, r.correctedTime, r.rating]),
      [
        [boatIds['Y'], 1, '00:59:30', 1.05],
        [boatIds['X'], 2, '01:00:00', 1],
      ],
    );
  });

  test('overall on corrected time across IRC A and IRC B, and by points', async () => {
    const key = organizer.key;
    const defined = await ok(api.put(`/api/v1/events/${slug}/overall`, { name: 'Overall IRC', fleets: [fleetIds['IRC A'], 'IRC B'], method: 'corrected_time' }, { key }));
    assert.deepEqual([defined.data.handicapSystem, defined.data.fleets.map((f: any) => f.name)], ['irc', ['IRC A', 'IRC B']]);
    // R1: X 3600 (1), Y 3740 (2), Z 3800 (3). R2: Y 3570 (1), X 3600 (2), Z 3705 (3).
    // X 3, Y 3 (A8.1 equal, A8.2 last race Y 1 beats X 2), Z 6.
    const overall = await ok(api.get(`/api/v1/events/${slug}/overall`, { key }));
    assert.deepEqual(
      overall.data.standings.map((s: any) => [s.boat.id, s.position, s.fleet, s.netPoints, s.raceResults.map((c: any) => [c.points, c.correctedSeconds, c.rating])]),
      [
        [boatIds['Y'], 1, 'IRC A', 3, [[2, 3740, 1.1], [1, 3570, 1.05]]],
        [boatIds['X'], 2, 'IRC A', 3, [[1, 3600, 1], [2, 3600, 1]]],
        [boatIds['Z'], 3, 'IRC B', 6, [[3, 3800, 0.95], [3, 3705, 0.95]]],
      ],
    );

    // By points: nets in their fleets Y 3, X 3 (IRC A), Z 2 (IRC B) → Z, Y, X; scaled × 2 / 1 for IRC B: Z 4 → Y, X, Z.
    const net = await ok(api.put(`/api/v1/events/${slug}/overall`, { fleets: ['IRC A', 'IRC B'], method: 'points' }, { key }));
    assert.deepEqual(net.data.standings.map((s: any) => [s.boat.id, s.position, s.netPoints]), [[boatIds['Z'], 1, 2], [boatIds['Y'], 2, 3], [boatIds['X'], 3, 3]]);
    const scaled = await ok(api.put(`/api/v1/events/${slug}/overall`, { fleets: ['IRC A', 'IRC B'], method: 'points', pointsFormula: 'net_scaled' }, { key }));
    assert.deepEqual(scaled.data.standings.map((s: any) => [s.boat.id, s.position, s.netPoints]), [[boatIds['Y'], 1, 3], [boatIds['X'], 2, 3], [boatIds['Z'], 3, 4]]);

    // One-design fleets have no corrected time in common: 409; an unknown fleet: 400.
    const notComparable = await api.put(`/api/v1/events/${slug}/overall`, { fleets: ['ILCA', 'Club'], method: 'corrected_time' }, { key });
    assert.deepEqual([notComparable.status, notComparable.body.code], [409, 'overall_not_comparable']);
    const unknown = await api.put(`/api/v1/events/${slug}/overall`, { fleets: ['Nope'] }, { key });
    assert.deepEqual([unknown.status, unknown.body.code], [400, 'unknown_fleet']);
  });
});
