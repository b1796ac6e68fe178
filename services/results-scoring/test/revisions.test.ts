/**
 * End to end through the gateway: revisions of results, `asOf`, revert, publication per fleet with the
 * protest time limit, and official status (by the time limit, by the committee, by the event-wide
 * publish that keeps working as before). Every response is checked against the OpenAPI document.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, eventually, newActor, uniqueSuffix, type Actor } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const base = new Date(Math.floor((Date.now() + 30 * DAY) / DAY) * DAY);
const start = new Date(base.getTime() + 12 * 3_600_000);
/** Before this test's regatta existed. */
const beforeAll = new Date(Date.now() - 1_000);
const plus = (seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

const pointsOf = (standings: any) =>
  Object.fromEntries(standings.data.standings.map((entry: any) => [entry.boat.name, [entry.position, entry.netPoints]]));

describe('results you can defend: revisions, asOf, revert, publication per fleet', () => {
  let organizer: Actor;
  let outsider: Actor;
  let slug: string;
  let fleetId: string;
  const races: string[] = [];
  const boats: Record<string, string> = {};

  before(async () => {
    organizer = await newActor(api);
    outsider = await newActor(api);
    const org = await createOrganization(api, organizer);
    const key = organizer.key;
    const created = await ok(
      api.post('/api/v1/events', { organization: org.slug, name: `Defensible Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 2 * DAY).toISOString() }, { key }),
      201,
    );
    slug = created.data.slug;
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'Lasers' }, { key }), 201)).data.id;
    for (const number of [1, 2]) {
      races.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: number, scheduledStart: start.toISOString() }, { key }), 201)).data.id);
    }
    for (const name of ['A', 'B', 'C']) {
      const body = {
        fleet: fleetId,
        boat: { name: `Boat ${name}`, sailNumber: `ITA ${name} ${uniqueSuffix()}` },
        sailor: { name: `Skipper ${name}`, email: `skipper-${name.toLowerCase()}-${uniqueSuffix()}@example.org` },
      };
      boats[name] = (await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data.boatId;
    }
  });

  const submit = (race: number, results: unknown[], reason?: string) =>
    ok(api.post(`/api/v1/events/${slug}/races/${races[race - 1]}/results`, { actualStart: start.toISOString(), status: 'finished', results, ...(reason ? { reason } : {}) }, { key: organizer.key }));
  const standings = (query: Record<string, string> = {}) => ok(api.get(`/api/v1/events/${slug}/standings`, { query, key: outsider.key }));
  const finishOrder = (...names: string[]) => names.map((name, i) => ({ boat: boats[name], finishTime: plus(1800 + i * 10), status: 'finished' }));

  let firstRevision: string;
  let shownBefore: any;
  let resultsBefore: any;

  test('a submission is revision 1; the answers carry asOf and the fleet provisional', async () => {
    const submitted = await submit(1, finishOrder('A', 'B', 'C'));
    assert.equal(submitted.revision.seq, 1);
    firstRevision = submitted.revision.id;
    shownBefore = await standings();
    resultsBefore = await ok(api.get(`/api/v1/events/${slug}/results`, { key: outsider.key }));
    assert.deepEqual(pointsOf(shownBefore), { 'Boat A': [1, 1], 'Boat B': [2, 2], 'Boat C': [3, 3] });
    assert.equal(shownBefore.data.fleets[0].status, 'provisional');
    assert.match(shownBefore.data.asOf, /^\d{4}-\d{2}-\d{2}T/);
    assert.equal(resultsBefore.data.asOf, shownBefore.data.asOf);
    assert.deepEqual(resultsBefore.data.fleets.map((f: any) => [f.id, f.status]), [[fleetId, 'provisional']]);
  });

  test('a correction (A disqualified) is revision 2 with per-boat changes; asOf before it answers the old standings exactly', async () => {
    const corrected = await submit(1, [{ boat: boats['A'], status: 'dsq' }, ...finishOrder('B', 'C')], 'A: OCS seen on video, disqualified');
    assert.equal(corrected.revision.seq, 2);
    // A DSQ scores entries + 1 = 4; B and C move up to 1 and 2.
    const now = await standings();
    assert.deepEqual(pointsOf(now), { 'Boat B': [1, 1], 'Boat C': [2, 2], 'Boat A': [3, 4] });
    assert.ok(now.data.asOf > shownBefore.data.asOf);

    const then = shownBefore.data.asOf as string;
    assert.deepEqual(await standings({ asOf: then }), shownBefore);
    assert.deepEqual(await ok(api.get(`/api/v1/events/${slug}/results`, { query: { asOf: then }, key: outsider.key })), resultsBefore);
    // A moment before anything was shown: no race, no standings.
    const early = await ok(api.get(`/api/v1/events/${slug}/results`, { query: { asOf: beforeAll.toISOString().replace('Z', '+00:00') }, key: outsider.key }));
    assert.deepEqual([early.data.races, early.data.asOf, early.data.fleets], [[], null, []]);

    const history = await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key: organizer.key, query: { race: races[0]! } }));
    const [latest, first] = history.data.revisions;
    assert.deepEqual([latest.kind, latest.seq, first.kind, first.seq], ['correction', 2, 'submission', 1]);
    assert.equal(latest.reason, 'A: OCS seen on video, disqualified');
    assert.deepEqual(latest.actor, { userId: organizer.userId, keyId: organizer.keyId, via: 'key' });
    const change = (boat: string) => latest.changes.find((c: any) => c.boatId === boats[boat]);
    assert.deepEqual([change('A').before.points, change('A').after.points, change('A').after.code], [1, 4, 'DSQ']);
    assert.deepEqual([change('B').before.points, change('B').after.points], [2, 1]);
    // The public sees what changed and why, not who (user and key).
    const publicView = await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key: outsider.key, query: { boat: boats['C']! } }));
    assert.equal(publicView.data.revisions.length, 2);
    assert.deepEqual(publicView.data.revisions[0].actor, { userId: null, keyId: null, via: 'key' });
  });

  test('revert restores revision 1 as revision 3; only the committee may revert', async () => {
    const refused = await api.post(`/api/v1/events/${slug}/races/${races[0]}/results/revert`, { revision: firstRevision, reason: 'try' }, { key: outsider.key });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'not_a_member');
    const reverted = await ok(api.post(`/api/v1/events/${slug}/races/${races[0]}/results/revert`, { revision: firstRevision, reason: 'Protest committee: OCS not proven' }, { key: organizer.key }));
    assert.deepEqual([reverted.data.seq, reverted.data.revertedTo], [3, firstRevision]);
    const now = await standings();
    assert.deepEqual(now.data.standings, shownBefore.data.standings);
    const history = await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { query: { race: '1', fleet: 'Lasers' }, key: outsider.key }));
    assert.deepEqual([history.data.revisions[0].kind, history.data.revisions[0].revertedTo], ['revert', firstRevision]);
  });

  test('published per fleet with a deadline a few seconds ahead: official when it passes with no open hearing', async () => {
    const refused = await api.post(`/api/v1/events/${slug}/fleets/${fleetId}/results/publish`, {}, { key: outsider.key });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'not_a_member');
    const missing = await api.post(`/api/v1/events/${slug}/fleets/${fleetId}/results/publish`, { races: [races[1]] }, { key: organizer.key });
    assert.equal(missing.status, 409);
    assert.equal(missing.body.code, 'results_not_submitted');

    const deadline = new Date(Date.now() + 3_000).toISOString();
    const posted = await ok(api.post(`/api/v1/events/${slug}/fleets/${fleetId}/results/publish`, { protestDeadline: deadline }, { key: organizer.key }));
    assert.deepEqual(posted.data.races, [{ raceId: races[0], number: 1, protestDeadline: deadline }]);
    const shown = await standings();
    assert.deepEqual([shown.data.fleets[0].status, shown.data.fleets[0].protestDeadline], ['provisional', deadline]);
    const race = (await ok(api.get(`/api/v1/events/${slug}/results`, { query: { race: '1' }, key: outsider.key }))).data.races[0].race;
    assert.deepEqual([race.protestDeadline, race.provisional], [deadline, true]);

    const official = await eventually(async () => {
      const answer = await standings();
      return answer.data.fleets[0].status === 'official' ? answer : undefined;
    }, 15_000, 'the fleet official after its protest time limit');
    assert.equal(official.data.fleets[0].protestDeadline, null);
    const history = await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key: organizer.key, query: { fleet: fleetId } }));
    assert.deepEqual(history.data.revisions.slice(0, 2).map((r: any) => [r.kind, r.actor.via, r.raceIds]), [
      ['official', 'system', [races[0]]],
      ['posted', 'key', [races[0]]],
    ]);
    // A publication step records no results: nothing to revert to.
    const notRevertible = await api.post(`/api/v1/events/${slug}/races/${races[0]}/results/revert`, { revision: history.data.revisions[0].id, reason: 'x' }, { key: organizer.key });
    assert.equal(notRevertible.status, 409);
    assert.equal(notRevertible.body.code, 'revision_not_revertible');
  });

  test('the event’s limit computes the deadline from the day’s last finish; the committee can make results official at once', async () => {
    await ok(api.put(`/api/v1/events/${slug}/results/protest-time-limit`, { minutes: 45 }, { key: organizer.key }));
    assert.deepEqual((await ok(api.get(`/api/v1/events/${slug}/results/protest-time-limit`, { key: outsider.key }))).data.minutes, 45);
    await submit(2, finishOrder('C', 'B', 'A'));
    const posted = await ok(api.post(`/api/v1/events/${slug}/fleets/${fleetId}/results/publish`, { races: [races[1]] }, { key: organizer.key }));
    // Race 2's last boat (A) finished at start + 1820 s; 45 minutes later.
    assert.equal(posted.data.races[0].protestDeadline, new Date(new Date(plus(1820)).getTime() + 45 * 60_000).toISOString());
    assert.equal((await standings()).data.fleets[0].status, 'provisional');
    const official = await ok(api.post(`/api/v1/events/${slug}/fleets/${fleetId}/results/official`, { reason: 'No protests lodged' }, { key: organizer.key }));
    assert.deepEqual(official.data.raceIds, [races[1]]);
    assert.equal((await standings()).data.fleets[0].status, 'official');
  });

  test('making the whole event official (its path keeps the name publish) works as the contract says', async () => {
    await submit(2, finishOrder('B', 'C', 'A'), 'finish order corrected');
    assert.equal((await standings()).data.fleets[0].status, 'provisional');
    const published = await ok(api.post(`/api/v1/events/${slug}/results/publish`, undefined, { key: organizer.key }));
    assert.deepEqual([published.data.raceIds, published.data.fleetIds], [[races[1]], [fleetId]]);
    const shown = await standings();
    assert.deepEqual([shown.data.fleets[0].status, shown.data.fleets[0].provisional], ['official', false]);
    // Its step is recorded as what it does: made official, not "published".
    const history = await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key: organizer.key, query: { fleet: fleetId } }));
    assert.deepEqual([history.data.revisions[0].kind, history.data.revisions[0].reason, history.data.revisions[0].raceIds], ['official', 'Made official for the whole event.', [races[1]]]);
    const again = await ok(api.post(`/api/v1/events/${slug}/results/publish`, undefined, { key: organizer.key }));
    assert.deepEqual([again.data.raceIds, again.data.publishedAt], [[], null]);
  });

  test('a malformed asOf is a 400 naming the field', async () => {
    const bad = await api.get(`/api/v1/events/${slug}/standings`, { query: { asOf: 'yesterday' }, key: outsider.key });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'validation_failed');
    assert.equal(bad.body.errors[0].field, 'query.asOf');
  });
});

describe("the protest time limit counts from the last race of the day at the venue (its time zone)", () => {
  test('two races of one Sydney afternoon (two UTC days) share one limit; UTC days would split them; an unknown zone is refused', async () => {
    const organizer = await newActor(api);
    const key = organizer.key;
    const org = await createOrganization(api, organizer);
    const created = await ok(api.post('/api/v1/events', { organization: org.slug, name: `Harbour Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 3 * DAY).toISOString() }, { key }), 201);
    const eventSlug = created.data.slug;
    await ok(api.put(`/api/v1/events/${eventSlug}`, { status: 'published' }, { key }));
    const fleet = (await ok(api.post(`/api/v1/events/${eventSlug}/fleets`, { name: 'Etchells' }, { key }), 201)).data.id;
    // Race 1 starts 22:00Z (08:00 or 09:00 next morning in Sydney), race 2 at 03:00Z the next UTC day (13:00 or 14:00 in Sydney).
    const starts = [new Date(base.getTime() + 22 * 3_600_000), new Date(base.getTime() + 27 * 3_600_000)];
    const raceIds: string[] = [];
    for (const [i, s] of starts.entries()) raceIds.push((await ok(api.post(`/api/v1/events/${eventSlug}/races`, { fleetId: fleet, raceNumber: i + 1, scheduledStart: s.toISOString() }, { key }), 201)).data.id);
    const boat = (await ok(api.post(`/api/v1/events/${eventSlug}/register`, { fleet, boat: { name: 'Magpie', sailNumber: `AUS ${uniqueSuffix()}` }, sailor: { name: 'Skipper M', email: `m-${uniqueSuffix()}@example.org` } }, { key }), 201)).data.boatId;
    const lastFinish = starts.map((s) => new Date(s.getTime() + 1800_000));
    for (const [i, s] of starts.entries()) {
      await ok(api.post(`/api/v1/events/${eventSlug}/races/${raceIds[i]}/results`, { actualStart: s.toISOString(), results: [{ boat, finishTime: lastFinish[i]!.toISOString(), status: 'finished' }] }, { key }));
    }
    const refusal = await api.put(`/api/v1/events/${eventSlug}/results/protest-time-limit`, { minutes: 60, timeZone: 'Mars/Olympus_Mons' }, { key });
    assert.deepEqual([refusal.status, (refusal.body as any).code], [400, 'unknown_time_zone']);
    const deadlineOf = (posted: any, race: number) => posted.data.races.find((r: any) => r.raceId === raceIds[race - 1]).protestDeadline;
    const hour = 3_600_000;

    // UTC days: race 1 (22:30Z) and race 2 (03:30Z next day) are on two days: each its own finish + 60.
    await ok(api.put(`/api/v1/events/${eventSlug}/results/protest-time-limit`, { minutes: 60 }, { key }));
    const utc = await ok(api.post(`/api/v1/events/${eventSlug}/fleets/${fleet}/results/publish`, { races: [raceIds[0]] }, { key }));
    assert.equal(deadlineOf(utc, 1), new Date(lastFinish[0]!.getTime() + hour).toISOString());

    // Sydney: both finished on one local day; race 1 waits for race 2: 03:30Z + 60 = 04:30Z, for both.
    const set = await ok(api.put(`/api/v1/events/${eventSlug}/results/protest-time-limit`, { minutes: 60, timeZone: 'Australia/Sydney' }, { key }));
    assert.deepEqual([set.data.minutes, set.data.timeZone, set.data.default], [60, 'Australia/Sydney', false]);
    assert.equal((await ok(api.get(`/api/v1/events/${eventSlug}/results/protest-time-limit`, { key }))).data.timeZone, 'Australia/Sydney');
    const sydney = await ok(api.post(`/api/v1/events/${eventSlug}/fleets/${fleet}/results/publish`, { races: raceIds }, { key }));
    const expected = new Date(lastFinish[1]!.getTime() + hour).toISOString();
    assert.deepEqual([deadlineOf(sydney, 1), deadlineOf(sydney, 2)], [expected, expected]);
  });
});
