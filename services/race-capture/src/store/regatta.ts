/** Look-ups in the regatta projections (events, fleets, races, entries). */
import type { Queryable } from '@regatta/db';
import type { CaptureEntry, CaptureEvent, CaptureFleet, CaptureRace } from '../domain/regatta.js';

interface EventRow {
  id: string;
  organization_id: string;
  slug: string;
  name: string;
  time_zone: string | null;
  start_date: Date;
  end_date: Date;
  status: string;
}

const toEvent = (row: EventRow): CaptureEvent => ({
  id: row.id,
  organizationId: row.organization_id,
  slug: row.slug,
  name: row.name,
  timeZone: row.time_zone,
  startDate: row.start_date,
  endDate: row.end_date,
  status: row.status,
});

export async function eventBySlug(q: Queryable, slug: string): Promise<CaptureEvent | undefined> {
  const { rows } = await q.query<EventRow>('SELECT * FROM capture_events WHERE slug = $1', [slug]);
  return rows[0] ? toEvent(rows[0]) : undefined;
}

export async function eventById(q: Queryable, id: string): Promise<CaptureEvent | undefined> {
  const { rows } = await q.query<EventRow>('SELECT * FROM capture_events WHERE id = $1', [id]);
  return rows[0] ? toEvent(rows[0]) : undefined;
}

interface RaceRow {
  id: string;
  fleet_id: string;
  name: string;
  race_number: number;
  scheduled_start: Date | null;
  status: string;
}

const toRace = (row: RaceRow): CaptureRace => ({
  id: row.id,
  fleetId: row.fleet_id,
  name: row.name,
  raceNumber: row.race_number,
  scheduledStart: row.scheduled_start,
  status: row.status,
});

export async function racesOfEvent(q: Queryable, eventId: string, raceIds?: readonly string[]): Promise<CaptureRace[]> {
  const { rows } = raceIds
    ? await q.query<RaceRow>('SELECT * FROM capture_races WHERE event_id = $1 AND id = ANY($2::uuid[]) ORDER BY race_number, name', [eventId, raceIds])
    : await q.query<RaceRow>('SELECT * FROM capture_races WHERE event_id = $1 ORDER BY race_number, name', [eventId]);
  return rows.map(toRace);
}

export async function fleetsOfEvent(q: Queryable, eventId: string): Promise<CaptureFleet[]> {
  const { rows } = await q.query<{ id: string; name: string }>('SELECT id, name FROM capture_fleets WHERE event_id = $1 ORDER BY name', [eventId]);
  return rows;
}

interface EntryRow {
  registration_id: string;
  boat_id: string | null;
  fleet_id: string;
  sail_number: string | null;
  boat_name: string | null;
}

const toEntry = (row: EntryRow): CaptureEntry => ({ registrationId: row.registration_id, boatId: row.boat_id, fleetId: row.fleet_id, sailNumber: row.sail_number, boatName: row.boat_name });

/** The entries (status registered) of the event, or of the fleets named. */
export async function entriesOf(q: Queryable, eventId: string, fleetIds?: readonly string[]): Promise<CaptureEntry[]> {
  const { rows } = fleetIds
    ? await q.query<EntryRow>(
        `SELECT * FROM capture_entries WHERE event_id = $1 AND status = 'registered' AND fleet_id = ANY($2::uuid[]) ORDER BY sail_key NULLS LAST`,
        [eventId, fleetIds],
      )
    : await q.query<EntryRow>(`SELECT * FROM capture_entries WHERE event_id = $1 AND status = 'registered' ORDER BY sail_key NULLS LAST`, [eventId]);
  return rows.map(toEntry);
}

export async function entryBySail(q: Queryable, fleetIds: readonly string[], key: string): Promise<CaptureEntry | undefined> {
  const { rows } = await q.query<EntryRow>(
    `SELECT * FROM capture_entries WHERE fleet_id = ANY($1::uuid[]) AND sail_key = $2 AND status = 'registered' LIMIT 1`,
    [fleetIds, key],
  );
  return rows[0] ? toEntry(rows[0]) : undefined;
}

export async function entryById(q: Queryable, fleetIds: readonly string[], registrationId: string): Promise<CaptureEntry | undefined> {
  const { rows } = await q.query<EntryRow>(
    `SELECT * FROM capture_entries WHERE fleet_id = ANY($1::uuid[]) AND registration_id = $2 AND status = 'registered'`,
    [fleetIds, registrationId],
  );
  return rows[0] ? toEntry(rows[0]) : undefined;
}
