/**
 * The protest room end to end through the gateway (its whole flow: lodge, hear, decide, publish). One-design fleet, four
 * boats (A is the competitor's own, B, C, D entered by the organizer), two races, low point, entries + 1
 * = 5 for a boat that did not finish:
 *   R1: B 1, A 2, C 3, D 4          R2: A 1, B 2, D 3, C RET (5)
 *   standings: A 3, B 3 (A ahead on the last race, A8.2), D 7, C 8
 * Protest 1 (A v B, R1, within the limit) → DSQ B:  R1: A 1, C 2, D 3, B 5 (boats behind B move up, A6.1)
 *   standings: A 2, D 6, B 7, C 7 (B ahead of C on the last race)
 * Protest 2 (redress for C, R2, lodged late) → RDG A9(a): C's R2 = average of her other races = R1 2
 *   standings: A 2, C 4, D 6, B 7 (RDG moves nobody else, A6.2)
 * Then: asOf before the first decision answers the standings as they were; the revisions name the
 * decision and the person; a resubmission of R1 from the finish sheet keeps the DSQ in force, a revert to
 * R1's first submission is refused (it would set the DSQ aside) and one to the decision is allowed;
 * a third case (a protest committee protest on R2), heard then withdrawn (rule 63.1), changes no score
 * and holds nothing provisional; the fleet becomes official when the time limit passes with no open case.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiClient, createOrganization, eventually, newActor, uniqueSuffix, type Actor } from '@regatta/testing';

const api = apiClient();
const DAY = 86_400_000;
const base = new Date(Math.floor((Date.now() - 2 * DAY) / DAY) * DAY);
const startOf = (race: number) => new Date(base.getTime() + 12 * 3_600_000 + (race - 1) * 7_200_000);
const plus = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

async function refused(promise: Promise<{ status: number; body: any; text: string; headers: Headers }>, status: number, code: string): Promise<void> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  assert.equal(response.headers.get('content-type'), 'application/problem+json; charset=utf-8');
  assert.equal(response.body.code, code, response.text);
}

describe('the protest room through the gateway', () => {
  let organizer: Actor;
  let competitor: Actor;
  let rival: Actor;
  let reader: Actor;
  let slug: string;
  let fleetId: string;
  const races: string[] = [];
  const boat: Record<string, string> = {};
  let protest1: any;
  let protest2: any;
  let deadline: Date;
  let beforeDecision: string;
  let standingsBefore: unknown;
  let receiver: http.Server;
  const delivered: { event: string; data: any }[] = [];

  const standings = async (query: Record<string, string> = {}) => (await ok(api.get(`/api/v1/events/${slug}/standings`, { key: reader.key, query }))).data;
  const table = (data: any) => data.standings.map((s: any) => [name(s.boat.id), s.position, s.netPoints]);
  const name = (id: string) => Object.keys(boat).find((k) => boat[k] === id) ?? id;
  const fleetStatus = async () => (await standings()).fleets.find((f: any) => f.id === fleetId).status;

  after(() => new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve())));

  before(async () => {
    // A webhook subscriber for the protest room's facts.
    receiver = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        delivered.push(JSON.parse(text));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    organizer = await newActor(api);
    competitor = await newActor(api, ['read', 'register']);
    rival = await newActor(api, ['read', 'register']);
    reader = await newActor(api, ['read']);
    const org = await createOrganization(api, organizer);
    const key = organizer.key;
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/protest-room`;
    await ok(api.post('/api/v1/webhooks', { url, events: ['protest.lodged', 'hearing.scheduled', 'decision.published', 'protest.withdrawn'], organizationId: org.id }, { key }), 201);
    const created = await ok(api.post('/api/v1/events', { organization: org.slug, name: `Protest Cup ${uniqueSuffix()}`, startDate: base.toISOString(), endDate: new Date(base.getTime() + 3 * DAY).toISOString() }, { key }), 201);
    slug = created.data.slug;
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    fleetId = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 7' }, { key }), 201)).data.id;
    for (const number of [1, 2]) races.push((await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId, raceNumber: number, scheduledStart: startOf(number).toISOString() }, { key }), 201)).data.id);
    // A: the competitor's own boat (she is the sailor); E: the rival's; B, C, D: entered by the organizer for guest sailors.
    const entry = (n: string) => ({ fleet: fleetId, boat: { name: `Boat ${n}`, sailNumber: `ITA ${n} ${uniqueSuffix()}` } });
    boat['A'] = (await ok(api.post(`/api/v1/events/${slug}/register`, entry('A'), { key: competitor.key }), 201)).data.boatId;
    for (const n of ['B', 'C', 'D']) {
      const body = { ...entry(n), sailor: { name: `Skipper ${n}`, email: `skipper-${n.toLowerCase()}-${uniqueSuffix()}@example.org` } };
      boat[n] = (await ok(api.post(`/api/v1/events/${slug}/register`, body, { key }), 201)).data.boatId;
    }
  });

  test('a race is scored and posted with a protest time limit a few seconds ahead', async () => {
    const s1 = startOf(1);
    const s2 = startOf(2);
    const submit = (race: number, results: unknown[]) => ok(api.post(`/api/v1/events/${slug}/races/${races[race - 1]}/results`, { actualStart: startOf(race).toISOString(), results }, { key: organizer.key }));
    await submit(1, ['B', 'A', 'C', 'D'].map((n, i) => ({ boat: boat[n], finishTime: plus(s1, 1800 + 10 * i), status: 'finished' })));
    await submit(2, [...['A', 'B', 'D'].map((n, i) => ({ boat: boat[n], finishTime: plus(s2, 1800 + 10 * i), status: 'finished' })), { boat: boat['C'], status: 'dnf', code: 'ret' }]);
    assert.deepEqual(table(await standings()), [['A', 1, 3], ['B', 2, 3], ['D', 3, 7], ['C', 4, 8]]);
    deadline = new Date(Date.now() + 6_000);
    const posted = await ok(api.post(`/api/v1/events/${slug}/fleets/${fleetId}/results/publish`, { protestDeadline: deadline.toISOString() }, { key: organizer.key }));
    assert.deepEqual(posted.data.races.map((r: any) => r.protestDeadline), [deadline.toISOString(), deadline.toISOString()]);
    assert.equal(await fleetStatus(), 'provisional');
  });

  test('a competitor lodges a protest for her own boat within the limit; refusals carry their codes', async () => {
    const body = { type: 'boat', raceIds: [races[0]], protestorBoat: boat['A'], protesteeBoats: [boat['B']], incident: 'Port-starboard at the windward mark; B did not keep clear.', rulesAlleged: ['10'], contact: { name: 'Anna', phone: '+39 555 0100' } };
    protest1 = (await ok(api.post(`/api/v1/events/${slug}/protests`, body, { key: competitor.key }), 201)).data;
    assert.deepEqual([protest1.number, protest1.type, protest1.status, protest1.late, protest1.deadline, protest1.protestor], [1, 'boat', 'lodged', false, deadline.toISOString(), { party: 'boat', boat: boat['A'] }]);
    assert.deepEqual(protest1.contact, { name: 'Anna', email: null, phone: '+39 555 0100' });

    await refused(api.post(`/api/v1/events/${slug}/protests`, { ...body, protestorBoat: boat['B'], protesteeBoats: [boat['A']] }, { key: competitor.key }), 403, 'not_your_boat');
    await refused(api.post(`/api/v1/events/${slug}/protests`, { type: 'protest_committee', raceIds: [races[0]], protesteeBoats: [boat['B']], incident: 'x' }, { key: competitor.key }), 403, 'not_a_member');
    await refused(api.post(`/api/v1/events/${slug}/protests`, { ...body, protesteeBoats: [] }, { key: competitor.key }), 400, 'validation_failed');
    await refused(api.post(`/api/v1/events/${slug}/protests`, { ...body, raceIds: ['no-such-race'] }, { key: competitor.key }), 400, 'unknown_race');
    await refused(api.post(`/api/v1/events/${slug}/protests`, body, { key: reader.key }), 403, 'missing_scope');
  });

  test('who sees what: the lodger in full, an outsider nothing before a hearing', async () => {
    const mine = (await ok(api.get(`/api/v1/events/${slug}/protests`, { key: competitor.key }))).data;
    assert.deepEqual(mine.map((p: any) => [p.number, p.incident !== null, p.contact !== null]), [[1, true, true]]);
    assert.deepEqual((await ok(api.get(`/api/v1/events/${slug}/protests`, { key: rival.key }))).data, []);
    assert.deepEqual((await ok(api.get(`/api/v1/events/${slug}/protests`, { key: reader.key }))).data, []);
  });

  test('a request for redress lodged after the limit is marked late, not refused; results stay provisional while cases are open', async () => {
    await sleep(Math.max(0, deadline.getTime() - Date.now()) + 2_500);
    const body = { type: 'redress', raceIds: [races[1]], protestorBoat: boat['C'], incident: 'C retired after the committee boat dragged into her at the leeward gate.', rulesAlleged: ['62.1(a)'] };
    protest2 = (await ok(api.post(`/api/v1/events/${slug}/protests`, body, { key: organizer.key }), 201)).data;
    assert.deepEqual([protest2.number, protest2.late, protest2.protestor], [2, true, { party: 'boat', boat: boat['C'] }]);
    // The limit has passed, but two cases are open.
    assert.equal(await fleetStatus(), 'provisional');
  });

  test('the committee schedules hearings; the notice board shows them without private details', async () => {
    const startsAt = new Date(Date.now() + 3_600_000).toISOString();
    await refused(api.post(`/api/v1/events/${slug}/protests/${protest1.id}/hearing`, { startsAt, room: 'Jury room' }, { key: rival.key }), 403, 'missing_scope');
    const outsider = await newActor(api);
    await refused(api.post(`/api/v1/events/${slug}/protests/${protest1.id}/hearing`, { startsAt, room: 'Jury room' }, { key: outsider.key }), 403, 'not_a_member');
    const heard = (await ok(api.post(`/api/v1/events/${slug}/protests/${protest1.id}/hearing`, { startsAt, room: 'Jury room' }, { key: organizer.key }))).data;
    assert.deepEqual([heard.status, heard.hearing], ['scheduled', { startsAt, room: 'Jury room', parties: [boat['A'], boat['B']] }]);
    await ok(api.post(`/api/v1/events/${slug}/protests/${protest2.id}/hearing`, { startsAt, room: 'Jury room', parties: [boat['C']] }, { key: organizer.key }));

    const board = (await ok(api.get(`/api/v1/events/${slug}/protests`, { key: reader.key }))).data;
    assert.deepEqual(board.map((p: any) => [p.number, p.status, p.incident, p.contact, p.hearing.room]), [[1, 'scheduled', null, null, 'Jury room'], [2, 'scheduled', null, null, 'Jury room']]);
  });

  test('decisions change the standings at once: DSQ moves the boats behind up, RDG A9(a) moves nobody', async () => {
    standingsBefore = await standings();
    await sleep(50);
    beforeDecision = new Date().toISOString();
    await sleep(50);
    const decided = (
      await ok(
        api.post(
          `/api/v1/events/${slug}/protests/${protest1.id}/decision`,
          { factsFound: 'A on starboard, B on port; A bore away to avoid contact.', conclusions: 'B failed to keep clear.', rulesApplied: ['10'], consequences: [{ boat: boat['B'], action: 'dsq' }] },
          { key: organizer.key },
        ),
      )
    ).data;
    assert.equal(decided.status, 'decided');
    assert.deepEqual(decided.decision.consequences.map((c: any) => [c.boat, c.race, c.action]), [[boat['B'], races[0], 'dsq']]);
    assert.equal(decided.decision.revisions.length, 1);
    protest1 = decided;
    assert.deepEqual(table(await standings()), [['A', 1, 2], ['D', 2, 6], ['B', 3, 7], ['C', 4, 7]]);
    await refused(api.post(`/api/v1/events/${slug}/protests/${protest1.id}/decision`, { factsFound: 'x', conclusions: 'y' }, { key: organizer.key }), 409, 'protest_decided');

    await refused(
      api.post(`/api/v1/events/${slug}/protests/${protest2.id}/decision`, { factsFound: 'x', conclusions: 'y', consequences: [{ boat: boat['C'], action: 'dpi', points: 2 }] }, { key: organizer.key }),
      400,
      'inapplicable_consequence',
    );
    protest2 = (
      await ok(
        api.post(
          `/api/v1/events/${slug}/protests/${protest2.id}/decision`,
          { factsFound: 'The committee boat dragged its anchor into C.', conclusions: 'C is entitled to redress (rule 62.1(a)).', rulesApplied: ['62.1(a)', 'A9(a)'], consequences: [{ boat: boat['C'], action: 'rdg', method: 'average_all' }] },
          { key: organizer.key },
        ),
      )
    ).data;
    assert.deepEqual(table(await standings()), [['A', 1, 2], ['C', 2, 4], ['D', 3, 6], ['B', 4, 7]]);
    const results = (await ok(api.get(`/api/v1/events/${slug}/results`, { key: reader.key, query: { race: races[1]! } }))).data.races[0].results;
    assert.deepEqual(results.map((r: any) => [name(r.boat.id), r.points]).sort(), [['A', 1], ['B', 2], ['C', 2], ['D', 3]]);
  });

  test('asOf before the decision answers the old standings exactly', async () => {
    const then = await standings({ asOf: beforeDecision });
    assert.deepEqual(table(then), [['A', 1, 3], ['B', 2, 3], ['D', 3, 7], ['C', 4, 8]]);
    assert.deepEqual((then as any).standings, (standingsBefore as any).standings);
    // The decision's time is its revision's: asOf = decidedAt shows the DSQ (and not yet protest 2's redress).
    assert.deepEqual(table(await standings({ asOf: protest1.decision.decidedAt })), [['A', 1, 2], ['D', 2, 6], ['B', 3, 7], ['C', 4, 7]]);
  });

  test('the revision history names the decision and the person; the public notice board shows the decisions', async () => {
    const history = (await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key: organizer.key, query: { race: races[0]! } }))).data.revisions;
    const decision = history.find((r: any) => r.kind === 'decision');
    assert.ok(decision, JSON.stringify(history));
    assert.deepEqual([decision.decisionId, decision.actor.userId, decision.id], [protest1.decision.id, organizer.userId, protest1.decision.revisions[0].revisionId]);
    const board = (await ok(api.get(`/api/v1/events/${slug}/protests`, { key: reader.key }))).data;
    assert.deepEqual(board.map((p: any) => [p.number, p.status, p.decision.consequences[0].action, p.contact]), [[1, 'decided', 'dsq', null], [2, 'decided', 'rdg', null]]);
  });

  test('a case withdrawn with the committee\'s approval (rule 63.1) is closed: no hearing, no decision, shown withdrawn, no longer open', async () => {
    const key = organizer.key;
    const lodged = (await ok(api.post(`/api/v1/events/${slug}/protests`, { type: 'protest_committee', raceIds: [races[1]!], protesteeBoats: [boat['D']!], incident: 'D may have touched a mark.', rulesAlleged: ['31'] }, { key }), 201)).data;
    assert.deepEqual([lodged.number, lodged.status, lodged.withdrawal], [3, 'lodged', null]);
    await ok(api.post(`/api/v1/events/${slug}/protests/${lodged.id}/hearing`, { startsAt: new Date(Date.now() + 3_600_000).toISOString(), room: 'Jury room 2' }, { key }));
    // Only the committee: a competitor's key lacks the results scope (gateway), and a key with it from
    // outside the organization is no member (service).
    await refused(api.post(`/api/v1/events/${slug}/protests/${lodged.id}/withdrawal`, { reason: 'x' }, { key: competitor.key }), 403, 'missing_scope');
    const outsider = await newActor(api, ['read', 'results']);
    await refused(api.post(`/api/v1/events/${slug}/protests/${lodged.id}/withdrawal`, { reason: 'x' }, { key: outsider.key }), 403, 'not_a_member');
    await refused(api.post(`/api/v1/events/${slug}/protests/${lodged.id}/decision`, { factsFound: 'x', conclusions: 'y' }, { key: outsider.key }), 403, 'not_a_member');
    const withdrawn = (await ok(api.post(`/api/v1/events/${slug}/protests/${lodged.id}/withdrawal`, { reason: 'The protest committee found no evidence to hear; withdrawn.' }, { key }))).data;
    assert.deepEqual([withdrawn.status, withdrawn.decision, withdrawn.withdrawal.reason], ['withdrawn', null, 'The protest committee found no evidence to hear; withdrawn.']);
    await refused(api.post(`/api/v1/events/${slug}/protests/${lodged.id}/decision`, { factsFound: 'x', conclusions: 'y' }, { key }), 409, 'protest_withdrawn');
    await refused(api.post(`/api/v1/events/${slug}/protests/${lodged.id}/hearing`, { startsAt: new Date().toISOString(), room: 'x' }, { key }), 409, 'protest_withdrawn');
    await refused(api.post(`/api/v1/events/${slug}/protests/${lodged.id}/withdrawal`, { reason: 'again' }, { key }), 409, 'protest_withdrawn');
    await refused(api.post(`/api/v1/events/${slug}/protests/${protest1.id}/withdrawal`, { reason: 'too late' }, { key }), 409, 'protest_decided');
    // The scores did not change; the public notice board shows case 3 withdrawn.
    assert.deepEqual(table(await standings()), [['A', 1, 2], ['C', 2, 4], ['D', 3, 6], ['B', 4, 7]]);
    const board = (await ok(api.get(`/api/v1/events/${slug}/protests`, { key: reader.key }))).data;
    assert.deepEqual(board.map((p: any) => [p.number, p.status]), [[1, 'decided'], [2, 'decided'], [3, 'withdrawn']]);
  });

  test('a new finish sheet keeps the decision in force; a revert never sets it aside; the fleet becomes official once the limit has passed and no case is open', async () => {
    const key = organizer.key;
    // The scorer re-enters R1 from the finish sheet: B's DSQ (protest 1) stays in force on top of it.
    const s1 = startOf(1);
    const resubmitted = await ok(api.post(`/api/v1/events/${slug}/races/${races[0]}/results`, { actualStart: s1.toISOString(), results: ['B', 'A', 'C', 'D'].map((n, i) => ({ boat: boat[n], finishTime: plus(s1, 1800 + 10 * i), status: 'finished' })) }, { key }));
    assert.deepEqual(table(await standings()), [['A', 1, 2], ['C', 2, 4], ['D', 3, 6], ['B', 4, 7]]);
    const history = (await ok(api.get(`/api/v1/events/${slug}/results/revisions`, { key, query: { race: races[0]! } }))).data.revisions;
    const latest = history.find((r: any) => r.id === resubmitted.revision.id);
    assert.deepEqual([latest.kind, latest.reason], ['correction', 'Decision of protest 1 kept in force (rule 66).']);
    // Restoring R1 as first submitted would set the DSQ aside: only a reopened hearing changes a decision (rule 66).
    const submission = history.find((r: any) => r.kind === 'submission');
    await refused(api.post(`/api/v1/events/${slug}/races/${races[0]}/results/revert`, { revision: submission.id, reason: 'Back to the finish sheet' }, { key }), 409, 'decision_in_force');
    // Restoring the decision's own revision is allowed (a new revision; the scores are those of the decision).
    const reverted = (await ok(api.post(`/api/v1/events/${slug}/races/${races[0]}/results/revert`, { revision: protest1.decision.revisions[0].revisionId, reason: 'As decided' }, { key }))).data;
    assert.equal(reverted.revertedTo, protest1.decision.revisions[0].revisionId);
    assert.deepEqual(table(await standings()), [['A', 1, 2], ['C', 2, 4], ['D', 3, 6], ['B', 4, 7]]);
    await eventually(async () => ((await fleetStatus()) === 'official' ? true : undefined), 10_000, 'fleet official');
  });

  test('webhooks: protest.lodged, hearing.scheduled and decision.published reach the subscriber, without private details', async () => {
    const kinds = () => delivered.filter((d) => d.data?.eventId !== undefined).map((d) => `${d.event} ${d.data.number}`).sort();
    await eventually(async () => (kinds().length >= 9 ? true : undefined), 15_000, 'nine deliveries');
    assert.deepEqual(kinds(), ['decision.published 1', 'decision.published 2', 'hearing.scheduled 1', 'hearing.scheduled 2', 'hearing.scheduled 3', 'protest.lodged 1', 'protest.lodged 2', 'protest.lodged 3', 'protest.withdrawn 3']);
    const lodged = delivered.find((d) => d.event === 'protest.lodged' && d.data.number === 2)!;
    assert.deepEqual([lodged.data.late, lodged.data.type, lodged.data.protestorBoatId, 'contact' in lodged.data, 'incident' in lodged.data], [true, 'redress', boat['C'], false, false]);
    const dsq = delivered.find((d) => d.event === 'decision.published' && d.data.number === 1)!;
    assert.deepEqual([dsq.data.consequences, dsq.data.revisionIds], [[{ boatId: boat['B'], raceId: races[0], action: 'dsq' }], [protest1.decision.revisions[0].revisionId]]);
  });

  test('a decision gets the checks a finish sheet gets: the race\'s fleet, a finish after the start, races before an A9(b) redress', async () => {
    const key = organizer.key;
    // Boat X sails in another fleet of the same event.
    const other = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'ILCA 6' }, { key }), 201)).data.id;
    const x = (await ok(api.post(`/api/v1/events/${slug}/register`, { fleet: other, boat: { name: 'Boat X', sailNumber: `ITA X ${uniqueSuffix()}` }, sailor: { name: 'Skipper X', email: `skipper-x-${uniqueSuffix()}@example.org` } }, { key }), 201)).data.boatId;
    const lodge = async (race: string, protestee: string) =>
      (await ok(api.post(`/api/v1/events/${slug}/protests`, { type: 'race_committee', raceIds: [race], protesteeBoats: [protestee], incident: 'Checked by the race committee after the race.' }, { key }), 201)).data;
    const decide = (id: string, consequence: Record<string, unknown>) => api.post(`/api/v1/events/${slug}/protests/${id}/decision`, { factsFound: 'As found.', conclusions: 'As concluded.', consequences: [consequence] }, { key });
    const fields = async (promise: ReturnType<typeof decide>) => {
      const response = await promise;
      assert.equal(response.status, 400, response.text);
      assert.equal(response.body.code, 'inapplicable_consequence', response.text);
      return response.body.errors.map((e: any) => e.field);
    };
    const onR2 = await lodge(races[1]!, boat['C']!);
    // X is entered in the event but not in ILCA 7: she would join R2's scoring and move every DNF score.
    assert.deepEqual(await fields(decide(onR2.id, { boat: x, action: 'dsq' })), ['consequences.0.boat']);
    // A corrected finish ten seconds before R2's start.
    assert.deepEqual(await fields(decide(onR2.id, { boat: boat['C'], action: 'correct', status: 'finished', finishTime: plus(startOf(2), -10) })), ['consequences.0.finishTime']);
    // A9(b) in R1: no race before it to average.
    const onR1 = await lodge(races[0]!, boat['D']!);
    assert.deepEqual(await fields(decide(onR1.id, { boat: boat['D'], action: 'rdg', method: 'average_before' })), ['consequences.0.method']);
    // Nothing changed.
    assert.deepEqual(table(await standings({ fleet: fleetId })), [['A', 1, 2], ['C', 2, 4], ['D', 3, 6], ['B', 4, 7]]);
  });
});
