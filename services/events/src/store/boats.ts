/** SQL of boats (owned by a sailor, reused across registrations). */
import type { Queryable } from '@regatta/db';
import type { BoatRow } from './rows.js';

export async function boatById(db: Queryable, id: string): Promise<BoatRow | undefined> {
  return (await db.query<BoatRow>('SELECT * FROM boats WHERE id = $1', [id])).rows[0];
}

/** A boat of this owner with the same normalized sail number (reused instead of duplicated). */
export async function boatOfOwnerBySail(db: Queryable, ownerUserId: string, sailKeyValue: string): Promise<BoatRow | undefined> {
  return (
    await db.query<BoatRow>(
      `SELECT * FROM boats WHERE owner_user_id = $1 AND upper(regexp_replace(COALESCE(sail_number, ''), '[^A-Za-z0-9]', '', 'g')) = $2
       ORDER BY created_at LIMIT 1`,
      [ownerUserId, sailKeyValue],
    )
  ).rows[0];
}

export async function insertBoat(db: Queryable, boat: Omit<BoatRow, 'created_at' | 'updated_at'>): Promise<BoatRow> {
  const result = await db.query<BoatRow>(
    `INSERT INTO boats (id, owner_user_id, name, sail_number, model, ratings) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [boat.id, boat.owner_user_id, boat.name, boat.sail_number, boat.model, JSON.stringify(boat.ratings)],
  );
  return result.rows[0]!;
}

export async function updateBoat(
  db: Queryable,
  id: string,
  changes: { name?: string; model?: string | null; ratings?: Record<string, number> },
): Promise<BoatRow> {
  const result = await db.query<BoatRow>(
    `UPDATE boats SET name = COALESCE($2, name), model = COALESCE($3, model), ratings = ratings || COALESCE($4::jsonb, '{}'::jsonb),
       updated_at = now() WHERE id = $1 RETURNING *`,
    [id, changes.name ?? null, changes.model ?? null, changes.ratings ? JSON.stringify(changes.ratings) : null],
  );
  return result.rows[0]!;
}

/** A user's own boats (the ones she entered), by name. */
export async function boatsOfOwner(db: Queryable, ownerUserId: string): Promise<BoatRow[]> {
  return (await db.query<BoatRow>('SELECT * FROM boats WHERE owner_user_id = $1 ORDER BY lower(name), created_at', [ownerUserId])).rows;
}
