import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeFact, encodeFact, factKey, factPayload, factTopic, isWebhookEventType, payloadToJson, timestampDate } from '@regatta/contracts';
import type { StandingEntrySnapshot } from '../../shared/domain/fleet-scoring.js';
import { combineSeries, seriesRuleOf, type SeriesEventInput } from '../domain/multi-event-series.js';
import type { EventProjection, SeriesProjection } from '../../shared/domain/records.js';
import { seriesStandingsUpdatedFact } from './series-facts.js';

const ORG = 'org-1';

const event = (id: string, day: number): EventProjection => ({
  id,
  slug: `regatta-${id}`,
  name: `Regatta ${id.toUpperCase()}`,
  organizationId: ORG,
  organizationSlug: 'club',
  organizationName: 'Club',
  status: 'completed',
  startDate: new Date(Date.UTC(2025, 5, day)),
  sourceUpdatedAt: null,
});

const entry = (boatId: string, position: number, netPoints: number, sailNumber: string | null): StandingEntrySnapshot => ({
  position,
  boatId,
  userId: null,
  sailorName: `Skipper ${boatId}`,
  boatName: `Boat ${boatId}`,
  sailNumber,
  totalPoints: netPoints,
  netPoints,
  racesCompleted: 2,
  raceResults: [],
});

const series = (scoringRule: string, bestOf: number | null): SeriesProjection => ({
  id: 'series-1',
  organizationId: ORG,
  slug: 'bay-series',
  name: 'Bay Series',
  year: 2025,
  eventIds: ['a', 'b'],
  scoringRule,
  bestOf,
  createdAt: null,
});

// Two events; X sails both, Y only A. A: 2 races, no discard; B: 3 races, 1 discard, X alone.
const events = [event('a', 1), event('b', 8)];
const inputs: SeriesEventInput[] = [
  {
    eventId: 'a',
    slug: 'regatta-a',
    name: 'Regatta A',
    fleets: [{ fleetName: 'Lasers', scoringSystem: 'low_point', boatsInFleet: 2, racesCompleted: 2, appliedDrops: 0, entries: [entry('X', 1, 3, 'USA 1'), entry('Y', 2, 5, null)] }],
  },
  {
    eventId: 'b',
    slug: 'regatta-b',
    name: 'Regatta B',
    fleets: [{ fleetName: 'Lasers', scoringSystem: 'low_point', boatsInFleet: 1, racesCompleted: 3, appliedDrops: 1, entries: [entry('X', 1, 4, 'USA 1')] }],
  },
];

function build(s: SeriesProjection) {
  const fact = seriesStandingsUpdatedFact({ series: s, requestId: 'req-1', occurredAt: new Date('2025-06-10T10:00:00Z') }, events, combineSeries(seriesRuleOf(s.scoringRule), s.bestOf, inputs));
  return decodeFact(encodeFact(fact));
}

test('series.standings.updated, event places, best 1 of 2: the absent boat scores competitors + 1', () => {
  const fact = build(series('event_places', 1));
  assert.equal(fact.type, 'series.standings.updated');
  assert.equal(fact.eventId, undefined, 'a series spans events: no event id');
  assert.equal(fact.organizationId, ORG);
  assert.equal(factKey(fact), ORG);
  assert.equal(fact.requestId, 'req-1');
  assert.equal(fact.producer, 'results-scoring');
  assert.equal(factTopic('series.standings.updated'), 'results.v1');
  assert.equal(isWebhookEventType(fact.type), false);

  const payload = factPayload(fact, 'seriesStandingsUpdated')!;
  assert.deepEqual(
    [payload.seriesId, payload.organizationId, payload.slug, payload.name, payload.year, payload.scoringRule, payload.bestOf],
    ['series-1', ORG, 'bay-series', 'Bay Series', 2025, 'event_places', 1],
  );
  assert.deepEqual(
    payload.events.map((e) => [e.id, e.slug, e.name, timestampDate(e.startDate!).toISOString()]),
    [
      ['a', 'regatta-a', 'Regatta A', '2025-06-01T00:00:00.000Z'],
      ['b', 'regatta-b', 'Regatta B', '2025-06-08T00:00:00.000Z'],
    ],
  );
  // Places: X [1, 1] → the earlier of equals dropped: total 2, net 1. Y [2, absent: 2 competitors + 1 = 3] → 3 dropped: total 5, net 2.
  assert.deepEqual(
    payload.entries.map((e) => [e.position, e.fleet, e.boatId, e.boatName, e.sailNumber, e.sailorName, e.totalPoints, e.netPoints, e.eventsSailed]),
    [
      [1, 'Lasers', 'X', 'Boat X', 'USA 1', 'Skipper X', 2, 1, 2],
      [2, 'Lasers', 'Y', 'Boat Y', undefined, 'Skipper Y', 5, 2, 1],
    ],
  );
  assert.deepEqual(
    payload.entries.map((e) => e.cells.map((c) => [c.eventId, c.eventSlug, c.points, c.place, c.dropped, c.absent])),
    [
      [
        ['a', 'regatta-a', 1, 1, true, false],
        ['b', 'regatta-b', 1, 1, false, false],
      ],
      [
        ['a', 'regatta-a', 2, 2, false, false],
        ['b', 'regatta-b', 3, undefined, true, true],
      ],
    ],
  );
  // JSON (what a reader sees): the absent cell has no place; Y has no sail number.
  const json = payloadToJson(fact) as { entries: { sailNumber?: string; cells: Record<string, unknown>[] }[] };
  assert.deepEqual(json.entries[1]!.cells[1], { eventId: 'b', eventSlug: 'regatta-b', points: 3, dropped: true, absent: true });
  assert.equal('sailNumber' in json.entries[1]!, false);
});

test('series.standings.updated, sum of net, every event counts: the absent boat scores DNC in the counted races', () => {
  const fact = build(series('sum_of_net', null));
  const payload = factPayload(fact, 'seriesStandingsUpdated')!;
  assert.equal(payload.scoringRule, 'sum_of_net');
  assert.equal(payload.bestOf, undefined);
  // X 3 + 4 = 7. Y 5 + absent from B: (1 boat + 1) × (3 races − 1 discard) = 4 → 9.
  assert.deepEqual(
    payload.entries.map((e) => [e.boatId, e.position, e.totalPoints, e.netPoints, e.cells.map((c) => [c.points, c.dropped, c.absent])]),
    [
      ['X', 1, 7, 7, [[3, false, false], [4, false, false]]],
      ['Y', 2, 9, 9, [[5, false, false], [4, false, true]]],
    ],
  );
});

test('series.standings.updated: an unknown rule is reported as sum_of_net; no events, no entries', () => {
  const s = { ...series('best_of', 3), year: null };
  const fact = decodeFact(encodeFact(seriesStandingsUpdatedFact({ series: s }, [], combineSeries(seriesRuleOf(s.scoringRule), s.bestOf, []))));
  const payload = factPayload(fact, 'seriesStandingsUpdated')!;
  assert.deepEqual([payload.scoringRule, payload.bestOf, payload.year, payload.events, payload.entries], ['sum_of_net', 3, 0, [], []]);
  assert.equal(fact.requestId, undefined);
});
