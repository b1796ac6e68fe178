/**
 * The safety tally through the gateway: a day of five boats (one entered by her own sailor, who
 * signs herself out and in), the shore team signing the others, idempotent taps, the committee board
 * flagging the boat still afloat once the deadline passed, privacy of persons and contacts, the CSV,
 * and closing the day: the penalty the organizer chose lands in the standings as a revision via tally.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, test } from 'node:test';
import { apiClient, eventually, middayZone, newActor, zonedClock, type Actor } from '@regatta/testing';
import { buildRegatta, enrolDevice, ok, signal, type CaptureRegatta } from './support.js';

const api = apiClient();
let regatta: CaptureRegatta;
let sailor: Actor;
let outsider: Actor;
/** GBR 1..4 entered by the organizer; GBR 5 by her own sailor. */
const boats: Array<{ registrationId: string; boatId: string; sailNumber: string }> = [];
const today = () => new Date().toISOString().slice(0, 10);
const start = new Date(Date.now() - 2 * 3_600_000);
const move = (registrationId: string, kind: 'out' | 'in', extra: Record<string, unknown> = {}) => ({ id: randomUUID(), registrationId, kind, ...extra });
/** A time `minutes` ago (a tap on a device that sends it later), and its wall-clock HH:MM in UTC (the regatta keeps UTC). */
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
// The regatta keeps a zone where it is about noon now, so two hours ago is still today (testing/clock.ts).
const zone = middayZone();
const clockOf = (iso: string) => zonedClock(new Date(iso), zone);

before(async () => {
  regatta = await buildRegatta(api, { boats: 4, races: 2, timeZone: zone });
  sailor = await newActor(api, ['read', 'register']);
  outsider = await newActor(api, ['read', 'register', 'results']);
  const own = await ok(api.post(`/api/v1/events/${regatta.slug}/register`, { fleet: regatta.fleetId, boat: { name: 'Boat 5', sailNumber: 'GBR 5' }, emergencyContact: 'Anna +44 7700 900005' }, { key: sailor.key }), 201);
  boats.push(...regatta.entries, { registrationId: own.data.id, boatId: own.data.boatId, sailNumber: 'GBR 5' });
  // GBR 6 races without ever signing out.
  const sixth = await ok(api.post(`/api/v1/events/${regatta.slug}/register`, { fleet: regatta.fleetId, boat: { name: 'Boat 6', sailNumber: 'GBR 6' }, sailor: { name: 'Skipper 6', email: `skipper-6-${randomUUID().slice(0, 8)}@example.org` } }, { key: regatta.organizer.key }), 201);
  boats.push({ registrationId: sixth.data.id, boatId: sixth.data.boatId, sailNumber: 'GBR 6' });
  // Both races started today (their day on the tally) and were scored: GBR 4 third in race 2, behind GBR 6.
  for (const raceId of regatta.raceIds) {
    await ok(api.post(`/api/v1/events/${regatta.slug}/capture/signals`, signal([raceId], 'start', start), { key: regatta.organizer.key }), 201);
  }
  const order = [['GBR 1', 'GBR 2', 'GBR 3', 'GBR 4', 'GBR 5', 'GBR 6'], ['GBR 6', 'GBR 1', 'GBR 4', 'GBR 2', 'GBR 5', 'GBR 3']];
  for (const [index, raceId] of regatta.raceIds.entries()) {
    const results = order[index]!.map((sail, place) => ({ boat: boats.find((boat) => boat.sailNumber === sail)!.boatId, status: 'finished', finishTime: new Date(start.getTime() + (40 + place) * 60_000).toISOString() }));
    await ok(api.post(`/api/v1/events/${regatta.slug}/races/${raceId}/results`, { actualStart: start.toISOString(), status: 'finished', results }, { key: regatta.organizer.key }));
  }
  await eventually(async () => {
    const mine = await api.get(`/api/v1/events/${regatta.slug}/tally/mine`, { key: sailor.key });
    const board = await api.get(`/api/v1/events/${regatta.slug}/tally`, { key: regatta.organizer.key });
    return mine.status === 200 && mine.body.data.boats.length === 1 && board.body.data?.boats.length === 6 ? true : undefined;
  }, 10_000, 'race capture projected the entries');
});

test('the entrant signs her own boat out with her persons; a retry is 200 and the same; another body under its id 409', async () => {
  const own = boats[4]!;
  const body = move(own.registrationId, 'out', { personsOnBoard: 2, persons: ['Anna', 'Ben'] });
  const first = await ok(api.post(`/api/v1/events/${regatta.slug}/tally/movements`, body, { key: sailor.key }), 201);
  assert.deepEqual([first.data.kind, first.data.day, first.data.personsOnBoard, first.data.persons, first.data.recordedBy.kind], ['out', today(), 2, ['Anna', 'Ben'], 'entrant']);
  const retry = await ok(api.post(`/api/v1/events/${regatta.slug}/tally/movements`, body, { key: sailor.key }), 200);
  assert.equal(retry.data.at, first.data.at);
  const clash = await api.post(`/api/v1/events/${regatta.slug}/tally/movements`, { ...body, personsOnBoard: 3 }, { key: sailor.key });
  assert.deepEqual([clash.status, clash.body.code], [409, 'capture_id_conflict']);
  const mine = (await ok(api.get(`/api/v1/events/${regatta.slug}/tally/mine`, { key: sailor.key }))).data;
  assert.deepEqual(mine.boats.map((boat: any) => [boat.sailNumber, boat.state, boat.personsOnBoard, boat.emergencyContact]), [['GBR 5', 'afloat', 2, 'Anna +44 7700 900005']]);
});

test('refusals on the field: another boat 403 not_your_boat, a bad body 400 naming each field, unknown entry 400, outsider board 403, no credentials 401', async () => {
  const foreign = await api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(boats[0]!.registrationId, 'out'), { key: sailor.key });
  assert.deepEqual([foreign.status, foreign.body.code, foreign.body.errors?.[0]?.field], [403, 'not_your_boat', 'registrationId']);
  const bad = await api.post(`/api/v1/events/${regatta.slug}/tally/movements`, { id: 'x', registrationId: boats[4]!.registrationId, kind: 'ashore', personsOnBoard: 0 }, { key: sailor.key, contract: false });
  assert.equal(bad.status, 400);
  assert.equal(bad.headers.get('content-type')?.startsWith('application/problem+json'), true);
  assert.deepEqual(bad.body.errors.map((error: any) => error.field).sort(), ['id', 'kind', 'personsOnBoard']);
  const unknown = await api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(randomUUID(), 'out'), { key: regatta.organizer.key });
  assert.deepEqual([unknown.status, unknown.body.code], [400, 'unknown_boat']);
  const board = await api.get(`/api/v1/events/${regatta.slug}/tally`, { key: outsider.key });
  assert.deepEqual([board.status, board.body.code], [403, 'not_a_member']);
  const entrantBoard = await api.get(`/api/v1/events/${regatta.slug}/tally`, { key: sailor.key });
  assert.deepEqual([entrantBoard.status, entrantBoard.body.code], [403, 'not_a_member']);
  const anonymous = await api.get(`/api/v1/events/${regatta.slug}/tally/mine`, { contract: false });
  assert.equal(anonymous.status, 401);
});

test('the shore team signs four boats out and three in; the entrant signs in with one tap; the board shows GBR 4 afloat', async () => {
  const device = await enrolDevice(api, regatta, 'Boat park');
  // The device kept its taps offline: out 40 minutes ago, three back 30 minutes ago, sent now.
  for (const boat of boats.slice(0, 4)) await ok(api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(boat.registrationId, 'out', { at: ago(40) }), { key: device.token }), 201);
  for (const boat of boats.slice(0, 3)) await ok(api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(boat.registrationId, 'in', { at: ago(30) }), { key: regatta.organizer.key }), 201);
  const tap = await ok(api.post(`/api/v1/events/${regatta.slug}/tally/movements`, move(boats[4]!.registrationId, 'in'), { key: sailor.key }), 201);
  assert.equal(tap.data.personsOnBoard, 2, 'a one-tap sign-in keeps the persons signed out');
  const board = (await ok(api.get(`/api/v1/events/${regatta.slug}/tally`, { key: regatta.organizer.key }))).data;
  assert.deepEqual(board.summary, { afloat: 1, personsAfloat: 1, returned: 4, ashore: 1, flagged: 0 });
  const afloat = board.boats.filter((boat: any) => boat.state === 'afloat');
  assert.deepEqual(afloat.map((boat: any) => [boat.sailNumber, boat.personsOnBoard, boat.persons, boat.flagged]), [['GBR 4', 1, ['Skipper 4'], false]]);
  // A device sees the persons, never the contacts.
  const onDevice = (await ok(api.get(`/api/v1/events/${regatta.slug}/tally`, { key: device.token }))).data;
  assert.ok(onDevice.boats.every((boat: any) => boat.emergencyContact === null));
  assert.equal(board.boats.find((boat: any) => boat.sailNumber === 'GBR 5').emergencyContact, 'Anna +44 7700 900005');
});

test('settings: 400 on the field, members only; a day cannot close before its deadline (409)', async () => {
  const bad = await api.put(`/api/v1/events/${regatta.slug}/tally/settings`, { signInDeadline: '25:00', missedSignOut: 'dns', missedSignIn: 'dnc', penaltyPoints: 0.05 }, { key: regatta.organizer.key, contract: false });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.errors.map((error: any) => error.field).sort(), ['missedSignIn', 'missedSignOut', 'penaltyPoints', 'signInDeadline']);
  const stranger = await api.put(`/api/v1/events/${regatta.slug}/tally/settings`, { signInDeadline: '23:59', missedSignOut: 'none', missedSignIn: 'points', penaltyPoints: 2 }, { key: outsider.key });
  assert.deepEqual([stranger.status, stranger.body.code], [403, 'not_a_member']);
  await ok(api.put(`/api/v1/events/${regatta.slug}/tally/settings`, { signInDeadline: '23:59', missedSignOut: 'none', missedSignIn: 'points', penaltyPoints: 2 }, { key: regatta.organizer.key }));
  const early = await api.post(`/api/v1/events/${regatta.slug}/tally/days/${today()}/close`, undefined, { key: regatta.organizer.key });
  assert.deepEqual([early.status, early.body.code], [409, 'tally_day_open']);
});

test('past the deadline GBR 4 is flagged; the CSV is the organizer\'s; closing the day: DPI 2 on GBR 4\'s last finish, DNC for GBR 6, revisions via tally', async () => {
  // The deadline passed 20 minutes ago, after the taps of 40 and 30 minutes ago.
  const deadline = clockOf(ago(20));
  const saved = (await ok(api.put(`/api/v1/events/${regatta.slug}/tally/settings`, { signInDeadline: deadline, missedSignOut: 'dnc', missedSignIn: 'points', penaltyPoints: 2 }, { key: regatta.organizer.key }))).data;
  assert.deepEqual(saved, { signInDeadline: deadline, missedSignOut: 'dnc', missedSignIn: 'points', penaltyPoints: 2 });
  const board = (await ok(api.get(`/api/v1/events/${regatta.slug}/tally`, { key: regatta.organizer.key }))).data;
  assert.deepEqual([board.deadlinePassed, board.summary.flagged, board.boats.filter((boat: any) => boat.flagged).map((boat: any) => boat.sailNumber)], [true, 1, ['GBR 4']]);

  const csv = await api.get(`/api/v1/events/${regatta.slug}/tally/export`, { key: regatta.organizer.key, query: { day: today() } });
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
  const lines = csv.text.replace('\uFEFF', '').trim().split('\r\n');
  assert.equal(lines.length, 7);
  assert.ok(lines.some((line) => line.startsWith('GBR 4,Boat 4,ILCA 7,Skipper 4,afloat,1,Skipper 4,') && line.includes(',yes,')), csv.text);
  assert.ok(lines.some((line) => line.includes("'+44 7700 900005") || line.includes('Anna +44 7700 900005')), csv.text);
  const csvEntrant = await api.get(`/api/v1/events/${regatta.slug}/tally/export`, { key: sailor.key });
  assert.deepEqual([csvEntrant.status, csvEntrant.body.code], [403, 'not_a_member']);

  const closed = (await ok(api.post(`/api/v1/events/${regatta.slug}/tally/days/${today()}/close`, undefined, { key: regatta.organizer.key }), 201)).data;
  assert.deepEqual(closed.misses.map((miss: any) => [miss.sailNumber, miss.breach, miss.raceIds]), [
    ['GBR 4', 'sign_in', regatta.raceIds],
    ['GBR 6', 'sign_out', regatta.raceIds],
  ]);
  const [gbr4, gbr6] = [boats[3]!.boatId, boats[5]!.boatId];
  const revision = await eventually(async () => {
    const history = (await ok(api.get(`/api/v1/events/${regatta.slug}/results/revisions`, { key: regatta.organizer.key, query: { race: regatta.raceIds[1]! } }))).data.revisions;
    return history.find((entry: any) => entry.actor.via === 'tally');
  }, 15_000, 'the tally penalty became a revision');
  assert.match(revision.reason, /^Safety tally \d{4}-\d{2}-\d{2}: GBR 4 did not sign in \(DPI 2 points\); GBR 6 did not sign out \(DNC\)/);
  const standings = (await ok(api.get(`/api/v1/events/${regatta.slug}/standings`, { key: regatta.organizer.key }))).data;
  const scores = (boatId: string) => standings.standings.find((entry: any) => entry.boat.id === boatId).raceResults.map((result: any) => [result.points, result.code]);
  // GBR 6 scores DNC in both races: 6 boats + 1 = 7 points. In race 2 she no longer finishes ahead
  // of GBR 4, who moves up from 3rd to 2nd and gets her 2 points added: 2 + 2 = 4, her race 1 stands.
  assert.deepEqual(scores(gbr6), [[7, 'DNC'], [7, 'DNC']]);
  assert.deepEqual(scores(gbr4), [[4, null], [4, 'DPI']]);
  // The day also closed itself at the deadline (the loop); closing again by hand penalizes nothing twice.
  await ok(api.post(`/api/v1/events/${regatta.slug}/tally/days/${today()}/close`, undefined, { key: regatta.organizer.key }), 201);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const history = (await ok(api.get(`/api/v1/events/${regatta.slug}/results/revisions`, { key: regatta.organizer.key, query: { race: regatta.raceIds[1]! } }))).data.revisions;
  assert.equal(history.filter((entry: any) => entry.actor.via === 'tally').length, 1);
});
