/**
 * SQL of an imported regatta (Sailwave import): the event, fleets, races, boats and registrations of a
 * regatta.imported fact, inserted with the ids the importer chose (results-scoring stored the results
 * under them). Rows are read back whole (SELECT *) for the facts the events service publishes.
 */
import type { Queryable } from '@regatta/db';
import type { EventRow, FleetRow, RaceRow } from './rows.js';

export async function eventExists(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM events WHERE id = $1', [id])).rows.length > 0;
}

/** Slugs taken among `base`, `base-2`, `base-3` ... */
export async function slugsTaken(db: Queryable, base: string): Promise<Set<string>> {
  const like = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const { rows } = await db.query<{ slug: string }>('SELECT slug FROM events WHERE slug = $1 OR slug LIKE $2', [base, like]);
  return new Set(rows.map((r) => r.slug));
}

export interface ImportedEvent {
  id: string;
  organizationId: string;
  name: string;
  slug: string;
  venue: string | null;
  startDate: Date;
  endDate: Date;
  createdBy: string | null;
}

export async function insertImportedEvent(db: Queryable, e: ImportedEvent): Promise<EventRow> {
  const { rows } = await db.query<EventRow>(
    `INSERT INTO events (id, organization_id, name, slug, venue, start_date, end_date, status, currency, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'draft', 'USD', $8) RETURNING *`,
    [e.id, e.organizationId, e.name, e.slug, e.venue, e.startDate, e.endDate, e.createdBy],
  );
  return rows[0]!;
}

export interface ImportedFleet {
  id: string;
  eventId: string;
  name: string;
  scoringSystem: string;
  dropRaces: number;
  handicapSystem: string;
  handicapParams: Record<string, number>;
  penaltyBasis: string;
  discardThresholds: number[];
  /** The N of the finishers_plus basis (Sailwave's "Finishers +"); null when not used. */
  finishersPlus: { dnf: number; dnc: number } | null;
}

export async function insertImportedFleet(db: Queryable, f: ImportedFleet): Promise<FleetRow> {
  const { rows } = await db.query<FleetRow>(
    `INSERT INTO fleets (id, event_id, name, scoring_system, drop_races, handicap_system, handicap_params, penalty_basis, discard_thresholds, finishers_plus)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [f.id, f.eventId, f.name, f.scoringSystem, f.dropRaces, f.handicapSystem, JSON.stringify(f.handicapParams), f.penaltyBasis, f.discardThresholds, f.finishersPlus === null ? null : JSON.stringify(f.finishersPlus)],
  );
  return rows[0]!;
}

export interface ImportedRace {
  id: string;
  eventId: string;
  fleetId: string;
  name: string;
  raceNumber: number;
  scheduledStart: Date | null;
}

export async function insertImportedRace(db: Queryable, r: ImportedRace): Promise<RaceRow> {
  const { rows } = await db.query<RaceRow>(
    `INSERT INTO races (id, event_id, fleet_id, name, race_number, scheduled_start) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [r.id, r.eventId, r.fleetId, r.name, r.raceNumber, r.scheduledStart],
  );
  return rows[0]!;
}

export interface ImportedEntry {
  id: string;
  eventId: string;
  fleetId: string;
  userId: string;
  sailorName: string | null;
  boat: { id: string; name: string; sailNumber: string | null; model: string | null; ratings: Record<string, number> };
  /** Normalized sail number; null when another entry of the regatta already holds it (dual scoring). */
  sailKey: string | null;
  crew: string[];
  submittedBy: string | null;
  /** Ratings in force from a race on (the per-race ratings of a progressive handicap). */
  ratingChanges: { system: string; key: string; value: number; fromRace: number; recordedAt: string }[];
}

export async function insertImportedEntry(db: Queryable, g: ImportedEntry): Promise<void> {
  await db.query(`INSERT INTO boats (id, owner_user_id, name, sail_number, model, ratings) VALUES ($1, $2, $3, $4, $5, $6)`, [
    g.boat.id,
    g.userId,
    g.boat.name,
    g.boat.sailNumber,
    g.boat.model,
    JSON.stringify(g.boat.ratings),
  ]);
  await db.query(
    `INSERT INTO registrations (id, event_id, fleet_id, user_id, sailor_name, boat_id, sail_key, status, crew, submitted_by, rating_changes,
       entry_boat_name, entry_sail_number, entry_boat_model, entry_ratings)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'registered', $8, $9, $10::jsonb, $11, $12, $13, $14::jsonb)`,
    [
      g.id,
      g.eventId,
      g.fleetId,
      g.userId,
      g.sailorName,
      g.boat.id,
      g.sailKey,
      g.crew,
      g.submittedBy,
      JSON.stringify(g.ratingChanges),
      g.boat.name,
      g.boat.sailNumber,
      g.boat.model,
      JSON.stringify(g.boat.ratings),
    ],
  );
}
