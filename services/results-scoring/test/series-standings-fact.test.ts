/**
 * series.standings.updated end to end: published on series.created, with every standings.updated of an
 * event of the series (same transaction), and when an event of the series changes status; it carries the
 * public view (draft events left out), the same numbers as GET /series/{slug}/standings for a non-member.
 *
 *   node --conditions=@regatta/source --import tsx scripts/with-stack.ts \
 *     node --conditions=@regatta/source --import tsx --test services/results-scoring/test/series-standings-fact.test.ts
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { factPayload, newFact, timestampFromDate, type Fact, type SeriesStandingsUpdated } from '@regatta/contracts';
import { FactWatcher, ServiceClient, closeKafka, emit, fleetCreated, member, newEvent, outsider, raceScheduled, registrationCreated, seriesCreated } from './support.js';

const watcher = new FactWatcher();
before(async () => {
  await watcher.start();
});
after(async () => {
  await watcher.stop();
  await closeKafka();
});

const startOf = (day: number) => new Date(Date.UTC(2025, 6, day, 12, 0, 0));
const plus = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000).toISOString();

describe('series.standings.updated', () => {
  const organizationId = randomUUID();
  const api = new ServiceClient(member(organizationId));
  const a = newEvent('published', organizationId, startOf(1));
  const b = newEvent('draft', organizationId, startOf(8));
  const boats = ['X', 'Y'].map((name) => ({ id: randomUUID(), name: `Boat ${name}`, sail: `USA ${name}` }));
  const setUp = [a, b].map((event, i) => {
    const fleet = fleetCreated(event, { name: 'Lasers' });
    const race = raceScheduled(event, fleet.id, 1);
    // A: X and Y; B: X only (Y absent).
    const regs = (i === 0 ? boats : boats.slice(0, 1)).map((boat) => registrationCreated(event, fleet, boat));
    return { event, fleet, race, regs };
  });
  const series = seriesCreated(organizationId, [a.id, b.id], 'event_places');

  const seriesFacts = (facts: Fact[]) => facts.filter((f) => f.type === 'series.standings.updated' && factPayload(f, 'seriesStandingsUpdated')?.slug === series.slug);
  const lastWhere = (what: string, ok: (p: SeriesStandingsUpdated, f: Fact) => boolean) =>
    watcher.waitFor(
      (facts) => {
        const found = seriesFacts(facts).filter((f) => ok(factPayload(f, 'seriesStandingsUpdated')!, f));
        return found.length > 0 ? found[found.length - 1]! : undefined;
      },
      15_000,
      what,
    );
  const rows = (p: SeriesStandingsUpdated) =>
    p.entries.map((e) => [e.boatName, e.position, e.totalPoints, e.netPoints, e.eventsSailed, e.cells.map((c) => [c.eventId, c.points, c.place ?? null, c.absent])]);

  async function submit(i: number, order: string[]) {
    const { event, race } = setUp[i]!;
    const s = startOf(1 + 7 * i);
    const results = order.map((name, k) => ({ boat: boats.find((boat) => boat.name === `Boat ${name}`)!.id, finishTime: plus(s, 600 + k * 10), status: 'finished' }));
    const response = await api.request('POST', `/api/v1/events/${event.slug}/races/${race.id}/results`, {
      body: { actualStart: s.toISOString(), results },
      headers: { 'x-request-id': `req-${event.id}` },
    });
    assert.equal(response.status, 200, response.text);
  }

  /** event.updated: the draft event published (the full snapshot, start date included). */
  const published = () =>
    newFact(
      'event.updated',
      'eventUpdated',
      {
        event: {
          id: b.id,
          organization: { id: organizationId, slug: 'club', name: 'Test Club' },
          name: b.name,
          slug: b.slug,
          status: 'published',
          currency: 'USD',
          startDate: timestampFromDate(b.startDate),
          updatedAt: timestampFromDate(new Date()),
        },
        previousStatus: 'draft',
        changedFields: ['status'],
      },
      { producer: 'events', eventId: b.id, organizationId },
    );

  test('series.created publishes the public view: the draft event is left out', async () => {
    await emit(...setUp.flatMap(({ event, fleet, race, regs }) => [event.fact, fleet.fact, race.fact, ...regs.map((r) => r.fact)]));
    // Both events projected (a member sees the draft one too) before the series arrives.
    for (const event of [a, b]) assert.equal((await api.get(`/api/v1/events/${event.slug}/standings`)).status, 200);
    await emit(series.fact);
    const fact = await lastWhere('series.standings.updated after series.created', () => true);
    const payload = factPayload(fact, 'seriesStandingsUpdated')!;
    assert.equal(fact.eventId, undefined);
    assert.equal(fact.organizationId, organizationId);
    assert.deepEqual([payload.organizationId, payload.scoringRule, payload.bestOf, payload.year], [organizationId, 'event_places', undefined, 2025]);
    assert.deepEqual(payload.events.map((e) => e.id), [a.id]);
    assert.deepEqual(payload.entries, []);
  });

  test('a submission publishes it with standings.updated, for the same request', async () => {
    await submit(0, ['X', 'Y']);
    const fact = await lastWhere('series.standings.updated after results of A', (p) => p.entries.length === 2);
    assert.equal(fact.requestId, `req-${a.id}`);
    // Different keys (event id, organization id), so no order between the two on Kafka.
    await watcher.waitFor((facts) => facts.find((f) => f.type === 'standings.updated' && f.requestId === `req-${a.id}`), 15_000, 'standings.updated of A');
    assert.deepEqual(rows(factPayload(fact, 'seriesStandingsUpdated')!), [
      ['Boat X', 1, 1, 1, 1, [[a.id, 1, 1, false]]],
      ['Boat Y', 2, 2, 2, 1, [[a.id, 2, 2, false]]],
    ]);
  });

  test('results of the draft event change nothing public; publishing the event brings it in', async () => {
    await submit(1, ['X']);
    const draftFact = await watcher.waitFor((facts) => facts.find((f) => f.type === 'series.standings.updated' && f.requestId === `req-${b.id}`), 15_000, 'series fact of the draft event');
    assert.deepEqual(factPayload(draftFact, 'seriesStandingsUpdated')!.events.map((e) => e.id), [a.id]);

    await emit(published());
    const fact = await lastWhere('series.standings.updated after B was published', (p) => p.events.length === 2);
    const payload = factPayload(fact, 'seriesStandingsUpdated')!;
    assert.deepEqual(payload.events.map((e) => e.id), [a.id, b.id]);
    // Places: X [1, 1] → 2; Y [2, absent: 2 competitors + 1 = 3] → 5.
    assert.deepEqual(rows(payload), [
      ['Boat X', 1, 2, 2, 2, [[a.id, 1, 1, false], [b.id, 1, 1, false]]],
      ['Boat Y', 2, 5, 5, 1, [[a.id, 2, 2, false], [b.id, 3, null, true]]],
    ]);

    // The same numbers as the public GET.
    const response = await new ServiceClient(outsider()).get(`/api/v1/series/${series.slug}/standings`, { includeDrops: 'true' });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(
      response.body.data.standings.map((e: any) => [e.boat.name, e.position, e.totalPoints, e.netPoints, e.eventsSailed, e.eventResults.map((c: any) => [c.eventId, c.points, c.place, c.absent])]),
      rows(payload),
    );
  });
});
