/**
 * Who records on the water, through the gateway: the organization's admins, race officers and
 * scorers record signals and finishes and enrol committee devices; a plain member is refused (403
 * capture_role_required, nothing stored) but reads the race's log back; a role change takes effect
 * on the next request. Records carry the recorder's name (from identity), in the log, the
 * reconciliation and the results revision that follows them.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, test } from 'node:test';
import { apiClient, eventually, newActor, type Actor } from '@regatta/testing';
import { buildRegatta, finish, ok, signal, type CaptureRegatta } from './support.js';

const api = apiClient();
let regatta: CaptureRegatta;
let officer: Actor;
let scorer: Actor;
let member: Actor;
const start = new Date(Date.now() - 3_600_000);
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

async function grant(person: Actor, role: string): Promise<void> {
  const granted = await ok(api.post(`/api/v1/organizations/${regatta.org.slug}/members`, { email: person.email, role }, { key: regatta.organizer.key }), 201);
  assert.equal(granted.data.role, role);
}

before(async () => {
  regatta = await buildRegatta(api, { boats: 3, races: 1 });
  [officer, scorer, member] = await Promise.all([newActor(api), newActor(api), newActor(api)]);
  await grant(officer, 'race-officer');
  await grant(scorer, 'scorer');
  await grant(member, 'member');
});

const raceId = () => regatta.raceIds[0]!;

test('a race officer (by session) and a scorer (by API key) record signals, finishes and devices, labelled with their names', async () => {
  const started = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/signals`, signal([raceId()], 'start', start), { cookie: officer.cookie }), 201);
  assert.deepEqual(started.data.recorder, { kind: 'member', id: officer.userId, label: officer.name });
  const first = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, finish(raceId(), regatta.entries[0]!.sailNumber, at(1800.5)), { cookie: officer.cookie }), 201);
  assert.deepEqual(first.data.recorder, { kind: 'member', id: officer.userId, label: officer.name });
  const second = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, finish(raceId(), regatta.entries[0]!.sailNumber, at(1800.75)), { key: scorer.key }), 201);
  assert.deepEqual(second.data.recorder, { kind: 'key', id: scorer.userId, label: `${scorer.name} (API key)` });
  const context = await ok(api.get(`/api/v1/events/${regatta.slug}/capture/context`, { cookie: scorer.cookie }));
  assert.equal(context.data.recorder.label, scorer.name);
  for (const who of [{ cookie: officer.cookie }, { key: scorer.key }]) {
    const enrolment = await ok(api.post(`/api/v1/events/${regatta.slug}/capture/enrolments`, { label: 'Pin end' }, who), 201);
    assert.match(enrolment.data.qrPayload, /#enrol=/);
    assert.equal((await api.get(`/api/v1/events/${regatta.slug}/capture/devices`, who)).status, 200);
  }

  const reconciliation = await ok(api.get(`/api/v1/events/${regatta.slug}/races/${raceId()}/capture/reconciliation`, { key: regatta.organizer.key }));
  assert.deepEqual(reconciliation.data.recorders.map((recorder: { label: string }) => recorder.label).sort(), [officer.name, `${scorer.name} (API key)`].sort());
  // The provisional results follow, attributed to the recorders by name.
  const revisions = await eventually(async () => {
    const response = await api.get(`/api/v1/events/${regatta.slug}/results/revisions`, { key: regatta.organizer.key, query: { race: raceId() } });
    const captured = (response.body.data?.revisions ?? []).filter((revision: { actor: { via: string } }) => revision.actor.via === 'capture');
    return captured.length > 0 ? captured : undefined;
  }, 15_000, 'a revision via capture');
  assert.match(revisions[0].reason, new RegExp(officer.name));
});

test('a plain member: 403 capture_role_required on every recording and device operation, nothing stored; reading back is allowed', async () => {
  const record = finish(raceId(), regatta.entries[1]!.sailNumber, at(1810));
  const refusals = [
    await api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, record, { key: member.key }),
    await api.post(`/api/v1/events/${regatta.slug}/capture/signals`, signal([raceId()], 'warning', at(-300)), { cookie: member.cookie }),
    await api.post(`/api/v1/events/${regatta.slug}/capture/sync`, { records: [{ type: 'finish', record }] }, { key: member.key }),
    await api.post(`/api/v1/events/${regatta.slug}/capture/finish-times`, { importId: randomUUID(), raceId: raceId(), csv: `${regatta.entries[1]!.sailNumber},${at(1811).toISOString()}\n` }, { key: member.key }),
    await api.post(`/api/v1/events/${regatta.slug}/capture/enrolments`, {}, { key: member.key }),
    await api.get(`/api/v1/events/${regatta.slug}/capture/devices`, { key: member.key }),
    await api.get(`/api/v1/events/${regatta.slug}/capture/context`, { cookie: member.cookie }),
  ];
  for (const refused of refusals) {
    assert.deepEqual([refused.status, refused.body.code, refused.body.role], [403, 'capture_role_required', 'member'], refused.text);
    assert.equal(refused.headers.get('content-type'), 'application/problem+json; charset=utf-8');
    assert.match(refused.body.detail, /race officer, scorer or admin/);
  }
  const log = await ok(api.get(`/api/v1/events/${regatta.slug}/races/${raceId()}/capture/log`, { key: member.key }));
  assert.equal(log.data.finishes.some((kept: { id: string }) => kept.id === record.id), false, 'the refused record is not stored');
  assert.equal((await api.get(`/api/v1/events/${regatta.slug}/races/${raceId()}/capture/reconciliation`, { key: member.key })).status, 200);
});

test('a role change takes effect on the next request: the member made race officer records, the officer made member is refused', async () => {
  const before = await api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, finish(raceId(), regatta.entries[2]!.sailNumber, at(1820)), { key: member.key });
  assert.equal(before.status, 403);
  await ok(api.patch(`/api/v1/organizations/${regatta.org.slug}/members/${member.userId}`, { role: 'race-officer' }, { key: regatta.organizer.key }));
  await ok(api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, finish(raceId(), regatta.entries[2]!.sailNumber, at(1820)), { key: member.key }), 201);
  await ok(api.patch(`/api/v1/organizations/${regatta.org.slug}/members/${officer.userId}`, { role: 'member' }, { key: regatta.organizer.key }));
  const refused = await api.post(`/api/v1/events/${regatta.slug}/capture/finishes`, finish(raceId(), regatta.entries[1]!.sailNumber, at(1830)), { cookie: officer.cookie });
  assert.deepEqual([refused.status, refused.body.code], [403, 'capture_role_required']);
});

test('a scorer is a member everywhere else and no admin: sees the drafts of the organization, may not change its profile or members', async () => {
  const draft = await ok(api.post('/api/v1/events', { organization: regatta.org.slug, name: `Roles Draft ${randomUUID().slice(0, 8)}`, startDate: start.toISOString(), endDate: start.toISOString() }, { key: regatta.organizer.key }), 201);
  // Only the access is asked here (the event's shape is the events tests' subject).
  assert.equal((await api.get(`/api/v1/events/${draft.data.slug}`, { key: scorer.key, contract: false })).status, 200, 'a draft of their organization');
  const patched = await api.patch(`/api/v1/organizations/${regatta.org.slug}`, { description: 'Not mine to change' }, { key: scorer.key });
  assert.deepEqual([patched.status, patched.body.code], [403, 'organization_admin_required']);
  const members = await api.post(`/api/v1/organizations/${regatta.org.slug}/members`, { email: member.email, role: 'admin' }, { key: scorer.key });
  assert.deepEqual([members.status, members.body.code], [403, 'organization_admin_required']);
});
