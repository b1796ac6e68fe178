/**
 * results-scoring at service level: the events service's facts are played on Kafka, requests go to
 * the service with a gateway-style identity assertion (responses checked against the OpenAPI
 * document), and results.v1 is watched for the facts. Numbers are worked by hand in the comments.
 *
 *   STACK_SLOT=6 node --conditions=@regatta/source --import tsx scripts/with-stack.ts \
 *     node --conditions=@regatta/source --import tsx --test services/results-scoring/test/results-service.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { factPayload } from '@regatta/contracts';
import {
  FactWatcher,
  ServiceClient,
  closeKafka,
  embed,
  emit,
  eventUpdated,
  fleetCreated,
  member,
  newEvent,
  outsider,
  raceScheduled,
  registrationCreated,
  seriesCreated,
} from './support.js';

const watcher = new FactWatcher();
before(async () => {
  await emit(); // connects the producer, so the lag test measures the service, not the test's start-up
  await watcher.start();
});
after(async () => {
  await watcher.stop();
  await closeKafka();
});

const startOf = (day: number) => new Date(Date.UTC(2025, 5, day, 12, 0, 0));
const plus = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();

describe('a regatta with a handicap fleet and a one-design fleet', () => {
  const event = newEvent('published');
  const irc = fleetCreated(event, { name: 'IRC', system: 'irc', discardThresholds: [3] });
  const lasers = fleetCreated(event, { name: 'Lasers', system: 'one_design', dropRaces: 1 });
  const ircRaces = [1, 2, 3].map((n) => raceScheduled(event, irc.id, n));
  const odRaces = [1, 2, 3].map((n) => raceScheduled(event, lasers.id, n));
  const H = ['H1', 'H2', 'H3', 'H4'];
  const tcc: Record<string, number> = { H1: 1.0, H2: 1.1, H3: 0.95, H4: 1.05 };
  const hReg = Object.fromEntries(H.map((h) => [h, registrationCreated(event, irc, { name: `Boat ${h}`, sail: `GBR ${h}`, ratings: { irc: tcc[h]! }, skipper: `Skipper ${h}` })]));
  const L = ['L1', 'L2', 'L3', 'L4', 'L5'];
  const lReg = Object.fromEntries(L.map((l) => [l, registrationCreated(event, lasers, { name: `Laser ${l}`, sail: `ITA ${l}` })]));
  const hb = (h: string) => hReg[h]!.boatId;
  const lb = (l: string) => lReg[l]!.boatId;
  const api = new ServiceClient(member(event.organizationId));
  const path = (raceId: string) => `/api/v1/events/${event.slug}/races/${raceId}/results` as const;

  test('results posted right after the race and registrations were created are accepted (projection lag is waited for)', async () => {
    // Nothing awaited between the facts and the request.
    void emit(event.fact, irc.fact, lasers.fact, ...ircRaces.map((r) => r.fact), ...odRaces.map((r) => r.fact), ...H.map((h) => hReg[h]!.fact), ...L.map((l) => lReg[l]!.fact));
    const s = startOf(1);
    const response = await api.post(path(ircRaces[0]!.id), {
      actualStart: s.toISOString(),
      status: 'finished',
      results: [
        { boat: hb('H1'), finishTime: plus(s, 3600), status: 'finished' },
        { boat: hb('H2'), finishTime: plus(s, 3300), status: 'finished' },
        { boat: hb('H3'), finishTime: plus(s, 3800), status: 'finished' },
        { boat: hb('H4'), finishTime: plus(s, 3400), status: 'finished', notes: 'protest withdrawn' },
      ],
    });
    assert.equal(response.status, 200, response.text);
    // Corrected: H1 3600, H2 3300 × 1.1 = 3630, H3 3800 × 0.95 = 3610, H4 3400 × 1.05 = 3570.
    const byBoat = new Map(response.body.data.map((r: any) => [r.boatId, r]));
    assert.deepEqual(
      H.map((h) => {
        const r: any = byBoat.get(hb(h));
        return [h, r.position, r.points, r.elapsedTime, r.correctedTime, r.correctedSeconds, r.provisional];
      }),
      [
        ['H1', 2, 2, '01:00:00', '01:00:00', 3600, true],
        ['H2', 4, 4, '00:55:00', '01:00:30', 3630, true],
        ['H3', 3, 3, '01:03:20', '01:00:10', 3610, true],
        ['H4', 1, 1, '00:56:40', '00:59:30', 3570, true],
      ],
    );
    assert.equal(response.body.data[0].boatId, hb('H4'), 'best first');
    assert.equal((byBoat.get(hb('H4')) as any).notes, 'protest withdrawn');
  });

  test('the first submission publishes race.started, results.updated, race.completed and standings.updated', async () => {
    const raceId = ircRaces[0]!.id;
    const types = await watcher.waitFor((facts) => {
      const mine = facts.filter((f) => f.eventId === event.id).map((f) => f.type);
      return ['race.started', 'results.updated', 'race.completed', 'standings.updated'].every((t) => mine.includes(t)) ? mine : undefined;
    });
    assert.deepEqual(types.slice(0, 4), ['race.started', 'results.updated', 'race.completed', 'standings.updated']);
    const updated = watcher.facts.find((f) => f.type === 'results.updated' && f.eventId === event.id)!;
    const payload = factPayload(updated, 'resultsUpdated')!;
    assert.equal(payload.raceId, raceId);
    assert.equal(payload.published, false);
    assert.equal(payload.results.find((r) => r.boatId === hb('H2'))!.correctedSeconds, 3630);
    const standings = factPayload(watcher.facts.find((f) => f.type === 'standings.updated' && f.eventId === event.id)!, 'standingsUpdated')!;
    assert.equal(standings.fleetName, 'IRC');
    assert.deepEqual(
      standings.entries.map((e) => [e.boatName, e.position, e.netPoints]),
      [
        ['Boat H4', 1, 1],
        ['Boat H1', 2, 2],
        ['Boat H3', 3, 3],
        ['Boat H2', 4, 4],
      ],
    );
  });

  test('races 2 and 3 of both fleets with penalties, a tie and a discard give the standings the rules give', async () => {
    const s2 = startOf(2);
    const s3 = startOf(3);
    const post = async (raceId: string, start: Date, results: unknown[]) => {
      const response = await api.post(path(raceId), { actualStart: start.toISOString(), status: 'finished', results });
      assert.equal(response.status, 200, response.text);
      return response.body.data as any[];
    };
    // IRC R2: H3 3650 × 0.95 = 3467.5 → 3468, 1st, ZFP 1 + 20% × 5 = 2; H1 3500 (2); H2 3200 × 1.1 = 3520 (3); H4 DNF 5.
    const r2 = await post(ircRaces[1]!.id, s2, [
      { boat: hb('H1'), finishTime: plus(s2, 3500), status: 'finished' },
      { boat: hb('H2'), finishTime: plus(s2, 3200), status: 'finished' },
      { boat: hb('H3'), finishTime: plus(s2, 3650), status: 'finished', code: 'zfp' },
      { boat: hb('H4'), status: 'dnf' },
    ]);
    const h3 = r2.find((r) => r.boatId === hb('H3'));
    assert.deepEqual([h3.position, h3.correctedSeconds, h3.points, h3.code], [1, 3468, 2, 'ZFP']);
    assert.deepEqual(r2.find((r) => r.boatId === hb('H4')).points, 5);
    // IRC R3: H1 OCS 5; H4 3450 × 1.05 = 3622.5 → 3623 (1); H2 3630 (2); H3 3850 × 0.95 = 3657.5 → 3658 (3).
    await post(ircRaces[2]!.id, s3, [
      { boat: hb('H1'), status: 'dns', code: 'OCS' },
      { boat: hb('H2'), finishTime: plus(s3, 3300), status: 'finished' },
      { boat: hb('H3'), finishTime: plus(s3, 3850), status: 'finished' },
      { boat: hb('H4'), finishTime: plus(s3, 3450), status: 'finished' },
    ]);
    // Lasers, one-design: places from the finish times (sent out of order).
    const s1 = startOf(1);
    await post(odRaces[0]!.id, s1, [
      { boat: lb('L3'), finishTime: plus(s1, 1830), status: 'finished' },
      { boat: lb('L1'), finishTime: plus(s1, 1800), status: 'finished' },
      { boat: lb('L2'), finishTime: plus(s1, 1815), status: 'finished' },
      { boat: lb('L5'), finishTime: plus(s1, 1900), status: 'finished' },
      { boat: lb('L4'), finishTime: plus(s1, 1850), status: 'finished' },
    ]);
    // R2: L3 1, L2 2, L1 3, L5 4 + 30% × 6 = 5.8 (SCP), L4 DSQ 6.
    const od2 = await post(odRaces[1]!.id, s2, [
      { boat: lb('L3'), finishTime: plus(s2, 1700), status: 'finished' },
      { boat: lb('L2'), finishTime: plus(s2, 1710), status: 'finished' },
      { boat: lb('L1'), finishTime: plus(s2, 1720), status: 'finished' },
      { boat: lb('L4'), status: 'dsq', notes: 'rule 31' },
      { boat: lb('L5'), finishTime: plus(s2, 1760), status: 'finished', code: 'scp', penaltyPercent: 30 },
    ]);
    assert.equal(od2.find((r) => r.boatId === lb('L5')).points, 5.8);
    assert.equal(od2.find((r) => r.boatId === lb('L5')).correctedTime, '00:29:20');
    // R3: L3 1, L5 2, L4 3, L1 4, L2 DNF 6.
    await post(odRaces[2]!.id, s3, [
      { boat: lb('L3'), finishTime: plus(s3, 1600), status: 'finished' },
      { boat: lb('L5'), finishTime: plus(s3, 1610), status: 'finished' },
      { boat: lb('L4'), finishTime: plus(s3, 1620), status: 'finished' },
      { boat: lb('L1'), finishTime: plus(s3, 1630), status: 'finished' },
      { boat: lb('L2'), status: 'dnf' },
    ]);

    const irc3 = await api.get(`/api/v1/events/${event.slug}/standings`, { fleet: 'irc' });
    assert.equal(irc3.status, 200, irc3.text);
    assert.deepEqual(irc3.body.data.event, { id: event.id, slug: event.slug, name: event.name });
    assert.deepEqual(irc3.body.data.scoringSystem, { type: 'low_point', drops: 1, appliedDrops: 1 });
    // H4 1+5+1 = 7 − 5 = 2; H1 2+2+5 = 9 − 5 = 4; H2 4+3+2 = 9 − 4 = 5; H3 3+2+3 = 8 − 3 = 5.
    // H2/H3: A8.1 kept [2,3] both; A8.2 last race H2 2 < H3 3.
    assert.deepEqual(
      irc3.body.data.standings.map((e: any) => [e.boat.sail, e.position, e.totalPoints, e.netPoints, e.raceResults.map((r: any) => (r.dropped ? `(${r.points})` : r.points)).join(' ')]),
      [
        ['GBR H4', 1, 7, 2, '1 (5) 1'],
        ['GBR H1', 2, 9, 4, '2 2 (5)'],
        ['GBR H2', 3, 9, 5, '(4) 3 2'],
        ['GBR H3', 4, 8, 5, '(3) 2 3'],
      ],
    );
    assert.equal(irc3.body.data.standings[0].skipper, 'Skipper H4');
    assert.equal(irc3.body.data.standings[0].fleet, 'IRC');
    assert.equal(irc3.body.data.standings[1].racesCompleted, 3);

    const od = await api.get(`/api/v1/events/${event.slug}/standings`, { fleet: lasers.id, includeDrops: 'false' });
    assert.equal(od.status, 200, od.text);
    // L3 3+1+1 = 5 − 3 = 2; L1 1+3+4 = 8 − 4 = 4, L2 2+2+6 = 10 − 6 = 4 (A8.1: [1,3] beats [2,2]);
    // L5 5+5.8+2 = 12.8 − 5.8 = 7, L4 4+6+3 = 13 − 6 = 7 (A8.1: [2,5] beats [3,4]).
    assert.deepEqual(
      od.body.data.standings.map((e: any) => [e.boat.name, e.position, e.totalPoints, e.netPoints, e.raceResults.length]),
      [
        ['Laser L3', 1, 5, 2, 2],
        ['Laser L1', 2, 8, 4, 2],
        ['Laser L2', 3, 10, 4, 2],
        ['Laser L5', 4, 12.8, 7, 2],
        ['Laser L4', 5, 13, 7, 2],
      ],
    );

    // Both fleets without a filter: one list, fleet by fleet, positions within each fleet.
    const all = await api.get(`/api/v1/events/${event.slug}/standings`);
    assert.equal(all.status, 200, all.text);
    assert.deepEqual(
      all.body.data.standings.map((e: any) => `${e.fleet}:${e.position}`),
      ['IRC:1', 'IRC:2', 'IRC:3', 'IRC:4', 'Lasers:1', 'Lasers:2', 'Lasers:3', 'Lasers:4', 'Lasers:5'],
    );
    assert.deepEqual(
      all.body.data.fleets.map((f: any) => [f.name, f.scoringSystem.drops, f.scoringSystem.appliedDrops, f.racesCompleted, f.provisional]),
      [
        ['IRC', 1, 1, 3, true],
        ['Lasers', 1, 1, 3, true],
      ],
    );
  });

  test('GET results: guide-form records by race, filtered by race number, fleet name and sail number', async () => {
    const all = await api.get(`/api/v1/events/${event.slug}/results`);
    assert.equal(all.status, 200, all.text);
    assert.equal(all.body.data.races.length, 6);
    const race2 = await api.get(`/api/v1/events/${event.slug}/results`, { race: '2', fleet: 'IRC' });
    assert.equal(race2.status, 200, race2.text);
    assert.equal(race2.body.data.races.length, 1);
    const { race, results } = race2.body.data.races[0];
    assert.deepEqual([race.id, race.number, race.status, race.actualStart, race.fleet.name], [ircRaces[1]!.id, 2, 'finished', startOf(2).toISOString(), 'IRC']);
    assert.deepEqual(
      results.map((r: any) => [r.boat.sail, r.position, r.points, r.status, r.code, r.correctedTime]),
      [
        ['GBR H3', 1, 2, 'finished', 'ZFP', '00:57:48'],
        ['GBR H1', 2, 2, 'finished', null, '00:58:20'],
        ['GBR H2', 3, 3, 'finished', null, '00:58:40'],
        ['GBR H4', null, 5, 'dnf', 'DNF', null],
      ],
    );
    assert.equal(results[0].skipper, 'Skipper H3');
    assert.equal(results[0].fleet, 'IRC');
    const boat = await api.get(`/api/v1/events/${event.slug}/results`, { boat: 'itaL4' });
    assert.equal(boat.status, 200, boat.text);
    assert.deepEqual(
      boat.body.data.races.map((r: any) => [r.race.number, r.results[0].points, r.results[0].status, r.results[0].notes]),
      [
        [1, 4, 'finished', null],
        [2, 6, 'dsq', 'rule 31'],
        [3, 3, 'finished', null],
      ],
    );
    const byId = await api.get(`/api/v1/events/${event.slug}/results`, { race: odRaces[0]!.id });
    assert.equal(byId.body.data.races[0].results[0].boat.id, lb('L1'));
    const unknownFleet = await api.get(`/api/v1/events/${event.slug}/results`, { fleet: 'Optimists' });
    assert.equal(unknownFleet.status, 404);
  });

  test('rejections: duplicate boat, finisher without finish time, finish before start, boat of another fleet, bad shape, unknown race', async () => {
    const s = startOf(4);
    const raceId = ircRaces[2]!.id;
    const attempt = (body: unknown) => api.post(path(raceId), body);
    const dup = await attempt({ actualStart: s.toISOString(), results: [{ boat: hb('H1'), status: 'dnf' }, { boat: hb('H1'), status: 'dns' }] });
    assert.deepEqual([dup.status, dup.body.code, dup.body.errors[0].field], [400, 'duplicate_boat', 'results.1.boat']);
    const noTime = await attempt({ actualStart: s.toISOString(), results: [{ boat: hb('H1'), status: 'finished' }] });
    assert.deepEqual([noTime.status, noTime.body.code, noTime.body.errors[0].field], [400, 'missing_finish_time', 'results.0.finishTime']);
    const early = await attempt({ actualStart: s.toISOString(), results: [{ boat: hb('H1'), status: 'finished', finishTime: plus(s, -60) }] });
    assert.deepEqual([early.status, early.body.code], [400, 'finish_before_start']);
    const started = Date.now();
    const foreign = await attempt({ actualStart: s.toISOString(), results: [{ boat: lb('L1'), status: 'dnf' }] });
    assert.deepEqual([foreign.status, foreign.body.code, foreign.body.errors[0].field], [400, 'unknown_boat', 'results.0.boat']);
    assert.ok(Date.now() - started < 4_000);
    const shape = await attempt({ actualStart: 'yesterday', results: [{ boat: hb('H1'), status: 'sank', code: 'xyz' }], extra: true });
    assert.equal(shape.status, 400);
    assert.equal(shape.body.code, 'validation_failed');
    const fields = shape.body.errors.map((e: any) => e.field);
    for (const field of ['actualStart', 'results.0.status', 'results.0.code']) assert.ok(fields.includes(field), `${field} in ${fields}`);
    const mismatch = await attempt({ results: [{ boat: hb('H1'), status: 'finished', finishTime: plus(s, 10), code: 'dsq' }] });
    assert.deepEqual([mismatch.status, mismatch.body.errors[0].field], [400, 'results.0.code']);
    const unknownRace = await api.post(path(randomUUID()), { results: [] });
    assert.equal(unknownRace.status, 404);
    const otherEvent = await api.post(`/api/v1/events/no-such-${randomUUID().slice(0, 6)}/races/${raceId}/results`, { results: [] });
    assert.equal(otherEvent.status, 404);
    // Nothing changed: race 3 still has its four results.
    const check = await api.get(`/api/v1/events/${event.slug}/results`, { race: raceId });
    assert.equal(check.body.data.races[0].results.length, 4);
  });

  test('re-submitting replaces the race results and re-scores the fleet', async () => {
    const s = startOf(3);
    // IRC race 3 again: H1's OCS is withdrawn (redress, stated 1 point) and H2 retires.
    const response = await api.post(path(ircRaces[2]!.id), {
      status: 'finished',
      results: [
        { boat: hb('H1'), status: 'dns', code: 'rdg', redress: { method: 'points', points: 1 } },
        { boat: hb('H3'), finishTime: plus(s, 3850), status: 'finished' },
        { boat: hb('H4'), finishTime: plus(s, 3450), status: 'finished' },
      ],
    });
    assert.equal(response.status, 200, response.text);
    // H2 has no entry now → DNC 5. H4 1, H3 2 (H2 no longer between them).
    const points = Object.fromEntries(response.body.data.map((r: any) => [r.boatId, [r.points, r.code]]));
    assert.deepEqual(points, { [hb('H1')]: [1, 'RDG'], [hb('H3')]: [2, null], [hb('H4')]: [1, null] });
    const standings = await api.get(`/api/v1/events/${event.slug}/standings`, { fleet: 'IRC' });
    // H1 2+2+1 = 5 − 2 = 3; H4 1+5+1 = 7 − 5 = 2; H3 3+2+2 = 7 − 3 = 4; H2 4+3+5 = 12 − 5 = 7.
    assert.deepEqual(
      standings.body.data.standings.map((e: any) => [e.boat.sail, e.position, e.netPoints]),
      [
        ['GBR H4', 1, 2],
        ['GBR H1', 2, 3],
        ['GBR H3', 3, 4],
        ['GBR H2', 4, 7],
      ],
    );
  });

  test('publishing makes results official and publishes results.published', async () => {
    const outsiderApi = new ServiceClient(outsider());
    const refused = await outsiderApi.post(`/api/v1/events/${event.slug}/results/publish`);
    assert.deepEqual([refused.status, refused.body.code], [403, 'not_a_member']);
    const published = await api.post(`/api/v1/events/${event.slug}/results/publish`);
    assert.equal(published.status, 200, published.text);
    assert.equal(published.body.data.raceIds.length, 6);
    const again = await api.post(`/api/v1/events/${event.slug}/results/publish`);
    assert.deepEqual([again.status, again.body.data.raceIds.length, again.body.data.publishedAt], [200, 0, null]);
    const results = await api.get(`/api/v1/events/${event.slug}/results`, { race: '1', fleet: 'IRC' });
    assert.equal(results.body.data.races[0].race.provisional, false);
    const fact = await watcher.waitFor((facts) => facts.find((f) => f.type === 'results.published' && f.eventId === event.id));
    assert.equal(factPayload(fact, 'resultsPublished')!.raceIds.length, 6);
    // An outsider cannot submit either.
    const submit = await outsiderApi.post(path(ircRaces[0]!.id), { results: [] });
    assert.deepEqual([submit.status, submit.body.code], [403, 'not_a_member']);
  });
});

describe('visibility', () => {
  test('a draft event is visible only to members; an embed token only reads its own organization', async () => {
    const draft = newEvent('draft');
    const fleet = fleetCreated(draft, { name: 'Open' });
    await emit(draft.fact, fleet.fact);
    const insider = new ServiceClient(member(draft.organizationId));
    const ok = await insider.get(`/api/v1/events/${draft.slug}/standings`);
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body.data.standings, []);
    assert.equal((await new ServiceClient(outsider()).get(`/api/v1/events/${draft.slug}/results`)).status, 404);
    assert.equal((await new ServiceClient(embed(draft.organizationId)).get(`/api/v1/events/${draft.slug}/results`)).status, 404);

    await emit(eventUpdated(draft, 'published'));
    const outsiderApi = new ServiceClient(outsider());
    const deadline = Date.now() + 5_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await outsiderApi.get(`/api/v1/events/${draft.slug}/results`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 200);
    assert.equal((await new ServiceClient(embed(draft.organizationId)).get(`/api/v1/events/${draft.slug}/standings`)).status, 200);
    assert.equal((await new ServiceClient(embed(randomUUID())).get(`/api/v1/events/${draft.slug}/standings`)).status, 404);
  });
});

describe('series standings', () => {
  test('event places, best 2 of 3, across three regattas', async () => {
    const organizationId = randomUUID();
    const api = new ServiceClient(member(organizationId));
    const events = [1, 2, 3].map((day) => newEvent('published', organizationId, startOf(day)));
    const boats = ['X', 'Y', 'Z'].map((name) => ({ id: randomUUID(), name: `Boat ${name}`, sail: `USA ${name}` }));
    // Finishing orders (one race each): A: X Y Z, B: Y X (Z absent), C: Z Y X.
    const orders = [
      ['X', 'Y', 'Z'],
      ['Y', 'X'],
      ['Z', 'Y', 'X'],
    ];
    for (const [i, event] of events.entries()) {
      const fleet = fleetCreated(event, { name: 'Lasers' });
      const race = raceScheduled(event, fleet.id, 1);
      const regs = orders[i]!.map((name) => registrationCreated(event, fleet, boats.find((b) => b.name === `Boat ${name}`)!));
      await emit(event.fact, fleet.fact, race.fact, ...regs.map((r) => r.fact));
      const s = startOf(i + 1);
      const response = await api.post(`/api/v1/events/${event.slug}/races/${race.id}/results`, {
        actualStart: s.toISOString(),
        results: regs.map((r, k) => ({ boat: r.boatId, finishTime: plus(s, 600 + k * 10), status: 'finished' })),
      });
      assert.equal(response.status, 200, response.text);
    }
    const series = seriesCreated(organizationId, events.map((e) => e.id), 'event_places', 2);
    await emit(series.fact);
    const response = await api.get(`/api/v1/series/${series.slug}/standings`);
    assert.equal(response.status, 200, response.text);
    // X [1,2,3] → 3; Y [2,1,2] → 3 (the earlier 2 dropped); Z [3,4 (absent: 3 boats + 1),1] → 4. X/Y: last event Y 2 < X 3.
    assert.deepEqual(
      response.body.data.standings.map((e: any) => [e.boat.sail, e.position, e.totalPoints, e.netPoints, e.eventsSailed]),
      [
        ['USA Y', 1, 5, 3, 3],
        ['USA X', 2, 6, 3, 3],
        ['USA Z', 3, 8, 4, 2],
      ],
    );
    assert.deepEqual(response.body.data.series.scoringRule, 'event_places');
    assert.deepEqual(response.body.data.events.map((e: any) => e.id), events.map((e) => e.id));
    assert.equal((await new ServiceClient(embed(randomUUID())).get(`/api/v1/series/${series.slug}/standings`)).status, 404);
  });
});

describe('registration changes', () => {
  test('a late entry re-scores the fleet: penalties grow with the entries (A5.2) and standings.updated follows', async () => {
    const event = newEvent('published');
    const fleet = fleetCreated(event, { name: 'Finns' });
    const race = raceScheduled(event, fleet.id, 1);
    const a = registrationCreated(event, fleet, { name: 'Alpha', sail: 'FIN 1' });
    const b = registrationCreated(event, fleet, { name: 'Bravo', sail: 'FIN 2' });
    await emit(event.fact, fleet.fact, race.fact, a.fact, b.fact);
    const api = new ServiceClient(member(event.organizationId));
    const s = startOf(1);
    const posted = await api.post(`/api/v1/events/${event.slug}/races/${race.id}/results`, {
      actualStart: s.toISOString(),
      results: [
        { boat: a.boatId, finishTime: plus(s, 1200), status: 'finished' },
        { boat: b.boatId, status: 'dnf' },
      ],
    });
    assert.equal(posted.status, 200, posted.text);
    // Two entries: DNF = 2 + 1 = 3.
    assert.equal(posted.body.data.find((r: any) => r.boatId === b.boatId).points, 3);

    const c = registrationCreated(event, fleet, { name: 'Charlie', sail: 'FIN 3' });
    await emit(c.fact);
    // Three entries: Bravo's DNF and Charlie's DNC both score 4; tied on every criterion, they share 2nd.
    const fact = await watcher.waitFor((facts) =>
      facts.find((f) => f.type === 'standings.updated' && f.eventId === event.id && factPayload(f, 'standingsUpdated')!.entries.length === 3),
    );
    assert.deepEqual(
      factPayload(fact, 'standingsUpdated')!.entries.map((e) => [e.boatName, e.position, e.netPoints]),
      [
        ['Alpha', 1, 1],
        ['Bravo', 2, 4],
        ['Charlie', 2, 4],
      ],
    );
    const standings = await api.get(`/api/v1/events/${event.slug}/standings`);
    assert.deepEqual(
      standings.body.data.standings.map((e: any) => [e.boat.sail, e.position, e.netPoints, e.racesCompleted]),
      [
        ['FIN 1', 1, 1, 1],
        ['FIN 2', 2, 4, 1],
        ['FIN 3', 2, 4, 0],
      ],
    );
    const results = await api.get(`/api/v1/events/${event.slug}/results`);
    assert.deepEqual(
      results.body.data.races[0].results.map((r: any) => [r.boat.sail, r.points]),
      [
        ['FIN 1', 1],
        ['FIN 2', 4],
      ],
    );
  });
});
