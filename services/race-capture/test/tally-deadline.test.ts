/**
 * The safety tally's clock through the gateway: a movement kept on a device offline keeps the time it
 * was tapped (within 2 minutes ahead and 24 hours behind the server clock, else 400 on `at`), and a
 * day closes itself at its sign-in deadline with nobody's hand, once, even with three closers racing
 * (the service's loop and two more as a second and third replica would run them): the penalty the
 * organizer chose lands in the results as a revision via the tally.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { encodeFact, factHeaders, factKey, factTopic } from '@regatta/contracts';
import { createPool, type Pool } from '@regatta/db';
import { enqueue } from '@regatta/messaging';
import type { ServiceContext } from '@regatta/runtime';
import { apiClient, eventually, middayZone, zonedClock } from '@regatta/testing';
import { closeDueDays } from '../src/modules/tally/app/close-due-days.js';
import { buildRegatta, ok, signal, type CaptureRegatta } from './support.js';

const api = apiClient();
let regatta: CaptureRegatta;
let pool: Pool;
// The regatta keeps a zone where it is about noon now, so two hours ago is still today (testing/clock.ts).
const zone = middayZone();
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const today = () => new Date().toISOString().slice(0, 10);
const move = (registrationId: string, kind: 'out' | 'in', at?: Date) => ({ id: randomUUID(), registrationId, kind, ...(at ? { at: at.toISOString() } : {}) });

before(async () => {
  regatta = await buildRegatta(api, { boats: 3, races: 1, timeZone: zone });
  const start = ago(120);
  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/signals`, signal(regatta.raceIds, 'start', start), { key: regatta.organizer.key }), 201);
  const results = regatta.entries.map((entry, place) => ({ boat: entry.boatId, status: 'finished', finishTime: new Date(start.getTime() + (40 + place) * 60_000).toISOString() }));
  await ok(api.post(`/api/v1/events/${regatta.slug}/races/${regatta.raceIds[0]}/results`, { actualStart: start.toISOString(), status: 'finished', results }, { key: regatta.organizer.key }));
  const databaseUrl = process.env['E2E_DATABASE_URL'];
  assert.ok(databaseUrl, 'E2E_DATABASE_URL names the stack database');
  pool = createPool({ databaseUrl, schema: 'race_capture', applicationName: 'tally-deadline-test' });
});

after(async () => {
  await pool?.end();
});

test('a movement sent late keeps the time it was tapped; the receipt is kept beside it; bounds refused on `at`', async () => {
  const [gbr1] = regatta.entries;
  const tapped = ago(35);
  const kept = (await ok(api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(gbr1!.registrationId, 'out', tapped), { key: regatta.organizer.key }), 201)).data;
  assert.equal(kept.at, tapped.toISOString());
  assert.ok(Date.parse(kept.receivedAt) - tapped.getTime() >= 35 * 60_000 - 1_000, `received now, not when tapped: ${kept.receivedAt}`);
  assert.equal(kept.day, today());

  const ahead = await api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(gbr1!.registrationId, 'in', new Date(Date.now() + 3 * 60_000)), { key: regatta.organizer.key });
  assert.deepEqual([ahead.status, ahead.body.code, ahead.body.errors?.[0]?.field], [400, 'time_in_future', 'at']);
  const old = await api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(gbr1!.registrationId, 'in', ago(25 * 60)), { key: regatta.organizer.key });
  assert.deepEqual([old.status, old.body.code, old.body.errors?.[0]?.field], [400, 'time_too_old', 'at']);
  const garbled = await api.post(`/api/v1/events/${regatta.slug}/tally/movements`, { ...move(gbr1!.registrationId, 'in'), at: 'yesterday' }, { key: regatta.organizer.key, contract: false });
  assert.deepEqual([garbled.status, garbled.body.errors?.[0]?.field], [400, 'at']);
});

test('the day closes itself at its deadline with nobody\'s hand; the missed sign-ins become a revision; a hand closing after it penalizes nothing twice', async () => {
  const [, gbr2, gbr3] = regatta.entries;
  // GBR 2 out 30 minutes ago and back 25 minutes ago (a phone offline until now); GBR 3 out and never back.
  await ok(api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(gbr2!.registrationId, 'out', ago(30)), { key: regatta.organizer.key }), 201);
  await ok(api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(gbr3!.registrationId, 'out', ago(30)), { key: regatta.organizer.key }), 201);
  await ok(api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(gbr2!.registrationId, 'in', ago(25)), { key: regatta.organizer.key }), 201);
  // GBR 1 (out 35 minutes ago) signs in now: after the deadline of 10 minutes ago, so she missed it too.
  await ok(api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(regatta.entries[0]!.registrationId, 'in'), { key: regatta.organizer.key }), 201);
  const deadline = zonedClock(ago(10), zone);
  await ok(api.put(`/api/v1/events/${regatta.slug}/tally/settings`, { signInDeadline: deadline, missedSignOut: 'none', missedSignIn: 'points', penaltyPoints: 2 }, { key: regatta.organizer.key }));

  const board = await eventually(async () => {
    const read = (await ok(api.get(`/api/v1/events/${regatta.slug}/tally`, { key: regatta.organizer.key }))).data;
    return read.closedAt ? read : undefined;
  }, 40_000, 'the day closed itself');
  assert.equal(board.closedAutomatically, true);
  const { rows } = await pool.query<{ automatic: boolean; closed_by: string; misses: Array<{ sailNumber: string; breach: string }> }>(
    'SELECT c.automatic, c.closed_by, c.misses FROM tally_closings c JOIN capture_events e ON e.id = c.event_id WHERE e.slug = $1 AND c.day = $2',
    [regatta.slug, today()],
  );
  assert.equal(rows.length, 1, 'one closing of the day');
  assert.deepEqual([rows[0]!.automatic, rows[0]!.closed_by], [true, 'tally-deadline']);
  assert.deepEqual(rows[0]!.misses.map((miss) => [miss.sailNumber, miss.breach]), [['GBR 1', 'sign_in'], ['GBR 3', 'sign_in']]);

  const revision = await eventually(async () => {
    const history = (await ok(api.get(`/api/v1/events/${regatta.slug}/results/revisions`, { key: regatta.organizer.key, query: { race: regatta.raceIds[0]! } }))).data.revisions;
    return history.find((entry: any) => entry.actor.via === 'tally');
  }, 20_000, 'the penalty became a revision');
  assert.match(revision.reason, /GBR 1 did not sign in \(DPI 2 points\); GBR 3 did not sign in \(DPI 2 points\)/);
  const standings = (await ok(api.get(`/api/v1/events/${regatta.slug}/standings`, { key: regatta.organizer.key }))).data;
  const boatOf = (sail: string) => regatta.entries.find((entry) => entry.sailNumber === sail)!.boatId;
  const race = (sail: string) => standings.standings.find((entry: any) => entry.boat.id === boatOf(sail))?.raceResults[0];
  // GBR 1 won: 1 + 2 = 3 (DPI); GBR 3 third: 3 + 2 = 5, capped at the DNF score of three boats, 4;
  // GBR 2 came back in time by the tap on her phone and keeps her 2.
  assert.deepEqual(['GBR 1', 'GBR 2', 'GBR 3'].map((sail) => [race(sail)?.points, race(sail)?.code ?? null]), [[3, 'DPI'], [2, null], [4, 'DPI']]);

  // The organizer's hand still closes the day (again): answered as before, nothing penalized twice.
  const again = (await ok(api.post(`/api/v1/events/${regatta.slug}/tally/days/${today()}/close`, undefined, { key: regatta.organizer.key }), 201)).data;
  assert.deepEqual(again.misses.map((miss: any) => miss.sailNumber), ['GBR 1', 'GBR 3']);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const history = (await ok(api.get(`/api/v1/events/${regatta.slug}/results/revisions`, { key: regatta.organizer.key, query: { race: regatta.raceIds[0]! } }))).data.revisions;
  assert.equal(history.filter((entry: any) => entry.actor.via === 'tally').length, 1);
});

test('three closers racing for one day (the service\'s loop and two more, as further replicas would run them) close it once', async () => {
  const second = await buildRegatta(api, { boats: 2, races: 1 });
  await ok(api.post(`/api/v1/events/${second.slug}/tally/movements`, move(second.entries[0]!.registrationId, 'out', ago(30)), { key: second.organizer.key }), 201);
  const context = {
    pool,
    logger: { info: () => undefined, warn: () => undefined },
    publish: async (client: pg.PoolClient, fact: Parameters<typeof encodeFact>[0]) => {
      await enqueue(client, { topic: factTopic(fact.type as never), key: factKey(fact), payload: encodeFact(fact), messageId: fact.id, headers: factHeaders(fact) });
    },
  } as unknown as ServiceContext;
  await ok(api.put(`/api/v1/events/${second.slug}/tally/settings`, { signInDeadline: ago(10).toISOString().slice(11, 16), missedSignOut: 'none', missedSignIn: 'none', penaltyPoints: 2 }, { key: second.organizer.key }));
  const closed = await Promise.all([closeDueDays(context), closeDueDays(context)]);
  const ours = closed.flat().filter((closing) => closing.misses.some((miss) => miss.registrationId === second.entries[0]!.registrationId));
  assert.ok(ours.length <= 1, 'at most one of the two closed it (the service\'s loop may have been first)');
  await eventually(async () => ((await ok(api.get(`/api/v1/events/${second.slug}/tally`, { key: second.organizer.key }))).data.closedAutomatically ? true : undefined), 40_000, 'closed');
  const { rows } = await pool.query('SELECT c.id FROM tally_closings c JOIN capture_events e ON e.id = c.event_id WHERE e.slug = $1', [second.slug]);
  assert.equal(rows.length, 1, 'one closing among three closers');
  const facts = await pool.query(`SELECT count(*)::int AS n FROM outbox WHERE message_key = (SELECT id::text FROM capture_events WHERE slug = $1) AND headers::text LIKE '%tally.day.closed%'`, [second.slug]);
  assert.ok(facts.rows[0].n <= 1, 'one tally.day.closed published');
});
