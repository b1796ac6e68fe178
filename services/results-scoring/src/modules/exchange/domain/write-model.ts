/**
 * What the `.blw` writer takes: the platform's regatta as results-scoring holds it (the event, each
 * fleet's set-up, races, boats and stored entries, the projections and result rows) together with the
 * engine's score of each fleet (ranks, points, nett, per-race numbers), so the file carries the
 * standings the platform shows. Pure data; app/export-sailwave.ts loads it.
 */
import type { BoatInfo, FleetScore, RaceInfo } from '../../shared/domain/fleet-scoring.js';
import type { FleetSetup } from '../../shared/domain/fleet-setup.js';
import type { StoredEntry } from '../../shared/domain/race-entries.js';

export interface BlwEvent {
  readonly name: string;
  readonly slug: string;
  readonly venue?: string | null;
  readonly startDate?: Date | null;
}

export interface BlwRace extends RaceInfo {
  readonly scheduledStart?: Date | null;
}

/** A boat of a fleet; the details the platform does not hold (crew, club, nationality) are optional. */
export interface BlwBoat extends BoatInfo {
  readonly crewName?: string | null;
  readonly club?: string | null;
  readonly nationality?: string | null;
  readonly boatClass?: string | null;
}

export interface BlwFleet {
  readonly setup: FleetSetup;
  readonly races: readonly BlwRace[];
  readonly boats: readonly BlwBoat[];
  /** Stored entries by race id. */
  readonly entries: ReadonlyMap<string, readonly StoredEntry[]>;
  /** The engine's score of the fleet (fleet-scoring.ts scoreFleet over the same races, entries and boats). */
  readonly score: FleetScore;
}

export interface BlwRegatta {
  readonly event: BlwEvent;
  readonly fleets: readonly BlwFleet[];
}

/** A platform setting the file cannot carry (Sailwave would score it differently), never dropped silently. */
export interface BlwWriteWarning {
  readonly setting: string;
  readonly message: string;
  readonly fleet?: string;
}
