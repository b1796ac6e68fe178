/**
 * What the unit of work reads and writes (the SQL is in store/): a port, so the unit's rules (each lock
 * once, one re-score per fleet, one revision per race, the declared fact order) are tested without a
 * database (fleet-change.test.ts).
 */
import type { Fact } from '@regatta/contracts';
import type { PoolClient } from '@regatta/db';
import type { RaceStatus } from '@regatta/contracts';
import type { EventProjection, FleetProjection, RaceWithProgress, ResultRow, SeriesProjection, SubmittedEntry } from '../../../shared/domain/records.js';
import { lockFleet, lockSeries, lockSeriesOfEvent, transactionTime } from '../../../shared/store/locks.js';
import { findFleet, listFleetRaces } from '../../../shared/store/projections/fleets.js';
import { getRaceEntries, markRescored, markRevised, raceResults, replaceResults } from '../../store/results.js';
import type { RevisionRecord } from '../../store/revisions.js';
import { renderLockedFleetViews } from '../render-views.js';
import { publishSeriesStandings } from '../../../series/app/series-standings.js';
import { publishSplitStandings } from '../../../series/app/split-facts.js';
import { rescoreFleet, type FleetRescore, type RescoreOptions } from './rescore.js';
import { recordRaceRevision, recordStepRevision, type PublicationStep, type RevisionNote } from './revision-builder.js';

export interface FleetChangeStore {
  lockSeriesOfEvent(client: PoolClient, eventId: string): Promise<SeriesProjection[]>;
  /** Series named by id (a series deleted), in id order. */
  lockSeries(client: PoolClient, seriesIds: readonly string[]): Promise<void>;
  lockFleet(client: PoolClient, fleetId: string): Promise<void>;
  changeTime(client: PoolClient): Promise<Date>;
  readFleet(client: PoolClient, fleetId: string): Promise<{ fleet: FleetProjection | undefined; races: RaceWithProgress[] }>;
  raceResults(client: PoolClient, raceId: string): Promise<ResultRow[]>;
  raceEntries(client: PoolClient, raceId: string): Promise<SubmittedEntry[]>;
  /** Replaces the race's entries; with a time, marks the race revised then (provisional again). */
  storeResults(client: PoolClient, scope: { raceId: string; eventId: string; fleetId: string; status: RaceStatus }, entries: SubmittedEntry[], revisedAt: Date | null): Promise<void>;
  markRescored(client: PoolClient, raceIds: readonly string[], at: Date): Promise<void>;
  rescore(client: PoolClient, event: EventProjection, fleet: FleetProjection, options: RescoreOptions): Promise<FleetRescore>;
  renderViews(client: PoolClient, fleetId: string): Promise<void>;
  /** series.standings.updated of every series (views rendered) and split.standings.updated when one of the fleets is of the event's split series. */
  seriesFacts(client: PoolClient, event: EventProjection, series: readonly SeriesProjection[], fleetIds: readonly string[], requestId: string | undefined): Promise<Fact[]>;
  /** Null when `skipUnchanged` and no boat's result changed. */
  writeRevision(
    client: PoolClient,
    scope: { eventId: string; fleetId: string; raceId: string },
    note: RevisionNote,
    results: { before: readonly ResultRow[]; after: readonly ResultRow[]; entries: readonly SubmittedEntry[] },
    at: Date,
    options: { skipUnchanged: boolean },
  ): Promise<RevisionRecord | null>;
  /** A publication step's revision (the races named, no results). */
  writeStepRevision(client: PoolClient, scope: { eventId: string; fleetId: string }, step: PublicationStep, at: Date): Promise<RevisionRecord>;
}

export const FLEET_STORE: FleetChangeStore = {
  lockSeriesOfEvent,
  lockSeries,
  lockFleet,
  changeTime: transactionTime,
  async readFleet(client, fleetId) {
    const [fleet, races] = await Promise.all([findFleet(client, fleetId), listFleetRaces(client, fleetId)]);
    return { fleet, races };
  },
  raceResults,
  raceEntries: getRaceEntries,
  async storeResults(client, scope, entries, revisedAt) {
    if (revisedAt) await markRevised(client, scope, revisedAt);
    await replaceResults(client, scope, entries);
  },
  markRescored,
  rescore: rescoreFleet,
  renderViews: (client, fleetId) => renderLockedFleetViews(client, fleetId),
  async seriesFacts(client, event, series, fleetIds, requestId) {
    const facts: Fact[] = [];
    const collect = { publish: async (_client: unknown, fact: Fact) => void facts.push(fact), requestId };
    await publishSeriesStandings(client, series, collect);
    // A fleet of the event's split series: the series' overall standings too (split.standings.updated).
    await publishSplitStandings(client, event, { ...collect, fleetIds });
    return facts;
  },
  writeRevision: recordRaceRevision,
  writeStepRevision: recordStepRevision,
};
