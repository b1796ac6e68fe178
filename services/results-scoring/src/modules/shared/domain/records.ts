/**
 * The records this service works with: what the projections of the events service's facts hold
 * (events, fleets, races, registrations, series) and what it stores itself (race progress, results,
 * fleet standings). The store reads and writes them; use cases and the rules below take them.
 */
import type { RaceStatus } from '@regatta/contracts';
import type { FleetSetup } from './fleet-setup.js';
import type { StandingEntrySnapshot } from './fleet-scoring.js';
import type { StoredEntry } from './race-entries.js';

export interface EventProjection {
  id: string;
  slug: string;
  name: string;
  organizationId: string | null;
  organizationSlug: string | null;
  organizationName: string | null;
  status: string;
  startDate: Date | null;
  sourceUpdatedAt: Date | null;
}

/** Events in status "draft" are visible to their organization's members only. */
export const isPublicEvent = (event: Pick<EventProjection, 'status'>): boolean => event.status !== 'draft';

/** True when the event's change can alter the public series standings (they list non-draft events only). */
export function publicSeriesViewChanged(before: EventProjection | undefined, now: EventProjection | undefined): boolean {
  const visible = (e: EventProjection | undefined) => !!e && isPublicEvent(e);
  if (!visible(before) && !visible(now)) return false;
  if (!before || !now) return true;
  return before.status !== now.status || before.name !== now.name || before.slug !== now.slug || before.startDate?.getTime() !== now.startDate?.getTime();
}

export interface FleetProjection extends FleetSetup {
  eventId: string;
}

export interface RaceProjection {
  id: string;
  eventId: string;
  fleetId: string;
  name: string;
  number: number;
  scheduledStart: Date | null;
  scheduledStatus: string;
  distanceNm: number | null;
  weight: number;
  mustCount: boolean;
  discardFirst: boolean;
}

/** A race as the schedule has it, joined with the progress this service recorded. */
export interface RaceWithProgress extends RaceProjection {
  status: RaceStatus;
  actualStart: Date | null;
  hasResults: boolean;
  published: boolean;
  publishedAt: Date | null;
  /** Time of the race's latest results revision (null: none since revisions are kept). */
  revisedAt: Date | null;
  /** When the committee posted the results (publication per fleet or race), starting the protest time limit. */
  postedAt: Date | null;
  /** End of the protest time limit (null: none applies). */
  protestDeadline: Date | null;
}

export interface RegistrationProjection {
  id: string;
  eventId: string;
  fleetId: string;
  fleetName: string | null;
  userId: string | null;
  sailorName: string | null;
  boatId: string;
  boatName: string;
  sailNumber: string | null;
  ratings: Record<string, number>;
  /** Ratings in force from a race on (rating changes). */
  ratingChanges?: { key: string; value: number; fromRace: number }[] | undefined;
  /** Crew names and the boat's model (class): kept for the Sailwave export (compcrewname, compclass). */
  crew?: string[] | undefined;
  boatModel?: string | null | undefined;
  status: string;
  sourceUpdatedAt: Date | null;
}

export interface SeriesProjection {
  id: string;
  organizationId: string | null;
  slug: string;
  name: string;
  year: number | null;
  eventIds: string[];
  scoringRule: string;
  bestOf: number | null;
  createdAt: Date | null;
}

export interface RaceProgress {
  raceId: string;
  eventId: string;
  fleetId: string;
  actualStart: Date | null;
  status: RaceStatus;
  resultsSubmittedAt: Date | null;
  published: boolean;
  publishedAt: Date | null;
}

export interface SubmittedEntry extends StoredEntry {
  notes: string | null;
}

/** A stored result with the numbers the engine computed for it. */
export interface ResultRow extends SubmittedEntry {
  id: string;
  raceId: string;
  eventId: string;
  fleetId: string;
  position: number | null;
  elapsedSeconds: number | null;
  correctedSeconds: number | null;
  points: number | null;
  /** The rating applied in the race (handicap fleets; rating changes). */
  rating?: number | null | undefined;
}

export interface StoredStandings {
  fleetId: string;
  eventId: string;
  scoringSystem: string;
  drops: number;
  appliedDrops: number;
  racesCompleted: number;
  entries: StandingEntrySnapshot[];
  computedAt: Date;
}
