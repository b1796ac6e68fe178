/**
 * The entry details a Sailwave export writes besides what scoring uses (compcrewname, compclass,
 * compclub, compnat): crew and boat model from the registrations projection (migration 011), club and
 * nationality from the import's row when the event came from a file (a registration has no field for
 * them; imports.draft keeps them per registration).
 */
import type { Queryable } from '@regatta/db';

export interface EntryDetails {
  /** The sailor of the registration these details come from (the entry's own sailor may see its crew). */
  userId: string | null;
  crew: string[];
  boatModel: string | null;
  club: string | null;
  nationality: string | null;
}

/** By boat id, the details of each boat's most recent registration in the fleet (registered first, as fleetBoats chooses). */
export async function fleetEntryDetails(q: Queryable, eventId: string, fleetId: string): Promise<Map<string, EntryDetails>> {
  const { rows } = await q.query<{ id: string; boat_id: string; user_id: string | null; crew: string[] | null; boat_model: string | null }>(
    `SELECT DISTINCT ON (boat_id) id, boat_id, user_id, crew, boat_model FROM registrations
      WHERE fleet_id = $1
      ORDER BY boat_id, (status = 'registered') DESC, COALESCE(source_updated_at, occurred_at) DESC`,
    [fleetId],
  );
  const imported = await importedDetails(q, eventId);
  const out = new Map<string, EntryDetails>();
  for (const row of rows) {
    const file = imported.get(row.id);
    out.set(row.boat_id, { userId: row.user_id, crew: row.crew ?? [], boatModel: row.boat_model, club: file?.club ?? null, nationality: file?.nationality ?? null });
  }
  return out;
}

/** Club and nationality per registration id, as the import of the event's file kept them. */
async function importedDetails(q: Queryable, eventId: string): Promise<Map<string, { club: string | null; nationality: string | null }>> {
  const { rows } = await q.query<{ id: string; club: string | null; nationality: string | null }>(
    `SELECT g->>'id' AS id, g->>'club' AS club, g->>'nationality' AS nationality
       FROM imports, jsonb_array_elements(COALESCE(draft->'registrations', '[]'::jsonb)) AS g
      WHERE event_id = $1`,
    [eventId],
  );
  return new Map(rows.map((r) => [r.id, { club: r.club, nationality: r.nationality }] as const));
}
