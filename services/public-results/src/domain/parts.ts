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

export interface EventPartsInput {
  event: PublicEvent;
  organization: PublicOrganization | null;
  fleets: PublicFleet[];
  races: PublicRace[];
  documents: PublicDocument[];
  entries: PublicEntry[];
  results: Array<PublicRaceResults & { updatedAt: string }>;
  standings: Array<PublicStandings & { updatedAt: string }>;
}
