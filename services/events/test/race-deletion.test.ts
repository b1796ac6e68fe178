/**
 * A race deleted while its results are being recorded (end to end through the gateway).
 *
 * Results posted for a race and the race deleted right after. The events service judges a deletion
 * from its copy of the results, filled from results.v1 a moment after results-scoring records
 * them, so the deletion may still answer 200; the results must then never vanish without a record:
 * results-scoring records a revision of the deleted race ("race 2 deleted with its results", under
 * the person who deleted it, every boat before → none), the standings drop the race, and the events
 * service does not keep showing results of a race it no longer has.
 * Worked: boats A, B. Race 1: A 1, B 2 (kept). Race 2: B 1, A 2 (deleted).
 * Standings after the deletion: A 1 point (1st), B 2 points (2nd), one race each (plus B 1, A 2
 * for each race whose deletion was refused in time, which stays).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { apiClient, eventually, uniqueSuffix } from '@regatta/testing';
import { DAY, newClub, ok, publishedEvent } from './helpers.js';

const api = apiClient();

describe('deleting a race while its results are recorded', () => {
  test('a race deleted right after its results were posted: the removal of its results is recorded, never silent', async (t) => {
    const club = await newClub('Deletion Race');
    const key = club.organizer.key;
    const slug = await publishedEvent(club, 'Deletion Cup');
    const fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'J70' }, { key }), 201)).data.id;
    const boat: Record<string, string> = {};
    for (const n of ['A', 'B']) {
      const body = { fleet: fleetId, boat: { name: `Boat ${n}`, sailNumber: `DEL ${n} ${uniqueSuffix()}` }, sailor: { name: `Skipper ${n}`, email: `del-${n.toLowerCase()}-${uniqueSuffix()}@example.org` } };
      boat[n] = (await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data.boatId;
    }
    const name = (id: string) => Object.keys(boat).find((k) => boat[k] === id) ?? id;
    const start = new Date(Date.now() - DAY);
    const sheet = (order: string[]) => order.map((n, i) => ({ boat: boat[n], status: 'finished', finishTime: new Date(start.getTime() + (600 + i * 10) * 1000).toISOString() }));
    const post = (raceId: string, order: string[]) =>
      eventually(async () => {
        const response = await api.post(`/api/v1/events/${slug}/races/${raceId}/results`, { actualStart: start.toISOString(), results: sheet(order) }, { key });
        return response.status === 200 ? response : undefined;
      }, 10_000, `results of race ${raceId}`);

    const kept = (await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: 1 }, { key }), 201)).data.id;
    await post(kept, ['A', 'B']);

    // Results posted and, 0–15 ms later, the race deleted (both in flight at once), as a race officer
    // and an organizer might: until one deletion answers 200 while the results were accepted (200),
    // the case under test. Other outcomes lose nothing: the deletion refused (409, the race stays and
    // counts) or the results refused because the race was gone (404).
    let deleted: string | undefined;
    let number = 1;
    let refused = 0;
    while (!deleted && number < 12) {
      number++;
      const raceId = (await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: number }, { key }), 201)).data.id;
      await new Promise((resolve) => setTimeout(resolve, 400)); // the race reaches results-scoring
      const [posted, deletion] = await Promise.all([
        api.post(`/api/v1/events/${slug}/races/${raceId}/results`, { actualStart: start.toISOString(), results: sheet(['B', 'A']) }, { key }),
        new Promise((resolve) => setTimeout(resolve, 5 * (number % 4))).then(() => api.delete(`/api/v1/events/${slug}/races/${raceId}`, { key })),
      ]);
      assert.ok([200, 404].includes(posted.status), posted.text);
      assert.ok([200, 409].includes(deletion.status), deletion.text);
      t.diagnostic(`race ${number}: results ${posted.status}, deletion ${deletion.status}`);
      if (deletion.status === 409) {
        assert.equal(deletion.body.code, 'race_has_results');
        assert.equal(posted.status, 200);
        refused++;
      } else if (posted.status === 200) deleted = raceId;
    }
    assert.ok(deleted, 'a deletion answered 200 while the results were accepted (the case under test)');

    const revisions = async () => (await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key, query: { fleet: fleetId, limit: 100 } }))).data.revisions;
    const reason = `race ${number} deleted with its results`;
    const recorded = await eventually(async () => {
      const found = (await revisions()).filter((r: any) => r.raceId === deleted && r.reason === reason);
      return found.length > 0 ? found : undefined;
    }, 15_000, 'revision recording the deleted results');
    assert.equal(recorded.length, 1);
    const [revision] = recorded;
    assert.equal(revision.kind, 'correction');
    assert.equal(revision.seq, 2, 'after the submission (seq 1)');
    assert.equal(revision.actor.userId, club.organizer.userId, 'attributed to the person who deleted the race');
    const before = Object.fromEntries(revision.changes.map((c: any) => [name(c.boatId), [c.before?.position, c.before?.points, c.before?.status, c.after]]));
    assert.deepEqual(before, { B: [1, 1, 'finished', null], A: [2, 2, 'finished', null] });

    // Standings without the deleted race: race 1 (A 1, B 2) and any race whose deletion was refused (B 1, A 2).
    const standings = async () =>
      (await ok(api.get(`/api/v1/events/${slug}/standings`, { key }))).data.standings.map((s: any) => [name(s.boat.id), s.netPoints, s.racesCompleted]).sort();
    const expected = [['A', 1 + 2 * refused, 1 + refused], ['B', 2 + refused, 1 + refused]];
    await eventually(async () => (JSON.stringify(await standings()) === JSON.stringify(expected) ? true : undefined), 15_000, 'standings without the deleted race');

    // The events service does not show results under the race it deleted (they may arrive after it).
    const deadline = Date.now() + 1_500;
    while (Date.now() < deadline) {
      const results = (await ok(api.get(`/api/v1/events/${slug}`, { key, query: { include: 'results' } }))).data.results as { raceId: string }[];
      assert.ok(!results.some((r) => r.raceId === deleted), 'no results listed for the deleted race');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await ok(api.delete(`/api/v1/events/${slug}/races/${deleted}`, { key }), 404);
  });
});
