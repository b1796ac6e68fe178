/** Row shapes of the events schema (snake_case as stored). */
import type { EventStatus, HandicapSystemName, PaymentStatus, PenaltyBasis, RaceStatus, RegistrationStatus, ScoringSystem } from '@regatta/contracts';
import type { WaiverAcceptance } from '../domain/entry-form.js';

export interface OrganizationRow {
  id: string;
  slug: string;
  name: string;
  created_by: string | null;
  creator_revoked: boolean;
  updated_at: Date;
}

export interface EventRow {
  id: string;
  organization_id: string;
  name: string;
  slug: string;
  description: string | null;
  venue: string | null;
  address: string | null;
  start_date: Date;
  end_date: Date;
  registration_open: Date | null;
  registration_close: Date | null;
  status: EventStatus;
  /** numeric(12,2) is read as a JS number by @regatta/db. */
  entry_fee: number | null;
  currency: string;
  max_participants: number | null;
  nor: string | null;
  sailing_instructions: string | null;
  settings: Record<string, unknown> | null;
  /** The venue's IANA time zone (e.g. America/New_York), null when not set. */
  time_zone: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An event joined with its organization's projection (absent when not yet seen). */
export interface EventWithOrgRow extends EventRow {
  org_slug: string | null;
  org_name: string | null;
  org_created_by: string | null;
  org_creator_revoked: boolean;
}

export interface FleetRow {
  id: string;
  event_id: string;
  name: string;
  class_id: string | null;
  description: string | null;
  max_boats: number | null;
  scoring_system: ScoringSystem;
  drop_races: number;
  handicap_system: HandicapSystemName;
  handicap_params: Record<string, number>;
  penalty_basis: PenaltyBasis;
  discard_thresholds: number[];
  /** Engine options, null when unused. */
  finishers_plus: { dnf: number; dnc: number } | null;
  proportional_discards: { firstAt: number; everyRaces: number } | null;
  redress: { defaultMethod: string; excludeDnc: boolean } | null;
  created_at: Date;
}

export interface RaceRow {
  id: string;
  event_id: string;
  fleet_id: string;
  name: string;
  race_number: number;
  scheduled_start: Date | null;
  actual_start: Date | null;
  status: RaceStatus;
  course_description: string | null;
  course_distance_nm: number | null;
  weight: number;
  must_count: boolean;
  discard_first: boolean;
  wind_direction: number | null;
  wind_speed: number | null;
  conditions: string | null;
  notes: string | null;
  progress_at: Date | null;
  created_at: Date;
}

export interface DocumentRow {
  id: string;
  event_id: string;
  kind: string;
  title: string;
  url: string | null;
  body: string | null;
  published_at: Date;
  /** Version in force (migration 002); every version is kept in document_versions. */
  version?: number;
  updated_at?: Date | null;
  withdrawn_at?: Date | null;
  withdrawn_reason?: string | null;
}

/** One version of a document as published (the first included). */
export interface DocumentVersionRow {
  document_id: string;
  version: number;
  kind: string;
  title: string;
  url: string | null;
  body: string | null;
  note: string | null;
  published_at: Date;
  published_by: string | null;
}

export interface BoatRow {
  id: string;
  owner_user_id: string;
  name: string;
  sail_number: string | null;
  model: string | null;
  ratings: Record<string, number>;
  created_at: Date;
  updated_at: Date;
}

export interface RegistrationRow {
  id: string;
  event_id: string;
  fleet_id: string;
  user_id: string;
  sailor_name: string | null;
  sailor_email: string | null;
  boat_id: string;
  sail_key: string | null;
  status: RegistrationStatus;
  payment_status: PaymentStatus;
  crew: string[];
  emergency_contact: string | null;
  special_requirements: string | null;
  submitted_by: string | null;
  registration_time: Date;
  sequence: number;
  updated_at: Date;
  /** Ratings in force from a race on (rating changes), sorted by fromRace. */
  rating_changes: RatingChangeRecord[];
  /** The boat as entered in this regatta (migration 005; null on entries not filled: the boat's own values). */
  entry_boat_name: string | null;
  entry_sail_number: string | null;
  entry_boat_model: string | null;
  /** Who corrected the boat as entered (an organizer), and when; null when never corrected. */
  entry_boat_corrected_by: string | null;
  entry_boat_corrected_at: Date | null;
  /** The ratings as entered in this regatta (migration 006; null on an entry not filled: the boat's). */
  entry_ratings: Record<string, number> | null;
  /** The entry form (migration 007): answers by question id, waiver acceptances, crew as persons, the sailor's date of birth, certificates by rating key. */
  answers: Record<string, string | boolean>;
  waiver_acceptances: WaiverAcceptance[];
  crew_members: CrewMember[] | null;
  sailor_birth_date: string | null;
  entry_certificates: Record<string, { number: string; expires?: string | null }>;
}

/** A person sailing with the entry: name, role, optional World Sailing Sailor ID and date of birth. */
export interface CrewMember {
  name: string;
  role?: string | null | undefined;
  sailorId?: string | null | undefined;
  dateOfBirth?: string | null | undefined;
  /** For a crew member under 18 on the first day: the parent or guardian who accepts the waivers for them. */
  guardianName?: string | null | undefined;
}

export interface RatingChangeRecord {
  system: string;
  key: string;
  value: number;
  fromRace: number;
  recordedAt: string;
}

/** A registration with its boat and fleet name (what facts and detailed views need). */
export interface RegistrationDetailRow extends RegistrationRow {
  boat_name: string;
  boat_sail_number: string | null;
  boat_model: string | null;
  boat_ratings: Record<string, number>;
  fleet_name: string;
}

export interface SeriesRow {
  id: string;
  organization_id: string;
  slug: string;
  name: string;
  description: string | null;
  year: number;
  scoring_rule: string;
  best_of: number | null;
  created_by: string | null;
  created_at: Date;
}

export interface RaceResultsRow {
  race_id: string;
  event_id: string;
  fleet_id: string;
  race_number: number;
  race_name: string;
  published: boolean;
  results: StoredResultEntry[];
  occurred_at: Date;
}

export interface StoredResultEntry {
  boatId: string;
  userId: string;
  sailorName: string | null;
  boatName: string;
  sailNumber: string | null;
  position: number | null;
  finishTime: string | null;
  elapsedSeconds: number | null;
  correctedSeconds: number | null;
  points: number;
  status: string;
  code: string | null;
  notes: string | null;
}
