/** The read-model parts of one regatta, as the views take them. */
import type {
  PublicDocument,
  PublicEntry,
  PublicEvent,
  PublicFleet,
  PublicOrganization,
  PublicRace,
  PublicRaceResults,
  PublicStandings,
} from './model.js';
import type { CaseRecord, KnownBoat } from './notice-board.js';

export interface EventPartsInput {
  event: PublicEvent;
  organization: PublicOrganization | null;
  fleets: PublicFleet[];
  races: PublicRace[];
  documents: PublicDocument[];
  entries: PublicEntry[];
  results: Array<PublicRaceResults & { updatedAt: string }>;
  standings: Array<PublicStandings & { updatedAt: string }>;
  /** The protest room's cases on the notice board (hearing scheduled or decision published). */
  cases: CaseRecord[];
  /** Boats the cases name, as registrations named them (results name the rest). */
  boats: KnownBoat[];
}
