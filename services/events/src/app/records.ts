/** The records use cases return; the routes' views map them to the documented shapes. */
export type {
  BoatRow,
  CrewMember,
  DocumentRow,
  DocumentVersionRow,
  EventRow,
  EventWithOrgRow,
  FleetRow,
  OrganizationRow,
  RaceResultsRow,
  RaceRow,
  RegistrationDetailRow,
  StoredResultEntry,
} from '../store/rows.js';
export type { SeriesListRow } from '../store/series.js';
export type { QuestionRow, WaiverRow } from '../store/entry-form.js';
export type { EventDetailRows } from '../store/event-detail.js';
