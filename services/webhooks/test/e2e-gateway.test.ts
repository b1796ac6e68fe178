/**
 * Acceptance test of webhook delivery, end to end through the gateway: the real operations of the events and
 * results-scoring services (create and publish a regatta, schedule a race, register two boats into a
 * one-boat fleet, pay, cancel with waitlist promotion, submit results, publish them; protests, a
 * ranking, the split series and the changes and deletions of complete resources, then cancel it) produce each of
 * the public event types (WEBHOOK_EVENT_TYPES), and a local receiver verifies every delivery the way a subscriber
 * would: both signatures (X-Service-Signature and the Standard Webhooks `webhook-signature`) recomputed
 * here, independently of the service's code, and compared in constant time; the envelope
 * {id, event, createdAt, data}; `data` against the OpenAPI document's `webhooks` section; and the
 * values themselves (ids, statuses, points). A subscriber of another organization receives none of it.
 */
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { test } from 'node:test';
import { WEBHOOK_EVENT_TYPES } from '@regatta/contracts';
import { apiClient, createOrganization, newActor, uniqueSuffix } from '@regatta/testing';
import { startReceiver, subscribe, validateDelivery, type Received } from './helpers.js';

const DAY = 86_400_000;

async function ok<T = any>(promise: Promise<{ status: number; body: T; text: string }>, status = 200): Promise<T> {
  const response = await promise;
  assert.equal(response.status, status, response.text);
  return response.body;
}

/** Constant-time equality of two strings (different lengths are unequal without comparing). */
function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** What a subscriber does with each delivery: both signatures, replay window, header consistency. */
function verifyAsReceiver(secret: string, entry: Received, nowSeconds: number): void {
  const what = `${entry.json.event} ${entry.json.id}`;
  const expectedService = 'sha256=' + createHmac('sha256', secret).update(entry.body).digest('hex');
  assert.ok(safeEqual(expectedService, String(entry.headers['x-service-signature'] ?? '')), `X-Service-Signature of ${what}`);

  const id = String(entry.headers['webhook-id'] ?? '');
  const timestamp = String(entry.headers['webhook-timestamp'] ?? '');
  assert.match(timestamp, /^\d+$/, `webhook-timestamp of ${what}`);
  assert.ok(Math.abs(nowSeconds - Number(timestamp)) <= 300, `webhook-timestamp of ${what} within 5 minutes`);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  assert.equal(key.length, 32, 'the secret is whsec_ + base64 of 32 bytes');
  const expectedStandard = 'v1,' + createHmac('sha256', key).update(`${id}.${timestamp}.${entry.body}`).digest('base64');
  const offered = String(entry.headers['webhook-signature'] ?? '').split(' ');
  assert.ok(offered.some((candidate) => safeEqual(expectedStandard, candidate)), `webhook-signature of ${what}`);

  assert.equal(entry.headers['content-type'], 'application/json');
  assert.equal(id, entry.json.id, 'webhook-id is the envelope id');
  assert.equal(entry.headers['x-service-event'], entry.json.event);
  assert.match(String(entry.headers['x-service-delivery'] ?? ''), /^[0-9a-f-]{36}$/);
  assert.deepEqual(Object.keys(entry.json).sort(), ['createdAt', 'data', 'event', 'id']);
  assert.ok(!Number.isNaN(Date.parse(entry.json.createdAt)), `createdAt of ${what}`);
  assert.deepEqual(validateDelivery(entry.json.event, entry.json), [], `${what} matches its OpenAPI schema`);
}


test('every public event type from the real operations arrive signed at a local receiver; another organization gets none', async () => {
  const api = apiClient();
  const receiver = await startReceiver();
  const foreignReceiver = await startReceiver();
  try {
    const organizer = await newActor(api);
    const org = await createOrganization(api, organizer);
    const stranger = await newActor(api);
    const otherOrg = await createOrganization(api, stranger);
    const hook = await subscribe(api, organizer, org.id, receiver.url);
    const foreignHook = await subscribe(api, stranger, otherOrg.id, foreignReceiver.url);
    const key = organizer.key;

    // event.created
    const start = new Date(Math.floor((Date.now() + 30 * DAY) / DAY) * DAY + 10 * 3_600_000);
    const created = await api.post(
      '/api/v1/events',
      { organization: org.slug, name: `Webhook Regatta ${uniqueSuffix()}`, venue: 'Annapolis Harbor', startDate: start.toISOString(), endDate: new Date(start.getTime() + 2 * DAY).toISOString() },
      { key },
    );
    assert.equal(created.status, 201, created.text);
    const event = created.body.data as { id: string; slug: string; name: string };
    const createRequestId = created.headers.get('x-request-id');
    const slug = event.slug;
    // fleet.created is internal (not a webhook event): one boat, so the second entry is waitlisted.
    const fleet = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'J/70', maxBoats: 1 }, { key }), 201)).data as { id: string };
    // event.updated
    await ok(api.put(`/api/v1/events/${slug}`, { status: 'published' }, { key }));
    // race.scheduled
    const race = (await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: fleet.id, raceNumber: 1, scheduledStart: start.toISOString() }, { key }), 201)).data as {
      id: string;
    };
    // registration.created x2: A registered, B waitlisted.
    const register = (name: string) =>
      ok(
        api.post(
          `/api/v1/events/${slug}/register`,
          { fleet: fleet.id, boat: { name: `Boat ${name}`, sailNumber: `USA ${name} ${uniqueSuffix()}` }, sailor: { name: `Skipper ${name}`, email: `skipper-${name.toLowerCase()}-${uniqueSuffix()}@example.org` } },
          { key },
        ),
        201,
      );
    const a = (await register('A')).data as { id: string; boatId: string; status: string };
    const b = (await register('B')).data as { id: string; boatId: string; status: string };
    assert.deepEqual([a.status, b.status], ['registered', 'waitlisted']);
    // registration.updated (payment), then registration.cancelled (A) + registration.updated (B promoted).
    await ok(api.patch(`/api/v1/events/${slug}/registrations/${a.id}`, { paymentStatus: 'paid' }, { key }));
    const cancelled = await ok(api.post(`/api/v1/events/${slug}/registrations/${a.id}/cancel`, undefined, { key }));
    assert.equal(cancelled.promoted.id, b.id);
    // race.started, race.completed, results.updated, standings.updated: B finishes 1 h 01 min 01 s after the start.
    const finish = new Date(start.getTime() + 3661_000);
    await ok(api.post(`/api/v1/events/${slug}/races/${race.id}/results`, { actualStart: start.toISOString(), status: 'finished', results: [{ boat: b.boatId, finishTime: finish.toISOString(), status: 'finished' }] }, { key }));
    // results.posted (the protest room: the fleet posted with its protest time limit, still provisional)
    const posted = await ok(api.post(`/api/v1/events/${slug}/fleets/${fleet.id}/results/publish`, {}, { key }));
    // results.published and results.official (the event-wide publish makes the fleet official)
    const published = await ok(api.post(`/api/v1/events/${slug}/results/publish`, undefined, { key }));
    assert.deepEqual(published.data.raceIds, [race.id]);
    // protest.lodged, hearing.scheduled, decision.published (the protest room): a race committee protest
    // against B, heard and dismissed (no consequence, so the standings stay as they are).
    const protest = (await ok(
      api.post(`/api/v1/events/${slug}/protests`, { type: 'race_committee', raceIds: [race.id], protesteeBoats: [b.boatId], incident: 'B touched the windward mark.', rulesAlleged: ['31'] }, { key }),
      201,
    )).data as { id: string };
    await ok(api.post(`/api/v1/events/${slug}/protests/${protest.id}/hearing`, { startsAt: new Date(start.getTime() + 8 * 3_600_000).toISOString(), room: 'Jury room' }, { key }));
    await ok(api.post(`/api/v1/events/${slug}/protests/${protest.id}/decision`, { factsFound: 'B did not touch the mark.', conclusions: 'No rule was broken.', consequences: [] }, { key }));
    // protest.withdrawn: a second committee protest, withdrawn with the protest committee's approval (rule 63.1).
    const second = (await ok(
      api.post(`/api/v1/events/${slug}/protests`, { type: 'race_committee', raceIds: [race.id], protesteeBoats: [b.boatId], incident: 'B started early.', rulesAlleged: ['29.1'] }, { key }),
      201,
    )).data as { id: string };
    await ok(api.post(`/api/v1/events/${slug}/protests/${second.id}/withdrawal`, { reason: 'The race committee withdrew it before the hearing.' }, { key }));

    // ranking.published (national rankings): a ranking list of the organization (sailors service), published as edition 1.
    const ranking = (await ok(api.post(`/api/v1/organizations/${org.slug}/rankings`, { name: `Webhook Ranking ${uniqueSuffix()}`, formula: { kind: 'best_n', n: 2, windowMonths: 12 } }, { key }), 201)).data as { id: string };
    await ok(api.post(`/api/v1/organizations/${org.slug}/rankings/${ranking.id}/publish`, {}, { key }), 201);

    // The split series (Gold and Silver dealt from J/70's ranking: fleet.split); complete
    // resources: a fleet renamed (fleet.updated) and a spare one deleted, a second race postponed
    // (race.updated) then deleted, the sailing instructions amended then withdrawn, a series of the
    // regatta changed then deleted, a second draft regatta deleted, and at the very end the regatta
    // itself cancelled (history kept: it has registrations).
    const gold = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'Gold' }, { key }), 201)).data as { id: string };
    const silver = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'Silver' }, { key }), 201)).data as { id: string };
    await ok(api.put(`/api/v1/events/${slug}/split-series`, { qualifyingFleets: [fleet.id], finalFleets: [gold.id, silver.id] }, { key }));
    await ok(api.post(`/api/v1/events/${slug}/split`, { method: 'by_rank' }, { key }));
    await ok(api.patch(`/api/v1/events/${slug}/fleets/${silver.id}`, { name: 'Silver Fleet' }, { key }));
    const spare = (await ok(api.post(`/api/v1/events/${slug}/fleets`, { name: 'Spare' }, { key }), 201)).data as { id: string };
    await ok(api.delete(`/api/v1/events/${slug}/fleets/${spare.id}`, { key }));
    const race2 = (await ok(api.post(`/api/v1/events/${slug}/races`, { fleetId: fleet.id, raceNumber: 2, scheduledStart: new Date(start.getTime() + DAY).toISOString() }, { key }), 201)).data as { id: string };
    await ok(api.patch(`/api/v1/events/${slug}/races/${race2.id}`, { status: 'postponed' }, { key }));
    await ok(api.delete(`/api/v1/events/${slug}/races/${race2.id}`, { key }));
    const si = (await ok(api.post(`/api/v1/events/${slug}/documents`, { kind: 'si', title: 'Sailing Instructions', body: 'SI 11: course area Bravo.' }, { key }), 201)).data as { id: string };
    await ok(api.patch(`/api/v1/events/${slug}/documents/${si.id}`, { body: 'SI 11: course area Alpha.', note: 'Amendment 1' }, { key }));
    await ok(api.delete(`/api/v1/events/${slug}/documents/${si.id}`, { key, query: { reason: 'Replaced' } }));
    const series = (await ok(api.post('/api/v1/series', { organization: org.slug, name: `Webhook Series ${uniqueSuffix()}`, year: start.getUTCFullYear(), events: [slug] }, { key }), 201)).data as { slug: string };
    await ok(api.patch(`/api/v1/series/${series.slug}`, { name: `Renamed Series ${uniqueSuffix()}` }, { key }));
    await ok(api.delete(`/api/v1/series/${series.slug}`, { key }));
    const draft = (await ok(
      api.post('/api/v1/events', { organization: org.slug, name: `Webhook Draft ${uniqueSuffix()}`, startDate: start.toISOString(), endDate: new Date(start.getTime() + DAY).toISOString() }, { key }),
      201,
    )).data as { id: string; slug: string };
    await ok(api.delete(`/api/v1/events/${draft.slug}`, { key }));
    await ok(api.post(`/api/v1/events/${slug}/cancel`, { reason: 'Storm warning' }, { key }));

    // Every public type, and all five registration messages (2 created, 2 updated, 1 cancelled).
    const registrationMessages = (entries: Received[]) => new Set(entries.filter((e) => e.json.event.startsWith('registration.')).map((e) => e.json.id)).size;
    const all = await receiver.waitFor(
      (entries) => WEBHOOK_EVENT_TYPES.every((type) => entries.some((entry) => entry.json.event === type)) && registrationMessages(entries) >= 5,
      30_000,
      'every public event type',
    );
    // Let any stragglers (duplicates, late facts) arrive before judging the whole set.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const now = Math.floor(Date.now() / 1000);
    for (const entry of all) verifyAsReceiver(hook.secret, entry, now);

    // One message per fact: count distinct ids (delivery is at least once). Deliveries run side by side,
    // so arrival order is not event order: order each type by createdAt (when it happened).
    const byType = new Map<string, Array<Received['json']>>();
    const seen = new Set<string>();
    for (const entry of all) {
      if (seen.has(entry.json.id)) continue;
      seen.add(entry.json.id);
      byType.set(entry.json.event, [...(byType.get(entry.json.event) ?? []), entry.json]);
    }
    for (const list of byType.values()) list.sort((x, y) => Date.parse(x.createdAt) - Date.parse(y.createdAt));
    assert.deepEqual(
      [...byType.keys()].filter((type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)),
      [],
      'only the public types (no fleet.created, no ping)',
    );
    const only = (type: string) => {
      const messages = byType.get(type) ?? [];
      assert.equal(messages.length, 1, `exactly one ${type}: ${JSON.stringify(messages)}`);
      return messages[0]!.data as any;
    };
    const last = (type: string) => (byType.get(type) ?? []).at(-1)!.data as any;
    // Series and rankings belong to the organization, not to one regatta; the draft is the other one.
    const ORGANIZATION_WIDE = new Set(['series.updated', 'series.deleted', 'ranking.published']);
    for (const entry of all) {
      if (ORGANIZATION_WIDE.has(entry.json.event)) continue;
      const data = entry.json.data as any;
      const eventId = data.event?.id ?? data.race?.eventId ?? data.registration?.eventId ?? data.fleet?.eventId ?? data.document?.eventId ?? data.eventId;
      const draftOnes = entry.json.event === 'event.deleted' || (entry.json.event === 'event.created' && eventId === draft.id);
      assert.equal(eventId, draftOnes ? draft.id : event.id, `${entry.json.event} is about our regatta (or the deleted draft)`);
    }
    const ofOurRegatta = (type: string) => (byType.get(type) ?? []).filter((m) => (m.data as any).event?.id !== draft.id);
    assert.equal(only('event.deleted').eventId, draft.id);
    assert.deepEqual([only('event.cancelled').event.status, only('event.cancelled').reason], ['cancelled', 'Storm warning']);
    assert.equal(only('fleet.updated').fleet.name, 'Silver Fleet');
    assert.equal(only('fleet.deleted').fleetId, spare.id);
    assert.deepEqual([only('race.updated').race.id, only('race.updated').race.status], [race2.id, 'postponed']);
    assert.equal(only('race.deleted').raceId, race2.id);
    assert.deepEqual([only('document.amended').document.id, only('document.amended').version], [si.id, 2]);
    assert.equal(only('document.withdrawn').documentId, si.id);
    assert.equal(only('series.deleted').slug, series.slug);
    assert.equal(only('fleet.split').eventId, event.id);

    assert.equal(ofOurRegatta('event.created').length, 1, 'one event.created of our regatta');
    const eventCreated = ofOurRegatta('event.created')[0]!.data as any;
    assert.deepEqual(eventCreated.event.organization, { id: org.id, slug: org.slug, name: org.name });
    assert.deepEqual([eventCreated.event.slug, eventCreated.event.status, eventCreated.event.venue], [slug, 'draft', 'Annapolis Harbor']);
    assert.equal(eventCreated.event.startDate, start.toISOString().replace('.000Z', 'Z'));
    const createdEntry = all.find((entry) => entry.json.event === 'event.created')!;
    assert.ok(createRequestId, 'the gateway answers with X-Request-Id');
    assert.equal(createdEntry.headers['x-request-id'], createRequestId, 'the delivery carries the request that caused it');

    const eventUpdated = only('event.updated');
    assert.deepEqual([eventUpdated.event.status, eventUpdated.previousStatus, eventUpdated.changedFields], ['published', 'draft', ['status']]);

    // Race 1, and race 2 (scheduled for the complete-resources changes, then deleted).
    assert.deepEqual((byType.get('race.scheduled') ?? []).map((m) => (m.data as any).race.id), [race.id, race2.id]);
    const scheduled = byType.get('race.scheduled')![0]!.data as any;
    assert.deepEqual([scheduled.race.id, scheduled.race.fleetId, scheduled.race.raceNumber, scheduled.race.status], [race.id, fleet.id, 1, 'scheduled']);

    const registrations = byType.get('registration.created')!.map((message) => (message.data as any).registration);
    assert.deepEqual(
      registrations.map((r) => [r.id, r.status, r.paymentStatus, r.fleetId, r.fleetName, r.sailorName, r.boat.name]),
      [
        [a.id, 'registered', 'pending', fleet.id, 'J/70', 'Skipper A', 'Boat A'],
        [b.id, 'waitlisted', 'pending', fleet.id, 'J/70', 'Skipper B', 'Boat B'],
      ],
    );
    const updates = byType.get('registration.updated')!.map((message) => message.data as any);
    assert.deepEqual(
      updates.map((u) => [u.registration.id, u.registration.status, u.registration.paymentStatus, u.previousStatus, u.promotedFromWaitlist, u.changedFields]),
      [
        [a.id, 'registered', 'paid', 'registered', false, ['payment_status']],
        [b.id, 'registered', 'pending', 'waitlisted', true, ['status']],
      ],
    );
    const cancellation = only('registration.cancelled');
    assert.deepEqual([cancellation.registration.id, cancellation.registration.status, cancellation.previousStatus], [a.id, 'cancelled', 'registered']);

    const iso = (date: Date) => date.toISOString().replace('.000Z', 'Z');
    assert.deepEqual(only('race.started'), { raceId: race.id, eventId: event.id, fleetId: fleet.id, raceNumber: 1, actualStart: iso(start), status: 'started' });
    assert.deepEqual(only('race.completed'), { raceId: race.id, eventId: event.id, fleetId: fleet.id, raceNumber: 1, actualStart: iso(start), status: 'finished', finishedAt: iso(finish) });

    // One boat, finished 3661 s after the start: position 1, 1 point (low point), no correction.
    const results = last('results.updated');
    assert.deepEqual([results.raceId, results.fleetId, results.raceNumber, results.raceStatus, results.actualStart], [race.id, fleet.id, 1, 'finished', iso(start)]);
    assert.deepEqual(
      results.results.map((r: any) => [r.boatId, r.boatName, r.sailorName, r.position, r.finishTime, r.elapsedSeconds, r.points, r.status]),
      [[b.boatId, 'Boat B', 'Skipper B', 1, iso(finish), 3661, 1, 'finished']],
    );
    const standings = (byType.get('standings.updated') ?? []).map((m) => m.data as any).filter((d) => d.fleetId === fleet.id).at(-1);
    assert.deepEqual([standings.fleetId, standings.fleetName, standings.scoringSystem, standings.boatsInFleet], [fleet.id, 'J/70', 'low_point', 1]);
    assert.deepEqual(
      standings.entries.map((e: any) => [e.position, e.boatId, e.totalPoints, e.netPoints, e.racesCompleted, e.raceResults]),
      [[1, b.boatId, 1, 1, 1, [{ raceNumber: 1, points: 1, dropped: false }]]],
    );
    const publication = only('results.published');
    assert.deepEqual([publication.raceIds, publication.fleetIds, publication.publishedAt], [[race.id], [fleet.id], published.data.publishedAt.replace('.000Z', 'Z')]);
    // Publication per fleet: the submission's revision, the posting with its deadline, the fleet official.
    const revised = only('results.revised');
    assert.deepEqual([revised.raceId, revised.fleetId, revised.seq, revised.kind, revised.userId, revised.via], [race.id, fleet.id, 1, 'submission', organizer.userId, 'key']);
    assert.deepEqual(revised.changes.map((c: any) => [c.boatId, c.before, c.after.points, c.after.position]), [[b.boatId, undefined, 1, 1]]);
    const postedFact = only('results.posted');
    assert.deepEqual(postedFact.races, [{ raceId: race.id, raceNumber: 1, protestDeadline: posted.data.races[0].protestDeadline.replace('.000Z', 'Z') }]);
    const official = only('results.official');
    assert.deepEqual([official.fleetId, official.raceIds, official.reason, official.userId], [fleet.id, [race.id], 'committee', organizer.userId]);

    // The foreign subscriber is live (its ping arrives) but got none of this organization's events.
    await ok(api.post(`/api/v1/webhooks/${foreignHook.id}/ping`, undefined, { key: stranger.key }), 202);
    const foreign = await foreignReceiver.waitFor((entries) => entries.some((entry) => entry.json.event === 'ping'), 10_000, 'the foreign ping');
    verifyAsReceiver(foreignHook.secret, foreign.find((entry) => entry.json.event === 'ping')!, now);
    assert.deepEqual(foreign.map((entry) => entry.json.event), ['ping']);

    // The deliveries list of our webhook records the successful attempts.
    const deliveries = await ok(api.get(`/api/v1/webhooks/${hook.id}/deliveries`, { query: { limit: 100 }, key }));
    assert.ok(deliveries.data.length >= seen.size, `${deliveries.data.length} attempts recorded for ${seen.size} messages`);
    assert.ok(deliveries.data.every((d: { success: boolean; statusCode: number }) => d.success && d.statusCode === 204));
  } finally {
    await receiver.close();
    await foreignReceiver.close();
  }
});
