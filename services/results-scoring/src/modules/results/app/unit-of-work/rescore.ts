/**
 * The re-score of one fleet inside a unit of work (the caller holds the series and fleet locks): loads
 * its races, stored results and boats, runs the engine, writes the numbers and the standings snapshot,
 * renders the fleet's read views (GET results and standings) and builds, without queuing them, the
 * fleet's facts: results.updated for every race whose numbers changed or that the change names, and
 * standings.updated.
 */
import type { Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import { resultsWithComputed } from '../../domain/computed-results.js';
import { scoreFleet, type FleetScore } from '../../../shared/domain/fleet-scoring.js';
import type { EventProjection, FleetProjection } from '../../../shared/domain/records.js';
import { stableJson } from '../../../shared/domain/stable-json.js';
import { listFleetRaces } from '../../../shared/store/projections/fleets.js';
import { fleetBoats } from '../../../shared/store/projections/registrations.js';
import { applyComputed, fleetEntries, raceResults } from '../../store/results.js';
import { eventStandings, saveStandings } from '../../store/standings.js';
import { resultsUpdatedFact, standingsUpdatedFact } from '../facts.js';
import { renderLockedFleetViews } from '../render-views.js';

export interface RescoreOptions {
  requestId: string | undefined;
  /** Races whose results.updated is built (and whose view is rendered) even if no number changed; absent: every race's view is rendered. */
  namedRaces?: readonly string[] | undefined;
}

export interface FleetRescore {
  score: FleetScore;
  changedRaces: Set<string>;
  standingsChanged: boolean;
  resultsUpdated: Fact[];
  standingsUpdated: Fact;
}

export async function rescoreFleet(client: PoolClient, event: EventProjection, fleet: FleetProjection, options: RescoreOptions): Promise<FleetRescore> {
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
  const toPublish = new Set([...(options.namedRaces ?? []), ...changedRaces]);
  // The read views from what is in hand. A change of results re-renders only the races it names and
  // those whose numbers moved; a re-score without named races (boat details, entries) every race's view.
  await renderLockedFleetViews(
    client,
    fleet.id,
    { fleet, races, results: resultsWithComputed(entries, score.results), boats: boatList, snapshot: { ...score, entries: score.standings } },
    options.namedRaces ? toPublish : undefined,
  );
  const resultsUpdated: Fact[] = [];
  for (const race of races) {
    if (!toPublish.has(race.id) || !race.hasResults) continue;
    resultsUpdated.push(resultsUpdatedFact(meta, race, await raceResults(client, race.id), boats));
  }
  return { score, changedRaces, standingsChanged, resultsUpdated, standingsUpdated: standingsUpdatedFact(meta, fleet, score) };
}
