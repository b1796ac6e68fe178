/**
 * Re-scores one fleet inside the caller's transaction: loads its races, stored results and boats, runs
 * the engine, writes the numbers and the standings snapshot, and queues the facts (results.updated for
 * every race whose numbers changed or that the caller names, standings.updated for the fleet, and with
 * it series.standings.updated for every series containing the event and, for a fleet of the event's
 * split series, split.standings.updated). The fleet's read views (GET
 * results and standings) are re-rendered here too, and the series' with their facts.
 */
import type { Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import { resultsWithComputed } from '../domain/computed-results.js';
import { scoreFleet, type BoatInfo, type FleetScore } from '../domain/fleet-scoring.js';
import type { EventProjection, FleetProjection } from '../domain/records.js';
import { stableJson } from '../domain/stable-json.js';
import { lockFleet } from '../store/locks.js';
import { listFleetRaces } from '../store/projections/fleets.js';
import { fleetBoats } from '../store/projections/registrations.js';
import { applyComputed, fleetEntries, raceResults } from '../store/results.js';
import { eventStandings, saveStandings } from '../store/standings.js';
import { resultsUpdatedFact, standingsUpdatedFact } from './facts.js';
import { renderFleetViews } from './render-views.js';
import { lockSeriesOfEvent, publishSeriesStandings } from './series-standings.js';
import { publishSplitStandings } from './split-facts.js';

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
  // Series locks before the fleet lock: the order every path takes (see store/locks.ts).
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
  // The read views from what is in hand. A submission changes only the races it names and those whose
  // numbers moved; a consumer-driven re-score (boat details, entries) may change every race's view.
  await renderFleetViews(
    client,
    fleet.id,
    { fleet, races, results: resultsWithComputed(entries, score.results), boats: boatList, snapshot: { ...score, entries: score.standings } },
    options.alwaysPublishRaces ? toPublish : undefined,
  );
  for (const race of races) {
    if (!toPublish.has(race.id) || !race.hasResults) continue;
    await options.publish(client, resultsUpdatedFact(meta, race, await raceResults(client, race.id), boats));
  }
  await options.beforeStandings?.();
  if (standingsChanged || !options.onlyIfChanged) {
    await options.publish(client, standingsUpdatedFact(meta, fleet, score));
    await publishSeriesStandings(client, series, { publish: options.publish, requestId: options.requestId });
    // A fleet of the event's split series: the series' overall standings too (split.standings.updated).
    await publishSplitStandings(client, event, { publish: options.publish, requestId: options.requestId, fleetId: fleet.id });
  }
  return { score, changedRaces, standingsChanged, boats };
}
