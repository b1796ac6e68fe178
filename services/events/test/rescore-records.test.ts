/**
 * Re-scores that other changes cause are refused when they could not run, and recorded when they do
 * (every change attributed), end to end through the gateway: a fleet switched to a time-on-distance system
 * while its races have no course distance is refused up front (400 missing_course_distance, the
 * set-up unchanged); with the distances set, the switch re-scores and records; a race's weight and a
 * boat's mid-series rating change re-score the fleet and are recorded as revisions of the races whose
 * numbers moved.
 *
 * Worked by hand. Three boats with PHRF ratings (s/nm): A 0, B 60, C 120. Two races, elapsed times:
 *   R1: A 3600, B 3800, C 4000      R2: A 3600, B 3650, C 4300
 * One-design (the fleet's set-up at first): order on the water R1 A B C, R2 A B C
 *   → A 1+1 = 2, B 2+2 = 4, C 3+3 = 6.
 * phrf_tod, both races 5 nm (corrected = elapsed − rating × 5):
 *   R1: A 3600 − 0 = 3600, B 3800 − 300 = 3500, C 4000 − 600 = 3400 → C 1, B 2, A 3
 *   R2: A 3600, B 3650 − 300 = 3350, C 4300 − 600 = 3700            → B 1, A 2, C 3
 *   → B 2+1 = 3, C 1+3 = 4, A 3+2 = 5.
 * Race 2 weight 1.5 (weighted scores to a tenth): R2 B 1.5, A 3.0, C 4.5
 *   → B 2 + 1.5 = 3.5, C 1 + 4.5 = 5.5, A 3 + 3 = 6.   Race 1 unchanged: one revision (race 2).
 * A's rating 80 from race 2: R2 A 3600 − 400 = 3200 → A 1, B 2 (3350), C 3 (3700); weighted A 1.5, B 3, C 4.5
 *   → A 3 + 1.5 = 4.5, B 2 + 3 = 5, C 1 + 4.5 = 5.5.   Race 1 unchanged: one revision (race 2).
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { apiClient, eventually, uniqueSuffix } from '@regatta/testing';
import { DAY, newClub, setStatus, type Club } from './helpers.js';

const api = apiClient();

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

describe('re-scores caused by set-up, race and rating changes: refused when impossible, recorded when done', () => {
  let club: Club;
  let key: string;
  let slug: string;
  let fleetId: string;
  const races: string[] = [];
  const boat: Record<string, string> = {};
  const registration: Record<string, string> = {};
  const sail: Record<string, string> = {};

  const name = (id: string) => Object.keys(boat).find((k) => boat[k] === id) ?? id;
  const table = async () => (await ok(api.get(`/api/v1/events/${slug}/standings`, { key }))).data.standings.map((s: any) => [name(s.boat.id), s.position, s.netPoints]);
  const standingsBecome = (expected: unknown[], what: string) =>
    eventually(async () => (JSON.stringify(await table()) === JSON.stringify(expected) ? true : undefined), 15_000, what);
  const revisions = async (reason: string) =>
    (await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key, query: { fleet: fleetId, limit: 100 } }))).data.revisions.filter((r: any) => r.reason === reason);

  before(async () => {
    club = await newClub('Rescore');
    key = club.organizer.key;
    const base = new Date(Math.floor((Date.now() - 2 * DAY) / DAY) * DAY);
    const created = await ok(
      api.post('/api/v1/events', { organization: club.org.slug, name: `Rescore Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 3 * DAY).toISOString() }, { key }),
      201,
    );
    slug = created.data.slug;
    await setStatus(club, slug, 'published');
    fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'Cruisers' }, { key }), 201)).data.id;
    for (const n of [1, 2]) races.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: n }, { key }), 201)).data.id);
    for (const [n, phrf] of [['A', 0], ['B', 60], ['C', 120]] as const) {
      sail[n] = `USA ${n} ${uniqueSuffix()}`;
      const body = { fleet: fleetId, boat: { name: `Boat ${n}`, sailNumber: sail[n], ratings: { phrf } }, sailor: { name: `Skipper ${n}`, email: `rescore-${n.toLowerCase()}-${uniqueSuffix()}@example.org` } };
      const data = (await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data;
      boat[n] = data.boatId;
      registration[n] = data.id;
    }
    const elapsed: Record<string, number>[] = [
      { A: 3600, B: 3800, C: 4000 },
      { A: 3600, B: 3650, C: 4300 },
    ];
    for (const [index, times] of elapsed.entries()) {
      const start = new Date(base.getTime() + 12 * 3_600_000 + index * 7_200_000);
      const results = Object.entries(times).map(([n, seconds]) => ({ boat: boat[n], status: 'finished', finishTime: new Date(start.getTime() + seconds * 1000).toISOString() }));
      await eventually(async () => {
        const response = await api.post(`/api/v1/events/${slug}/races/${races[index]}/results`, { actualStart: start.toISOString(), results }, { key });
        return response.status === 200 ? true : undefined;
      }, 10_000, `results of race ${index + 1}`);
    }
    await standingsBecome([['A', 1, 2], ['B', 2, 4], ['C', 3, 6]], 'one-design standings');
  });

  test('a switch to time on distance while races have no distance is refused up front; with the distances it re-scores and is recorded', async () => {
    const refused = await api.patch(`/api/v1/events/${slug}/fleets/${fleetId}`, { handicap: { system: 'phrf_tod' } }, { key });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.code, 'missing_course_distance');
    assert.match(refused.body.detail, /race\(s\) 1, 2 have no course distance/);
    assert.deepEqual(refused.body.errors, [{ field: 'handicap.system', message: 'race(s) 1, 2 have no course distance' }]);
    // Nothing was stored: the fleet still scores one-design, the standings and revisions are as before.
    const fleet = (await ok(api.get(`/api/v1/events/${slug}`, { key, query: { include: 'fleets' } }))).data.fleets.find((f: any) => f.id === fleetId);
    assert.equal(fleet.handicap.system, 'one_design');
    assert.deepEqual(await table(), [['A', 1, 2], ['B', 2, 4], ['C', 3, 6]]);

    for (const race of races) await ok(api.patch(`/api/v1/events/${slug}/races/${race}`, { courseDistanceNm: 5 }, { key }));
    const patched = await ok(api.patch(`/api/v1/events/${slug}/fleets/${fleetId}`, { handicap: { system: 'phrf_tod' } }, { key }));
    assert.equal(patched.data.handicap.system, 'phrf_tod');
    await standingsBecome([['B', 1, 3], ['C', 2, 4], ['A', 3, 5]], 'standings re-scored on phrf_tod');
    const recorded = await revisions(`fleet set-up changed by ${club.organizer.name}`);
    assert.deepEqual(new Set(recorded.map((r: any) => r.raceId)), new Set(races));
    // The standings' asOf is the set-up change's revision time.
    assert.equal((await ok(api.get(`/api/v1/events/${slug}/standings`, { key }))).data.asOf, recorded[0].at);
  });

  test('a race weight change re-scores and records a revision for the race whose numbers moved', async () => {
    await ok(api.patch(`/api/v1/events/${slug}/races/${races[1]}`, { weight: 1.5 }, { key }));
    await standingsBecome([['B', 1, 3.5], ['C', 2, 5.5], ['A', 3, 6]], 'standings with race 2 weighted 1.5');
    const recorded = await eventually(async () => {
      const list = await revisions('race 2 changed (weight)');
      return list.length > 0 ? list : undefined;
    }, 15_000, 'revision of the weight change');
    assert.deepEqual(recorded.map((r: any) => r.raceId), [races[1]]);
    // Attributed to the person who changed the race (the fact's actor), not to nobody.
    assert.equal(recorded[0].actor.userId, club.organizer.userId);
    const points = Object.fromEntries(recorded[0].changes.map((c: any) => [name(c.boatId), [c.before.points, c.after.points]]));
    assert.deepEqual(points, { A: [2, 3], B: [1, 1.5], C: [3, 4.5] });
    // The standings' asOf is the re-score's revision (the latest included), and asOf = that time answers
    // the re-scored table, not the one before it.
    const live = (await ok(api.get(`/api/v1/events/${slug}/standings`, { key }))).data;
    assert.equal(live.asOf, recorded[0].at);
    const then = (await ok(api.get(`/api/v1/events/${slug}/standings`, { key, query: { asOf: live.asOf } }))).data;
    assert.deepEqual(then.standings, live.standings);
  });

  test('a mid-series rating change re-scores and records a revision for the races it moved', async () => {
    await ok(api.put(`/api/v1/events/${slug}/registrations/${registration['A']}/ratings`, { system: 'phrf_tod', value: 80, fromRace: 2 }, { key }));
    await standingsBecome([['A', 1, 4.5], ['B', 2, 5], ['C', 3, 5.5]], 'standings after A’s rating change from race 2');
    const recorded = await eventually(async () => {
      const list = await revisions(`rating of ${sail['A']} changed`);
      return list.length > 0 ? list : undefined;
    }, 15_000, 'revision of the rating change');
    assert.deepEqual(recorded.map((r: any) => r.raceId), [races[1]]);
    assert.equal(recorded[0].actor.userId, club.organizer.userId);
    const points = Object.fromEntries(recorded[0].changes.map((c: any) => [name(c.boatId), [c.before.points, c.after.points]]));
    assert.deepEqual(points, { A: [3, 1.5], B: [1.5, 3] });
  });
});
