/**
 * split.standings.updated (split-facts.ts): the overall standings GET split-standings?stage=overall
 * gives, as an internal results.v1 fact keyed by the event. Qualifying fleet Q: P1, P2, P3, P4; split
 * by rank into Gold (P1, P2) and Silver (P3, P4); Gold race: P2, P1; Silver race: P4, P3. Continuous
 * carry: P2 2 + 1 = 3, P1 1 + 2 = 3 (A8.2: last race P2) → P2, P1; Silver P4 4 + 1 = 5, P3 3 + 2 = 5
 * (last race P4) → P4, P3. Overall: P2, P1, P4, P3 (gold above silver).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeFact, encodeFact, factKey, factPayload, factTopic, isWebhookEventType } from '@regatta/contracts';
import type { BoatInfo } from '../../shared/domain/fleet-scoring.js';
import type { EventProjection } from '../../shared/domain/records.js';
import { scoreSplit, type SplitRaceResults } from '../domain/split-scoring.js';
import type { SplitSeriesDefinition } from '../domain/split-series-setup.js';
import { splitStandingsFact } from './split-facts.js';

const event: EventProjection = {
  id: 'event-1',
  slug: 'open',
  name: 'Open',
  organizationId: 'org-1',
  organizationSlug: 'club',
  organizationName: 'Club',
  status: 'ongoing',
  startDate: new Date('2026-06-10T00:00:00Z'),
  sourceUpdatedAt: null,
};
const definition: SplitSeriesDefinition = { qualifyingFleets: ['Q'], finalFleets: ['Gold', 'Silver'], carry: 'continuous', discardThresholds: [], maxFinalDiscards: null, medal: null };
const race = (stage: SplitRaceResults['stage'], fleetId: string, order: string[]): SplitRaceResults => ({
  stage,
  fleetId,
  number: 1,
  rows: order.map((boatId, i) => ({ boatId, position: i + 1, code: null, penaltyPercent: null, penaltyPoints: null, redressMethod: null, redressPoints: null })),
});
const boats = new Map<string, BoatInfo>(
  ['P1', 'P2', 'P3', 'P4'].map((id) => [id, { boatId: id, name: `Boat ${id}`, sailNumber: null, sailorName: `Skipper ${id}`, userId: `user-${id}`, ratings: {} }]),
);

test('split.standings.updated carries the overall standings P2, P1, P4, P3 with users, final fleets and net points', () => {
  const { standings } = scoreSplit({
    definition,
    boats: ['P1', 'P2', 'P3', 'P4'],
    qualifying: { Q: ['P1', 'P2', 'P3', 'P4'] },
    final: { Gold: ['P1', 'P2'], Silver: ['P3', 'P4'] },
    medal: null,
    races: [race('qualifying', 'Q', ['P1', 'P2', 'P3', 'P4']), race('final', 'Gold', ['P2', 'P1']), race('final', 'Silver', ['P4', 'P3'])],
  }).result;
  const fact = decodeFact(encodeFact(splitStandingsFact({ event }, definition, 'final', standings.map((s) => ({ ...s, qualifyingFleetId: 'Q' })), boats)));
  assert.equal(fact.type, 'split.standings.updated');
  assert.equal(factKey(fact), 'event-1');
  assert.equal(factTopic('split.standings.updated'), 'results.v1');
  assert.equal(isWebhookEventType(fact.type), false);
  const payload = factPayload(fact, 'splitStandingsUpdated')!;
  assert.deepEqual([payload.eventId, payload.qualifyingFleetIds, payload.finalFleetIds, payload.medalFleetId, payload.stage, payload.boatsInSplit], ['event-1', ['Q'], ['Gold', 'Silver'], undefined, 'final', 4]);
  assert.deepEqual(
    payload.entries.map((e) => [e.rank, e.boatId, e.userId, e.sailorName, e.qualifyingFleetId, e.finalFleetId, e.medal, e.netPoints]),
    [
      [1, 'P2', 'user-P2', 'Skipper P2', 'Q', 'Gold', undefined, 3],
      [2, 'P1', 'user-P1', 'Skipper P1', 'Q', 'Gold', undefined, 3],
      [3, 'P4', 'user-P4', 'Skipper P4', 'Q', 'Silver', undefined, 5],
      [4, 'P3', 'user-P3', 'Skipper P3', 'Q', 'Silver', undefined, 5],
    ],
  );
});
