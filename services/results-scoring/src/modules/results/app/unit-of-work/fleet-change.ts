/**
 * The one way a fleet's results change: a unit of work inside the caller's transaction. It takes the
 * locks of the series containing the event and of the fleets (each once, in the order of
 * shared/store/locks.ts), takes the change's time, reads each fleet and its races once, then lets the use
 * case check and record what it changes (a race's complete new entries with why, a re-score, facts of
 * its own). At the end it re-scores every touched fleet once, writes every revision with the one
 * builder (revision-builder.ts) and queues the collected facts in one declared order (fact-order.ts).
 *
 * Submissions, corrections, reverts, the protest committee's decisions, re-scores after set-up,
 * schedule or entry changes, the batch of an import and the publication steps (publish provisional,
 * make official: a revision naming the races, the views rendered again) all come through here, so no
 * result changes without its revision, each lock is taken once, and no fact of a change is queued
 * before the change is whole. The removals of what the events service deleted whole (a fleet, a
 * series, an event) take their locks here too (removeUnderLocks), from the same function.
 */
import type { Fact } from '@regatta/contracts';
import type { PoolClient, Queryable } from '@regatta/db';
import type { EventProjection, FleetProjection, RaceWithProgress, ResultRow, SeriesProjection, SubmittedEntry } from '../../../shared/domain/records.js';
import type { RevisionRecord } from '../../store/revisions.js';
import { resultsRevisedFact } from '../revision-facts.js';
import { inDeclaredOrder } from './fact-order.js';
import { FLEET_STORE, type FleetChangeStore } from './fleet-store.js';
import type { FleetRescore } from './rescore.js';
import type { PublicationStep, RevisionActor, RevisionNote } from './revision-builder.js';

export interface FleetChangeScope {
  event: EventProjection;
  /** The fleets the change may touch (locked in id order). */
  fleetIds: readonly string[];
  requestId: string | undefined;
  /** Batch form (an import): the fleets are not projected yet; results and revisions are stored, nothing re-scored. */
  batch?: boolean;
  /**
   * Writes under the locks, before the fleets are read: a projection's copy of another service's fact
   * (a fleet's new set-up, a race's new weight), so the unit reads and re-scores what it says and no
   * path writes the copy outside the locks every scoring of the fleet takes.
   */
  beforeRead?: (client: PoolClient) => Promise<void>;
}

/** A re-score the use case asks for without changing results (a set-up, schedule or entry change). */
export type RescoreRecord =
  /** A revision of every race with results (a set-up change: the numbers may move anywhere). */
  | { revisions: 'every-race'; reason: string; actor: RevisionActor }
  /** Revisions of the races whose numbers moved only; facts only when the standings changed. */
  | { revisions: 'moved-races'; reason: string; actor: RevisionActor }
  /** No revisions; facts only when the standings changed (a projection re-rendered with scores). */
  | { revisions: 'none' };

/** What a use case does inside the unit: read what was read under the locks, record changes and facts. */
export interface FleetChange {
  readonly client: PoolClient;
  readonly event: EventProjection;
  /** The change's time (after the locks): revisions, progress rows and view history carry it. */
  readonly at: Date;
  readonly requestId: string | undefined;
  /** The series containing the event, locked by the unit (their views are the use case's to render when it changes what they show). */
  readonly series: readonly SeriesProjection[];
  fleet(fleetId: string): FleetProjection | undefined;
  races(fleetId: string): readonly RaceWithProgress[];
  race(raceId: string): RaceWithProgress | undefined;
  /** Stores the race's complete new entries (results provisional again); its revision is written after the re-score. */
  changeResults(race: Pick<RaceWithProgress, 'id' | 'fleetId' | 'status'>, entries: SubmittedEntry[], note: RevisionNote): Promise<void>;
  /**
   * Records that a race's results went with the race (the use case removed it): its revision, every
   * boat before → nothing, the entries it held. Re-scores nothing by itself.
   */
  recordRemoval(race: Pick<RaceWithProgress, 'id' | 'fleetId'>, removed: { results: ResultRow[]; entries: SubmittedEntry[] }, note: RevisionNote): void;
  /** Re-scores the fleet at the end even though no results of it changed. */
  rescore(fleetId: string, record: RescoreRecord): void;
  /**
   * Records a publication step of the fleet's races (their progress rows changed by the use case): its
   * revision is written with the one builder and the fleet's views rendered again, at the end.
   */
  recordStep(fleetId: string, step: PublicationStep): void;
  /** A fact of the use case's own (race.started, race.completed, the publication steps'), queued with the others in the declared order. */
  publish(fact: Fact): void;
}

export interface FleetChangeDone<T> {
  value: T;
  /** The revisions written, by race id (one per race). */
  revisions: Map<string, RevisionRecord>;
  rescored: Map<string, FleetRescore>;
}

interface ResultChange {
  race: Pick<RaceWithProgress, 'id' | 'fleetId'>;
  before: ResultRow[];
  entries: SubmittedEntry[];
  note: RevisionNote;
  /** The race is gone (removed with its results): nothing after, no views, not named to the re-score. */
  removed?: true;
}

/** What a removal locks: the series containing an event and fleets of it, or series by id. */
export type RemovalScope = { eventId: string; fleetIds: readonly string[] } | { seriesIds: readonly string[] };

export interface Removal {
  readonly client: PoolClient;
  /** The series containing the event, locked (their views are the use case's to render when they show what it removes). */
  readonly series: readonly SeriesProjection[];
}

/**
 * Removes what the events service deleted whole (a fleet, which has no races; a series; an event; a
 * race of an event not projected) under the locks every change of a fleet's results takes, taken by
 * the same function as changeFleets', each once. A removal re-scores nothing, writes no revision and
 * queues no fact (a race deleted with its results goes through changeFleets, which records them).
 */
export async function removeUnderLocks<T>(client: PoolClient, scope: RemovalScope, work: (removal: Removal) => Promise<T>, store: FleetChangeStore = FLEET_STORE): Promise<T> {
  const { series } = await takeLocks(store, client, scope);
  return work({ client, series });
}

/**
 * The one place a change of fleets takes its locks, each once, in the order every path takes
 * (shared/store/locks.ts): the series containing the event (or the series named), then the fleets,
 * each in id order.
 */
async function takeLocks(store: FleetChangeStore, client: PoolClient, scope: RemovalScope): Promise<{ series: SeriesProjection[]; fleetIds: string[] }> {
  if ('seriesIds' in scope) {
    await store.lockSeries(client, [...new Set(scope.seriesIds)].sort());
    return { series: [], fleetIds: [] };
  }
  const series = await store.lockSeriesOfEvent(client, scope.eventId);
  const fleetIds = [...new Set(scope.fleetIds)].sort();
  for (const fleetId of fleetIds) await store.lockFleet(client, fleetId);
  return { series, fleetIds };
}

export async function changeFleets<T>(
  context: { publish(client: Queryable, fact: Fact): Promise<void> },
  client: PoolClient,
  scope: FleetChangeScope,
  work: (change: FleetChange) => Promise<T>,
  store: FleetChangeStore = FLEET_STORE,
): Promise<FleetChangeDone<T>> {
  const { event, requestId } = scope;
  const { series, fleetIds } = await takeLocks(store, client, { eventId: event.id, fleetIds: scope.fleetIds });
  // After the locks: the change's time orders this fleet's changes as the locks do.
  const at = await store.changeTime(client);
  if (scope.beforeRead) await scope.beforeRead(client);
  const read = new Map<string, { fleet: FleetProjection | undefined; races: RaceWithProgress[] }>();
  for (const fleetId of fleetIds) read.set(fleetId, scope.batch ? { fleet: undefined, races: [] } : await store.readFleet(client, fleetId));

  const changes = new Map<string, ResultChange>();
  const rescores = new Map<string, RescoreRecord>();
  const steps: { fleetId: string; step: PublicationStep }[] = [];
  const facts: Fact[] = [];
  const locked = (fleetId: string) => {
    if (!read.has(fleetId)) throw new Error(`fleet ${fleetId} is not locked by this unit of work`);
  };
  const change: FleetChange = {
    client,
    event,
    at,
    requestId,
    series,
    fleet: (fleetId) => read.get(fleetId)?.fleet,
    races: (fleetId) => read.get(fleetId)?.races ?? [],
    race: (raceId) => [...read.values()].flatMap((f) => f.races).find((race) => race.id === raceId),
    async changeResults(race, entries, note) {
      locked(race.fleetId);
      const earlier = changes.get(race.id);
      const before = earlier ? earlier.before : await store.raceResults(client, race.id);
      const stored = { raceId: race.id, eventId: event.id, fleetId: race.fleetId, status: race.status === 'scheduled' ? ('finished' as const) : race.status };
      // The race's progress row says when results last changed, and that they are provisional again;
      // an import's batch records the whole progress row itself.
      await store.storeResults(client, stored, entries, scope.batch ? null : at);
      changes.set(race.id, { race, before, entries, note });
    },
    recordRemoval(race, removed, note) {
      locked(race.fleetId);
      changes.set(race.id, { race, before: removed.results, entries: removed.entries, note, removed: true });
    },
    rescore(fleetId, record) {
      locked(fleetId);
      rescores.set(fleetId, record);
    },
    recordStep(fleetId, step) {
      locked(fleetId);
      steps.push({ fleetId, step });
    },
    publish: (fact) => void facts.push(fact),
  };
  const value = await work(change);

  const revisions = new Map<string, RevisionRecord>();
  const rescored = new Map<string, FleetRescore>();
  const standingsMoved: string[] = [];
  for (const fleetId of fleetIds) {
    const fleet = read.get(fleetId)?.fleet;
    const ofFleet = [...changes.values()].filter((c) => c.race.fleetId === fleetId);
    // A removed race's record first: it holds what the race had before anything is re-scored.
    for (const c of ofFleet) if (c.removed) await revise(c, []);
    const changed = ofFleet.filter((c) => !c.removed);
    const record = rescores.get(fleetId);
    if (scope.batch || !fleet) {
      // Nothing to score against yet: the results and their revisions are all there is.
      for (const c of changed) await revise(c, await store.raceResults(client, c.race.id));
      continue;
    }
    if (changed.length === 0 && !record) continue;
    const recorded = record && record.revisions !== 'none' ? (read.get(fleetId)?.races ?? []).filter((race) => race.hasResults && !changes.has(race.id)) : [];
    const beforeRescore = new Map<string, ResultRow[]>();
    for (const race of recorded) beforeRescore.set(race.id, await store.raceResults(client, race.id));
    const everyRace = record?.revisions === 'every-race';
    // A set-up change records a revision of every race: their time moves before the views are rendered.
    if (everyRace) await store.markRescored(client, recorded.map((race) => race.id), at);
    const named = changed.length > 0 || everyRace ? [...changed.map((c) => c.race.id), ...(everyRace ? recorded.map((race) => race.id) : [])] : undefined;
    const score = await store.rescore(client, event, fleet, { requestId, namedRaces: named });
    rescored.set(fleetId, score);
    facts.push(...score.resultsUpdated);
    // Only a re-score nobody asked of the results (moved races, a projection) is quiet when the standings stand.
    const quiet = changed.length === 0 && record?.revisions !== 'every-race';
    if (score.standingsChanged || !quiet) {
      facts.push(score.standingsUpdated);
      standingsMoved.push(fleetId);
    }
    for (const c of changed) await revise(c, await store.raceResults(client, c.race.id));
    if (record && record.revisions !== 'none') {
      const moved: string[] = [];
      for (const race of recorded) {
        const entries = await store.raceEntries(client, race.id);
        const written = await store.writeRevision(
          client,
          { eventId: event.id, fleetId, raceId: race.id },
          { kind: 'correction', reason: record.reason, actor: record.actor },
          { before: beforeRescore.get(race.id) ?? [], after: await store.raceResults(client, race.id), entries },
          at,
          { skipUnchanged: !everyRace },
        );
        if (!written) continue;
        revisions.set(race.id, written);
        facts.push(resultsRevisedFact({ event, requestId }, written));
        moved.push(race.id);
      }
      // The answers' asOf is the latest revision they include: races revised only because their
      // numbers moved are known after the re-score; their time moves now, and the views are rendered again.
      if (!everyRace && moved.length > 0) {
        await store.markRescored(client, moved, at);
        await store.renderViews(client, fleetId);
      }
    }
  }
  // Publication steps change no numbers: each fleet's step revisions, then its views once, in lock order.
  for (const fleetId of fleetIds) {
    const ofFleet = steps.filter((s) => s.fleetId === fleetId);
    if (ofFleet.length === 0) continue;
    for (const { step } of ofFleet) await store.writeStepRevision(client, { eventId: event.id, fleetId }, step, at);
    await store.renderViews(client, fleetId);
  }
  if (standingsMoved.length > 0) facts.push(...(await store.seriesFacts(client, event, series, standingsMoved, requestId)));
  for (const fact of inDeclaredOrder(facts)) await context.publish(client, fact);
  return { value, revisions, rescored };

  async function revise(c: ResultChange, after: ResultRow[]): Promise<void> {
    const written = await store.writeRevision(client, { eventId: event.id, fleetId: c.race.fleetId, raceId: c.race.id }, c.note, { before: c.before, after, entries: c.entries }, at, { skipUnchanged: false });
    revisions.set(c.race.id, written!);
    // An import's revisions travel with its own fact (regatta.imported), not as results.revised.
    if (!scope.batch) facts.push(resultsRevisedFact({ event, requestId }, written!));
  }
}
