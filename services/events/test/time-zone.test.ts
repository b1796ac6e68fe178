/**
 * A regatta's venue time zone end to end through the gateway: set on create, changed and cleared
 * with PUT, shown in the event, its summary and its facts (so webhooks and projections carry it),
 * and an unknown name refused with 400 `unknown_time_zone` as the protest time limit refuses it.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kafka, logLevel } from 'kafkajs';
import { decodeFact, payloadToJson, type Fact } from '@regatta/contracts';
import { uniqueSuffix } from '@regatta/testing';
import { createEvent, newClub, ok, setStatus, type Club } from './helpers.js';

let club: Club;

before(async () => {
  club = await newClub('Time Zone Yacht Club');
});

/** The facts of one regatta on events.v1, in order, once `count` of them have arrived (15 s at most). */
async function factsOf(eventId: string, count: number): Promise<Fact[]> {
  const prefix = process.env['E2E_TOPIC_PREFIX'];
  assert.ok(prefix, 'E2E_TOPIC_PREFIX is set by the stack');
  const kafka = new Kafka({ clientId: 'events-time-zone-e2e', brokers: (process.env['KAFKA_BROKERS'] ?? '127.0.0.1:59092').split(','), logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `events-time-zone-e2e-${uniqueSuffix()}` });
  await consumer.connect();
  await consumer.subscribe({ topic: `${prefix}events.v1`, fromBeginning: true });
  const seen: Fact[] = [];
  const done = new Promise<void>((resolve) => {
    void consumer.run({
      eachMessage: async ({ message }) => {
        const fact = decodeFact(message.value!);
        if (fact.eventId !== eventId) return;
        seen.push(fact);
        if (seen.length >= count) resolve();
      },
    });
  });
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  await consumer.disconnect();
  return seen;
}

describe('timeZone of a regatta', () => {
  test('set on create, shown in the event, the public list and the facts; PUT changes and clears it', async () => {
    const created = await createEvent(club, { extra: { timeZone: 'America/New_York' } });
    assert.equal((created as { timeZone?: string | null }).timeZone, 'America/New_York');
    const detail = await ok(club.api.get(`/api/v1/events/${created.slug}`, { key: club.organizer.key }));
    assert.equal(detail.data.timeZone, 'America/New_York');

    await setStatus(club, created.slug, 'published');
    const listed = await ok(club.api.get('/api/v1/events', { key: club.organizer.key, query: { org: club.org.slug, limit: 100 } }));
    assert.equal(listed.data.find((event: { slug: string }) => event.slug === created.slug)?.timeZone, 'America/New_York');

    const rome = await ok(club.api.put(`/api/v1/events/${created.slug}`, { timeZone: 'Europe/Rome' }, { key: club.organizer.key }));
    assert.equal(rome.data.timeZone, 'Europe/Rome');
    assert.match(rome.message, /time_zone/);
    const same = await ok(club.api.put(`/api/v1/events/${created.slug}`, { timeZone: 'Europe/Rome' }, { key: club.organizer.key }));
    assert.equal(same.message, 'Nothing changed.');
    const cleared = await ok(club.api.put(`/api/v1/events/${created.slug}`, { timeZone: null }, { key: club.organizer.key }));
    assert.equal(cleared.data.timeZone, null);

    // event.created, event.updated (published), event.updated (Rome), event.updated (cleared).
    const facts = await factsOf(created.id, 4);
    assert.deepEqual(facts.map((fact) => fact.type), ['event.created', 'event.updated', 'event.updated', 'event.updated']);
    const events = facts.map((fact) => (payloadToJson(fact) as { event: { timeZone?: string } }).event);
    assert.deepEqual(events.map((event) => event.timeZone), ['America/New_York', 'America/New_York', 'Europe/Rome', undefined]);
    const changedFields = facts.slice(2).map((fact) => (payloadToJson(fact) as { changedFields: string[] }).changedFields);
    assert.deepEqual(changedFields, [['time_zone'], ['time_zone']]);
  });

  test('not set: null everywhere; a regatta made without one can get one later', async () => {
    const created = await createEvent(club);
    const detail = await ok(club.api.get(`/api/v1/events/${created.slug}`, { key: club.organizer.key }));
    assert.equal(detail.data.timeZone, null);
    const set = await ok(club.api.put(`/api/v1/events/${created.slug}`, { timeZone: 'Australia/Sydney' }, { key: club.organizer.key }));
    assert.equal(set.data.timeZone, 'Australia/Sydney');
  });

  test('400 unknown_time_zone naming timeZone for a name Intl does not know; 400 validation_failed past 64 characters', async () => {
    const body = { organization: club.org.slug, name: `Nowhere Cup ${uniqueSuffix()}`, startDate: '2031-06-01T10:00:00Z', endDate: '2031-06-02T10:00:00Z' };
    const unknown = await club.api.post('/api/v1/events', { ...body, timeZone: 'Mars/Olympus_Mons' }, { key: club.organizer.key });
    assert.equal(unknown.status, 400, unknown.text);
    assert.equal(unknown.body.code, 'unknown_time_zone');
    assert.deepEqual(unknown.body.errors.map((error: { field: string }) => error.field), ['timeZone']);
    const tooLong = await club.api.post('/api/v1/events', { ...body, timeZone: `Europe/${'x'.repeat(60)}` }, { key: club.organizer.key });
    assert.equal(tooLong.status, 400, tooLong.text);
    assert.equal(tooLong.body.code, 'validation_failed');
    assert.deepEqual(tooLong.body.errors.map((error: { field: string }) => error.field), ['timeZone']);

    const event = await createEvent(club, { extra: { timeZone: 'Europe/London' } });
    const refused = await club.api.put(`/api/v1/events/${event.slug}`, { timeZone: 'Europe/Atlantis' }, { key: club.organizer.key });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.code, 'unknown_time_zone');
    const kept = await ok(club.api.get(`/api/v1/events/${event.slug}`, { key: club.organizer.key }));
    assert.equal(kept.data.timeZone, 'Europe/London');
  });
});
