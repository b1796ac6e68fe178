/**
 * Re-scores one fleet inside the caller's transaction: loads its races, stored results and boats, runs
 * the engine, writes the numbers and the standings snapshot, and queues the facts (results.updated for
 * every race whose numbers changed or that the caller names, standings.updated for the fleet, and with
 * it series.standings.updated for every series containing the event).
 */
import type { Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import { scoreFleet, type BoatInfo, type FleetScore } from '../scoring-adapter.js';
import { fleetBoats, listFleetRaces, type EventProjection, type FleetProjection } from '../store/projections.js';
import { applyComputed, eventStandings, fleetEntries, lockFleet, raceResults, saveStandings } from '../store/results.js';
import { resultsUpdatedFact, standingsUpdatedFact } from './facts.js';
import { lockSeriesOfEvent, publishSeriesStandings } from './series-standings.js';

export interface RecomputeOptions {
  publish(client: PoolClient, fact: Fact): Promise<void>;
  requestId?: string | undefined;
  /** Races whose results.updated is published even if no number changed (the submitted race). */
  alwaysPublishRaces?: string[];
  /** Publish standings.updated (and the series facts) only when the standings changed (consumer-driven recomputes). */
  onlyIfChanged?: boolean;
  /** Runs after the results.updated facts and before standings.updated (e.g. to queue race.completed). */
  beforeStandings?: () => Promise<void>;
}

export interface RecomputeOutcome {
  score: FleetScore;
  changedRaces: Set<string>;
  standingsChanged: boolean;
  boats: Map<string, BoatInfo>;
}

export async function recomputeFleet(client: PoolClient, event: EventProjection, fleet: FleetProjection, options: RecomputeOptions): Promise<RecomputeOutcome> {
  // Series locks before the fleet lock: the order every path takes (see series-standings.ts).
  const series = await lockSeriesOfEvent(client, event.id);
  await lockFleet(client, fleet.id);
  const [races, entries, boatList, previous] = await Promise.all([
    listFleetRaces(client, fleet.id),
    fleetEntries(client, fleet.id),
    fleetBoats(client, fleet.id),
    eventStandings(client, [event.id]),
  ]);
  const score = scoreFleet({ fleet, races, entries, boats: boatList });
  const changedRaces = await applyComputed(client, score.results);
  await saveStandings(client, event.id, fleet.id, score);

  const before = previous.find((s) => s.fleetId === fleet.id);
  const standingsChanged =
    !before ||
    before.appliedDrops !== score.appliedDrops ||
    before.racesCompleted !== score.racesCompleted ||
    stableJson(before.entries) !== stableJson(score.standings);

  const boats = new Map(boatList.map((b) => [b.boatId, b] as const));
  const meta = { event, requestId: options.requestId };
  const toPublish = new Set([...(options.alwaysPublishRaces ?? []), ...changedRaces]);
  for (const race of races) {
    if (!toPublish.has(race.id) || !race.hasResults) continue;
    await options.publish(client, resultsUpdatedFact(meta, race, await raceResults(client, race.id), boats));
  }
  await options.beforeStandings?.();
  if (standingsChanged || !options.onlyIfChanged) {
    await options.publish(client, standingsUpdatedFact(meta, fleet, score));
    await publishSeriesStandings(client, series, { publish: options.publish, requestId: options.requestId });
  }
  return { score, changedRaces, standingsChanged, boats };
}

/** JSON with object keys sorted (jsonb does not keep key order). */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
