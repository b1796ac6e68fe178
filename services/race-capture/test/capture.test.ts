/**
 * Race capture through the gateway, every operation and status: committee devices enrolled by QR
 * payload (and revoked), signals and finish records (idempotent by client id), a device's queue in
 * one sync, CSV finish times, the capture log and the reconciliation of two recorders. A refused
 * record stores nothing.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, test } from 'node:test';
import { apiClient, newActor } from '@regatta/testing';
import { buildRegatta, enrolDevice, finish, ok, signal, type CaptureRegatta } from './support.js';

const api = apiClient();
let regatta: CaptureRegatta;
let device: { token: string; deviceId: string };
const start = new Date(Date.now() - 3_600_000);
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);

before(async () => {
  regatta = await buildRegatta(api, { boats: 4, races: 2 });
  device = await enrolDevice(api, regatta);
  // The race's start (5-4-1-0), recorded by a member.
  const startId = randomUUID();
  for (const [kind, minutes] of [['warning', -5], ['preparatory', -4], ['start', 0]] as const) {
    await ok(api.post(`/api/v1/events/${regatta.slug}/capture/signals`, { ...signal([regatta.raceIds[0]!], kind, after(minutes * 60)), startId }, { key: regatta.organizer.key }), 201);
  }
});

const logOf = async (raceId: string) => (await ok(api.get(`/api/v1/events/${regatta.slug}/races/${raceId}/capture/log`, { key: regatta.organizer.key }))).data;

test('the server clock: 200, public, to the millisecond', async () => {
  const before = Date.now();
  const answer = await ok(api.get('/api/v1/capture/time'));
  assert.ok(Math.abs(Date.parse(answer.serverTime) - before) < 5_000);
  assert.match(answer.serverTime, /\.\d{3}Z$/);
});

test('enrolment: 201 with a QR payload of the committee app; 401 without credentials, 403 outsider, 404 unknown regatta, 400 a window over', async () => {
  const enrolment = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/enrolments`, { label: 'Pin end' }, { key: regatta.organizer.key }), 201);
  assert.match(enrolment.data.qrPayload, new RegExp(`^/console/committee/${regatta.slug}#enrol=[1-9A-HJ-NP-Za-km-z]{24}$`));
  assert.equal((await api.post(`/api/v1/events/${regatta.slug}/capture/enrolments`, {})).status, 401);
  const outsider = await newActor(api);
  const refused = await api.post(`/api/v1/events/${regatta.slug}/capture/enrolments`, {}, { key: outsider.key });
  assert.deepEqual([refused.status, refused.body.code], [403, 'not_a_member']);
  assert.equal((await api.post('/api/v1/events/no-such-regatta-here/capture/enrolments', {}, { key: regatta.organizer.key })).status, 404);
  const over = await api.post(`/api/v1/events/${regatta.slug}/capture/enrolments`, { validUntil: new Date(Date.now() - 1000).toISOString() }, { key: regatta.organizer.key });
  assert.deepEqual([over.status, over.body.code], [400, 'validation_failed']);
});

test('redeem: 201 once for a device token, then 404; 400 an empty code', async () => {
  const enrolment = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/enrolments`, {}, { key: regatta.organizer.key }), 201);
  const redeemed = await ok(api.post('/api/v1/capture/devices', { code: enrolment.data.code, label: 'Spare phone' }), 201);
  assert.match(redeemed.data.token, /^rgd_/);
  assert.deepEqual([redeemed.data.eventSlug, redeemed.data.label], [regatta.slug, 'Spare phone']);
  const again = await api.post('/api/v1/capture/devices', { code: enrolment.data.code });
  assert.deepEqual([again.status, again.body.code], [404, 'enrolment_not_found']);
  assert.equal((await api.post('/api/v1/capture/devices', { code: ' ' })).status, 400);
});

test('a device records for its regatta only: its context 200; another regatta 403; other operations 403; managing devices 403', async () => {
  const context = await ok(api.get(`/api/v1/events/${regatta.slug}/capture/context`, { key: device.token }));
  assert.equal(context.data.recorder.kind, 'device');
  assert.deepEqual(context.data.entries.map((entry: { sailNumber: string }) => entry.sailNumber), ['GBR 1', 'GBR 2', 'GBR 3', 'GBR 4']);
  assert.equal(context.data.races.find((race: { id: string }) => race.id === regatta.raceIds[0]).start.status, 'started');
  const other = await buildRegatta(api, { boats: 1, races: 1, organizer: regatta.organizer });
  const foreign = await api.get(`/api/v1/events/${other.slug}/capture/context`, { key: device.token });
  assert.deepEqual([foreign.status, foreign.body.code], [403, 'device_not_allowed']);
  const elsewhere = await api.get(`/api/v1/events/${regatta.slug}`, { key: device.token });
  assert.deepEqual([elsewhere.status, elsewhere.body.code], [403, 'device_not_allowed']);
  const manage = await api.get(`/api/v1/events/${regatta.slug}/capture/devices`, { key: device.token });
  assert.deepEqual([manage.status, manage.body.code], [403, 'device_not_allowed']);
});

test('devices: list 200; revoke 204 and the token is 401 at once; unknown device 404', async () => {
  const spare = await enrolDevice(api, regatta, 'To revoke');
  const listed = await ok(api.get(`/api/v1/events/${regatta.slug}/capture/devices`, { key: regatta.organizer.key }));
  assert.equal(listed.data.find((entry: { id: string }) => entry.id === spare.deviceId).state, 'active');
  assert.equal((await api.delete(`/api/v1/events/${regatta.slug}/capture/devices/${spare.deviceId}`, { key: regatta.organizer.key })).status, 204);
  const refused = await api.get(`/api/v1/events/${regatta.slug}/capture/context`, { key: spare.token });
  assert.deepEqual([refused.status, refused.body.code], [401, 'invalid_device_token']);
  assert.equal((await api.delete(`/api/v1/events/${regatta.slug}/capture/devices/${randomUUID()}`, { key: regatta.organizer.key })).status, 404);
});

test('signals: 201, replay 200, same id other body 409, unknown race 400, future 400, unknown recalled boat 400', async () => {
  const raceId = regatta.raceIds[1]!;
  const warning = signal([raceId], 'warning', new Date(Date.now() - 60_000));
  assert.equal((await api.post(`/api/v1/events/${regatta.slug}/capture/signals`, warning, { key: device.token })).status, 201);
  const replay = await api.post(`/api/v1/events/${regatta.slug}/capture/signals`, warning, { key: device.token });
  assert.equal(replay.status, 200);
  const conflict = await api.post(`/api/v1/events/${regatta.slug}/capture/signals`, { ...warning, kind: 'preparatory' }, { key: device.token });
  assert.deepEqual([conflict.status, conflict.body.code], [409, 'capture_id_conflict']);
  for (const [body, code] of [
    [signal([randomUUID()], 'warning', new Date()), 'unknown_race'],
    [signal([raceId], 'start', new Date(Date.now() + 3_600_000)), 'time_in_future'],
    [signal([raceId], 'individual_recall', new Date(), { sailNumbers: ['ZZZ 9'] }), 'unknown_boat'],
  ] as const) {
    const answer = await api.post(`/api/v1/events/${regatta.slug}/capture/signals`, body, { key: device.token });
    assert.deepEqual([answer.status, answer.body.code], [400, code]);
  }
  const log = await logOf(raceId);
  assert.deepEqual(log.signals.map((entry: { id: string }) => entry.id), [warning.id], 'refused signals stored nothing');
  assert.equal(log.start.status, 'in_sequence');
});

test('finishes: 201, replay 200, 409, finish before the start 400, unknown sail number 400, future 400, unknown record 400; nothing stored half', async () => {
  const raceId = regatta.raceIds[0]!;
  const first = finish(raceId, 'gbr-1', after(600.123), { deviceAt: after(598.123).toISOString(), clockOffsetMs: 2000 });
  const created = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, first, { key: device.token }), 201);
  assert.deepEqual([created.data.sailNumber, created.data.at, created.data.clockOffsetMs, created.data.recorder.kind], ['GBR 1', after(600.123).toISOString(), 2000, 'device']);
  assert.equal((await api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, first, { key: device.token })).status, 200);
  const conflict = await api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, { ...first, at: after(601).toISOString() }, { key: device.token });
  assert.deepEqual([conflict.status, conflict.body.code], [409, 'capture_id_conflict']);
  const refusals = [
    [finish(raceId, 'GBR 2', after(-1)), 'finish_before_start'],
    [finish(raceId, 'GBR 99', after(700)), 'unknown_boat'],
    [finish(raceId, 'GBR 2', new Date(Date.now() + 600_000)), 'time_in_future'],
    [finish(raceId, 'GBR 2', after(700), { replaces: randomUUID() }), 'unknown_record'],
    [finish(randomUUID(), 'GBR 2', after(700)), 'unknown_race'],
  ] as const;
  for (const [body, code] of refusals) {
    const answer = await api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, body, { key: device.token });
    assert.deepEqual([answer.status, answer.body.code], [400, code], JSON.stringify(body));
  }
  const shape = await api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, { id: randomUUID(), raceId, kind: 'finish' }, { key: device.token });
  assert.deepEqual([shape.status, shape.body.code, shape.body.errors?.[0]?.field], [400, 'validation_failed', 'at']);
  const log = await logOf(raceId);
  const ids = new Set(log.finishes.map((record: { id: string }) => record.id));
  assert.ok(ids.has(first.id));
  for (const [body] of refusals) assert.ok(!ids.has(body.id), 'a refused record is not stored');
});

test('sync: one result per record in order (recorded, replayed, rejected); a correction and an unknown boat resolved', async () => {
  const raceId = regatta.raceIds[0]!;
  const unknown = finish(raceId, undefined, after(640));
  const wrong = finish(raceId, 'GBR 3', after(650));
  const records = [
    { type: 'finish', record: unknown },
    { type: 'finish', record: wrong },
    { type: 'finish', record: finish(raceId, 'GBR 4', after(660), { replaces: wrong.id }) },
    { type: 'finish', record: finish(raceId, 'GBR 3', after(640), { replaces: unknown.id }) },
    { type: 'finish', record: finish(raceId, 'GBR 77', after(670)) },
    { type: 'finish', record: { ...finish(raceId, 'GBR 2', after(0)), kind: 'code', code: 'OCS', at: undefined } },
  ];
  const answer = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/sync`, { records }, { key: device.token }));
  assert.deepEqual(answer.results.map((result: { outcome: string; problem?: { code: string } }) => result.problem?.code ?? result.outcome), ['recorded', 'recorded', 'recorded', 'recorded', 'unknown_boat', 'recorded']);
  const again = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/sync`, { records }, { key: device.token }));
  assert.deepEqual(again.results.map((result: { outcome: string }) => result.outcome), ['replayed', 'replayed', 'replayed', 'replayed', 'rejected', 'replayed']);
  const shape = await api.post(`/api/v1/events/${regatta.slug}/capture/sync`, { records: [{ type: 'finish' }] }, { key: device.token });
  assert.equal(shape.status, 400);
  const reconciliation = await ok(api.get(`/api/v1/events/${regatta.slug}/races/${raceId}/capture/reconciliation`, { key: device.token }));
  assert.deepEqual(reconciliation.data.order.map((boat: { sailNumber: string }) => boat.sailNumber), ['GBR 1', 'GBR 3', 'GBR 4']);
  assert.deepEqual(reconciliation.data.unknowns, []);
  assert.deepEqual(reconciliation.data.codes, [{ sailNumber: 'GBR 2', code: 'OCS', recorders: [device.deviceId] }]);
});

test('two recorders: the reconciliation shows a swap and a boat seen by one; 404 unknown race, 400 bad tolerance', async () => {
  const raceId = regatta.raceIds[1]!;
  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/signals`, signal([raceId], 'start', after(1000)), { key: regatta.organizer.key }), 201);
  const second = await enrolDevice(api, regatta, 'Committee boat 2');
  const sync = (token: string, finishes: Array<[string, number]>) =>
    ok(api.post(`/api/v1/events/${regatta.slug}/capture/sync`, { records: finishes.map(([sail, seconds]) => ({ type: 'finish', record: finish(raceId, sail, after(seconds)) })) }, { key: token }));
  await sync(device.token, [['GBR 1', 1500], ['GBR 2', 1501], ['GBR 3', 1510]]);
  await sync(second.token, [['GBR 2', 1500.5], ['GBR 1', 1501.2]]);
  const { data } = await ok(api.get(`/api/v1/events/${regatta.slug}/races/${raceId}/capture/reconciliation`, { key: regatta.organizer.key, query: { toleranceMs: 2000 } }));
  assert.deepEqual(data.disagreements.map((entry: { kind: string; sailNumbers: string[] }) => [entry.kind, entry.sailNumbers]), [
    ['order_swapped', ['GBR 1', 'GBR 2']],
    ['seen_by_one', ['GBR 3']],
  ]);
  assert.deepEqual(data.recorders.map((recorder: { label: string }) => recorder.label).sort(), ['Committee boat 2', 'Phone 2']);
  assert.equal((await api.get(`/api/v1/events/${regatta.slug}/races/${randomUUID()}/capture/reconciliation`, { key: regatta.organizer.key })).status, 404);
  assert.equal((await api.get(`/api/v1/events/${regatta.slug}/races/${raceId}/capture/reconciliation`, { key: regatta.organizer.key, query: { toleranceMs: -1 } })).status, 400);
  assert.equal((await api.get(`/api/v1/events/${regatta.slug}/races/${randomUUID()}/capture/log`, { key: regatta.organizer.key })).status, 404);
});

test('CSV finish times go through the same records (the same import again replays); 400 with no finish line', async () => {
  const other = await buildRegatta(api, { boats: 2, races: 1, organizer: regatta.organizer });
  const raceId = other.raceIds[0]!;
  const importId = randomUUID();
  const csv = `sail,time\nGBR 1,${after(900).toISOString()}\nGBR 2,${after(905.5).toISOString()}\nGBR 9,${after(906).toISOString()}\n`;
  const body = { importId, raceId, csv };
  const first = await ok(api.post(`/api/v1/events/${other.slug}/capture/finish-times`, body, { key: regatta.organizer.key }));
  assert.deepEqual(first.results.map((result: { outcome: string; problem?: { code: string } }) => result.problem?.code ?? result.outcome), ['recorded', 'recorded', 'unknown_boat']);
  const again = await ok(api.post(`/api/v1/events/${other.slug}/capture/finish-times`, body, { key: regatta.organizer.key }));
  assert.deepEqual(again.results.map((result: { outcome: string }) => result.outcome), ['replayed', 'replayed', 'rejected']);
  const log = (await ok(api.get(`/api/v1/events/${other.slug}/races/${raceId}/capture/log`, { key: regatta.organizer.key }))).data;
  assert.deepEqual(log.finishes.map((record: { sailNumber: string; at: string }) => [record.sailNumber, record.at]), [['GBR 1', after(900).toISOString()], ['GBR 2', after(905.5).toISOString()]]);
  const empty = await api.post(`/api/v1/events/${other.slug}/capture/finish-times`, { ...body, importId: randomUUID(), csv: 'sail,time\n' }, { key: regatta.organizer.key });
  assert.deepEqual([empty.status, empty.body.code], [400, 'validation_failed']);
});

test('the remaining refusals: 401 without credentials, 403 for an outsider, 404 for an unknown regatta', async () => {
  const outsider = await newActor(api);
  const raceId = regatta.raceIds[0]!;
  const unauthenticated = await api.post(`/api/v1/events/${regatta.slug}/capture/sync`, { records: [] });
  assert.deepEqual([unauthenticated.status, unauthenticated.body.code], [401, 'credentials_required']);
  for (const response of [
    await api.get(`/api/v1/events/${regatta.slug}/capture/devices`, { key: outsider.key }),
    await api.delete(`/api/v1/events/${regatta.slug}/capture/devices/${device.deviceId}`, { key: outsider.key }),
    await api.get(`/api/v1/events/${regatta.slug}/races/${raceId}/capture/log`, { key: outsider.key }),
    await api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, finish(raceId, 'GBR 1', after(999)), { key: outsider.key }),
  ]) {
    assert.deepEqual([response.status, response.body.code], [403, 'not_a_member']);
  }
  assert.equal((await api.get('/api/v1/events/no-such-regatta-here/capture/devices', { key: regatta.organizer.key })).status, 404);
  assert.equal((await api.get('/api/v1/events/no-such-regatta-here/capture/context', { key: regatta.organizer.key })).status, 404);
  const stillActive = await ok(api.get(`/api/v1/events/${regatta.slug}/capture/devices`, { key: regatta.organizer.key }));
  assert.equal(stillActive.data.find((entry: { id: string }) => entry.id === device.deviceId).state, 'active', "an outsider's revoke changed nothing");
});
