/**
 * End to end through the gateway: an organizer creates a regatta with a handicap fleet (IRC) and a
 * one-design fleet (Lasers) in the events service, registers the boats, and submits three races per
 * fleet with penalties, a tie and a discard to results-scoring; the standings are the ones the rules
 * give (numbers worked by hand below). Every response is checked against the OpenAPI document.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, newActor, uniqueSuffix, type Actor } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const base = new Date(Math.floor((Date.now() + 30 * DAY) / DAY) * DAY);
const startOf = (race: number) => new Date(base.getTime() + (race - 1) * DAY + 12 * 3_600_000);
const plus = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

describe('regatta scored end to end through the gateway', () => {
  let organizer: Actor;
  let slug: string;
  const fleetIds: Record<string, string> = {};
  const raceIds: Record<string, string[]> = { IRC: [], Lasers: [] };
  const boatIds: Record<string, string> = {};
  const tcc: Record<string, number> = { H1: 1.0, H2: 1.1, H3: 0.95, H4: 1.05 };

  before(async () => {
    organizer = await newActor(api);
    const org = await createOrganization(api, organizer);
    const key = organizer.key;
    const created = await ok(
      api.post('/api/v1/events', { organization: org.slug, name: `Results Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 3 * DAY).toISOString() }, { key }),
      201,
    );
    slug = created.data.slug;
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    fleetIds['IRC'] = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'IRC', handicap: { system: 'irc' }, discardThresholds: [3] }, { key }), 201)).data.id;
    fleetIds['Lasers'] = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'Lasers', dropRaces: 1 }, { key }), 201)).data.id;
    for (const fleet of ['IRC', 'Lasers']) {
      for (const number of [1, 2, 3]) {
        const race = await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: fleetIds[fleet], raceNumber: number, scheduledStart: startOf(number).toISOString() }, { key }), 201);
        raceIds[fleet]!.push(race.data.id);
      }
    }
    const register = async (fleet: string, name: string, ratings?: Record<string, number>) => {
      const body = {
        fleet: fleetIds[fleet],
        boat: { name: `Boat ${name}`, sailNumber: `${fleet === 'IRC' ? 'GBR' : 'ITA'} ${name} ${uniqueSuffix()}`, ...(ratings ? { ratings } : {}) },
        sailor: { name: `Skipper ${name}`, email: `skipper-${name.toLowerCase()}-${uniqueSuffix()}@example.org` },
      };
      const registration = await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201);
      assert.equal(registration.data.status, 'registered');
      boatIds[name] = registration.data.boatId;
    };
    for (const h of ['H1', 'H2', 'H3', 'H4']) await register('IRC', h, { irc: tcc[h]! });
    for (const l of ['L1', 'L2', 'L3', 'L4', 'L5']) await register('Lasers', l);
  });

  const submit = (fleet: string, race: number, results: unknown[]) =>
    ok(api.post(`/api/v1/events/${slug}/races/${raceIds[fleet]![race - 1]}/results`, { actualStart: startOf(race).toISOString(), status: 'finished', results }, { key: organizer.key }));

  test('results submitted right after the registrations are accepted, with corrected times and points', async () => {
    const s = startOf(1);
    // No wait after the last registration: results-scoring's projection may still be catching up.
    const body = await submit('IRC', 1, [
      { boat: boatIds['H1'], finishTime: plus(s, 3600), status: 'finished' },
      { boat: boatIds['H2'], finishTime: plus(s, 3300), status: 'finished' },
      { boat: boatIds['H3'], finishTime: plus(s, 3800), status: 'finished' },
      { boat: boatIds['H4'], finishTime: plus(s, 3400), status: 'finished' },
    ]);
    // Corrected: H4 3400 × 1.05 = 3570 (1), H1 3600 (2), H3 3800 × 0.95 = 3610 (3), H2 3300 × 1.1 = 3630 (4).
    assert.deepEqual(
      body.data.map((r: any) => [r.boatId, r.position, r.points, r.correctedTime]),
      [
        [boatIds['H4'], 1, 1, '00:59:30'],
        [boatIds['H1'], 2, 2, '01:00:00'],
        [boatIds['H3'], 3, 3, '01:00:10'],
        [boatIds['H2'], 4, 4, '01:00:30'],
      ],
    );
  });

  test('three races per fleet with penalties, a tie and a discard give the standings the rules give', async () => {
    const s2 = startOf(2);
    const s3 = startOf(3);
    // IRC R2: H3 3650 × 0.95 = 3467.5 → 3468, 1st, ZFP → 1 + 20% × 5 = 2; H1 3500 (2); H2 3520 (3); H4 DNF 5.
    await submit('IRC', 2, [
      { boat: boatIds['H1'], finishTime: plus(s2, 3500), status: 'finished' },
      { boat: boatIds['H2'], finishTime: plus(s2, 3200), status: 'finished' },
      { boat: boatIds['H3'], finishTime: plus(s2, 3650), status: 'finished', code: 'zfp' },
      { boat: boatIds['H4'], status: 'dnf' },
    ]);
    // IRC R3: H1 OCS 5; H4 3622.5 → 3623 (1); H2 3630 (2); H3 3657.5 → 3658 (3).
    await submit('IRC', 3, [
      { boat: boatIds['H1'], status: 'dns', code: 'ocs' },
      { boat: boatIds['H2'], finishTime: plus(s3, 3300), status: 'finished' },
      { boat: boatIds['H3'], finishTime: plus(s3, 3850), status: 'finished' },
      { boat: boatIds['H4'], finishTime: plus(s3, 3450), status: 'finished' },
    ]);
    const s1 = startOf(1);
    await submit('Lasers', 1, ['L3:1830', 'L1:1800', 'L2:1815', 'L5:1900', 'L4:1850'].map((x) => {
      const [name, t] = x.split(':');
      return { boat: boatIds[name!], finishTime: plus(s1, Number(t)), status: 'finished' };
    }));
    // R2: L3 1, L2 2, L1 3, L5 4 + 30% × 6 = 5.8 (SCP), L4 DSQ 6.
    await submit('Lasers', 2, [
      { boat: boatIds['L3'], finishTime: plus(s2, 1700), status: 'finished' },
      { boat: boatIds['L2'], finishTime: plus(s2, 1710), status: 'finished' },
      { boat: boatIds['L1'], finishTime: plus(s2, 1720), status: 'finished' },
      { boat: boatIds['L4'], status: 'dsq' },
      { boat: boatIds['L5'], finishTime: plus(s2, 1760), status: 'finished', code: 'scp', penaltyPercent: 30 },
    ]);
    // R3: L3 1, L5 2, L4 3, L1 4, L2 DNF 6.
    await submit('Lasers', 3, [
      { boat: boatIds['L3'], finishTime: plus(s3, 1600), status: 'finished' },
      { boat: boatIds['L5'], finishTime: plus(s3, 1610), status: 'finished' },
      { boat: boatIds['L4'], finishTime: plus(s3, 1620), status: 'finished' },
      { boat: boatIds['L1'], finishTime: plus(s3, 1630), status: 'finished' },
      { boat: boatIds['L2'], status: 'dnf' },
    ]);

    const irc = await ok(api.get(`/api/v1/events/${slug}/standings`, { query: { fleet: 'IRC' }, key: organizer.key }));
    assert.deepEqual(irc.data.scoringSystem, { type: 'low_point', drops: 1, appliedDrops: 1 });
    // H4 1+5+1 = 7 − 5 = 2; H1 2+2+5 = 9 − 5 = 4; H2 4+3+2 = 9 − 4 = 5; H3 3+2+3 = 8 − 3 = 5;
    // H2 and H3 tie on 5 and on A8.1 ([2,3] each); A8.2, last race: H2 2 beats H3 3.
    assert.deepEqual(
      irc.data.standings.map((e: any) => [e.boat.id, e.position, e.totalPoints, e.netPoints, e.raceResults.map((r: any) => (r.dropped ? `(${r.points})` : `${r.points}`)).join(' ')]),
      [
        [boatIds['H4'], 1, 7, 2, '1 (5) 1'],
        [boatIds['H1'], 2, 9, 4, '2 2 (5)'],
        [boatIds['H2'], 3, 9, 5, '(4) 3 2'],
        [boatIds['H3'], 4, 8, 5, '(3) 2 3'],
      ],
    );
    assert.equal(irc.data.standings[0].skipper, 'Skipper H4');

    const lasers = await ok(api.get(`/api/v1/events/${slug}/standings`, { query: { fleet: 'Lasers' }, key: organizer.key }));
    // L3 5 − 3 = 2; L1 8 − 4 = 4 and L2 10 − 6 = 4 (A8.1: [1,3] beats [2,2]); L5 12.8 − 5.8 = 7 and L4 13 − 6 = 7 (A8.1: [2,5] beats [3,4]).
    assert.deepEqual(
      lasers.data.standings.map((e: any) => [e.boat.id, e.position, e.totalPoints, e.netPoints]),
      [
        [boatIds['L3'], 1, 5, 2],
        [boatIds['L1'], 2, 8, 4],
        [boatIds['L2'], 3, 10, 4],
        [boatIds['L5'], 4, 12.8, 7],
        [boatIds['L4'], 5, 13, 7],
      ],
    );

    const results = await ok(api.get(`/api/v1/events/${slug}/results`, { query: { race: '2', fleet: 'IRC' }, key: organizer.key }));
    assert.deepEqual(
      results.data.races[0].results.map((r: any) => [r.boat.id, r.position, r.points, r.status, r.correctedTime]),
      [
        [boatIds['H3'], 1, 2, 'finished', '00:57:48'],
        [boatIds['H1'], 2, 2, 'finished', '00:58:20'],
        [boatIds['H2'], 3, 3, 'finished', '00:58:40'],
        [boatIds['H4'], null, 5, 'dnf', null],
      ],
    );
  });

  test('a boat of another fleet, a finisher without a time and an unknown race are refused', async () => {
    const s = startOf(1);
    const race = raceIds['IRC']![0]!;
    const path = `/api/v1/events/${slug}/races/${race}/results` as const;
    const foreign = await api.post(path, { actualStart: s.toISOString(), results: [{ boat: boatIds['L1'], status: 'dnf' }] }, { key: organizer.key });
    assert.deepEqual([foreign.status, foreign.body.code], [400, 'unknown_boat']);
    const noTime = await api.post(path, { actualStart: s.toISOString(), results: [{ boat: boatIds['H1'], status: 'finished' }] }, { key: organizer.key });
    assert.deepEqual([noTime.status, noTime.body.code], [400, 'missing_finish_time']);
    const unknown = await api.post(`/api/v1/events/${slug}/races/00000000-0000-4000-8000-000000000000/results`, { results: [] }, { key: organizer.key });
    assert.equal(unknown.status, 404);
  });

  test('a key without the results scope, and a non-member, cannot submit; anyone with read can see', async () => {
    const reader = await newActor(api, ['read']);
    const path = `/api/v1/events/${slug}/races/${raceIds['IRC']![0]!}/results` as const;
    const noScope = await api.post(path, { results: [] }, { key: reader.key });
    assert.equal(noScope.status, 403);
    const stranger = await newActor(api, ['read', 'results']);
    const notMember = await api.post(path, { results: [] }, { key: stranger.key });
    assert.deepEqual([notMember.status, notMember.body.code], [403, 'not_a_member']);
    const standings = await api.get(`/api/v1/events/${slug}/standings`, { key: reader.key });
    assert.equal(standings.status, 200);
    assert.equal(standings.body.data.standings.length, 9);
    const anonymous = await api.get(`/api/v1/events/${slug}/standings`);
    assert.equal(anonymous.status, 401);
  });

  test('publishing makes the results official', async () => {
    const published = await ok(api.post(`/api/v1/events/${slug}/results/publish`, undefined, { key: organizer.key }));
    assert.equal(published.data.raceIds.length, 6);
    const results = await ok(api.get(`/api/v1/events/${slug}/results`, { query: { race: '1' }, key: organizer.key }));
    assert.deepEqual(results.data.races.map((r: any) => r.race.provisional), [false, false]);
  });
});
