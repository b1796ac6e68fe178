/**
 * Renders the read views of a fleet (each race's results, the fleet's standings and summary) into
 * store/read-views.ts, so the hot GETs are a read of stored JSON, not a scoring or an assembly of
 * hundreds of rows per request. (The series' view is rendered by series-standings.ts.)
 *
 * Called in the transaction of every change the views show: a change of results (through the unit of
 * work's re-score, unit-of-work/rescore.ts), a publication, and the projections of fleets, races and registrations; and by a read that finds views
 * not rendered yet (data from before the read views). The fleet's lock (lockFleet) is held, so two
 * renderings of one fleet cannot interleave and leave the older one stored.
 */
import { withTransaction, type PoolClient } from '@regatta/db';
import type { ServiceContext } from '@regatta/runtime';
import type { BoatInfo } from '../../shared/domain/fleet-scoring.js';
import { fleetSummary, guideResult, raceView, standingView } from '../domain/public-views.js';
import type { FleetProjection, RaceWithProgress, ResultRow, StoredStandings } from '../../shared/domain/records.js';
import { lockFleet } from '../../shared/store/locks.js';
import { findFleet, listFleetRaces } from '../../shared/store/projections/fleets.js';
import { fleetBoats } from '../../shared/store/projections/registrations.js';
import { replaceRaceViews, saveFleetView, upsertRaceViews } from '../store/read-views.js';
import { fleetResults } from '../store/results.js';
import { fleetStandings } from '../store/standings.js';

/** What a caller that has just scored the fleet already holds (spares the rendering its queries). */
export interface FleetState {
  fleet: FleetProjection | undefined;
  races: RaceWithProgress[];
  /** Each race's results in display order (as raceResults has them). */
  results: Map<string, ResultRow[]>;
  boats: BoatInfo[];
  snapshot: Pick<StoredStandings, 'scoringSystem' | 'drops' | 'appliedDrops' | 'racesCompleted' | 'entries'> | undefined;
}

/** Re-renders the views of one fleet under its lock (taken here if not held). */
export async function renderFleetViews(client: PoolClient, fleetId: string): Promise<void> {
  await lockFleet(client, fleetId);
  await renderLockedFleetViews(client, fleetId);
}

/**
 * Re-renders the race views and the standings view of one fleet whose lock the caller holds (a unit of
 * work). `state` is the fleet as the caller has it in this transaction; `onlyRaces` limits the race
 * views re-rendered to those (a submission changes the submitted race and those whose numbers moved).
 */
export async function renderLockedFleetViews(client: PoolClient, fleetId: string, state?: FleetState, onlyRaces?: ReadonlySet<string>): Promise<void> {
  const { fleet, races, results: rows, boats: boatList, snapshot } = state ?? (await loadFleetState(client, fleetId));
  const name = fleet?.name ?? '';
  const boats = new Map(boatList.map((b) => [b.boatId, b] as const));
  const rendered = onlyRaces ? races.filter((race) => onlyRaces.has(race.id)) : races;
  await (onlyRaces ? upsertRaceViews : replaceRaceViews)(
    client,
    fleetId,
    rendered.map((race) => ({
      raceId: race.id,
      eventId: race.eventId,
      fleetId,
      raceNumber: race.number,
      fleetName: name,
      body: JSON.stringify({ race: raceView(race, name), results: (rows.get(race.id) ?? []).map((row) => guideResult(row, boats.get(row.boatId), name)) }),
    })),
  );
  // The standings GET lists the fleets of the projection only; a race's fleet may not be there yet.
  if (!fleet) return;
  const entries = snapshot?.entries ?? [];
  await saveFleetView(client, {
    fleetId: fleet.id,
    eventId: fleet.eventId,
    summary: fleetSummary(fleet, races, snapshot),
    standings: JSON.stringify(entries.map((entry) => standingView(entry, fleet, true))),
    standingsWithoutDrops: JSON.stringify(entries.map((entry) => standingView(entry, fleet, false))),
  });
}

/**
 * Renders the views of fleets read before their first rendering (data from before the read views):
 * under the fleets' locks (in id order), so a submission in flight is either seen whole or renders after.
 */
export async function renderMissingViews(context: ServiceContext, fleetIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(fleetIds)].sort();
  if (ids.length === 0) return;
  await withTransaction(context.pool, async (client) => {
    for (const id of ids) await renderFleetViews(client, id);
  });
}

async function loadFleetState(client: PoolClient, fleetId: string): Promise<FleetState> {
  const [fleet, races, results, boats, snapshot] = await Promise.all([
    findFleet(client, fleetId),
    listFleetRaces(client, fleetId),
    fleetResults(client, fleetId),
    fleetBoats(client, fleetId),
    fleetStandings(client, fleetId),
  ]);
  return { fleet, races, results, boats, snapshot };
}
