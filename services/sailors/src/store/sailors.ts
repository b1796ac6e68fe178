/**
 * Sailor profiles: the read behind the profile routes, and the writes of the projections (identity
 * user.registered, and the sailors named in registrations, results and standings). Every write is an
 * upsert, so replays change nothing.
 */
import type { Queryable } from '@regatta/db';
import type { Sailor } from '../domain/sailors.js';
import { lockProfiles } from './profiles-lock.js';

export async function findSailor(db: Queryable, id: string): Promise<Sailor | undefined> {
  const result = await db.query<Sailor>(`SELECT id, name FROM sailors WHERE id = $1`, [id]);
  return result.rows[0];
}

export async function upsertUser(db: Queryable, user: { id: string; name: string | null; email: string | null; registeredAt: Date | null }): Promise<void> {
  await lockProfiles(db);
  await db.query(
    `INSERT INTO sailors (id, name, name_source, email, registered_at) VALUES ($1, $2, 'identity', $3, $4)
     ON CONFLICT (id) DO UPDATE SET name = coalesce(EXCLUDED.name, sailors.name), name_source = 'identity',
       email = coalesce(EXCLUDED.email, sailors.email), registered_at = coalesce(EXCLUDED.registered_at, sailors.registered_at),
       updated_at = now()`,
    [user.id, user.name, user.email, user.registeredAt],
  );
}

/** A sailor named in a registration or a result: creates the profile, fills a missing name. */
export async function noteSailor(db: Queryable, id: string, name: string | null): Promise<void> {
  // Nothing to change (known sailor and no new name, the same name, or a name from the account,
  // which wins): no write, so no row lock held until the end of the consumer's chunk.
  const known = await db.query<{ name: string | null; name_source: string }>(`SELECT name, name_source FROM sailors WHERE id = $1`, [id]);
  const row = known.rows[0];
  if (row && (name === null || row.name === name || (row.name_source === 'identity' && row.name !== null))) return;
  await lockProfiles(db);
  await db.query(
    `INSERT INTO sailors (id, name, name_source) VALUES ($1, $2, 'registration')
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
     WHERE sailors.name IS DISTINCT FROM EXCLUDED.name AND EXCLUDED.name IS NOT NULL
       AND NOT (sailors.name_source = 'identity' AND sailors.name IS NOT NULL)`,
    [id, name],
  );
}

/**
 * The sailors named in one results or standings fact, in one round trip: known ones that would not
 * change are skipped; the rest are written in one statement, in id order, under the profiles lock.
 * Within the list the last non-empty name of a sailor wins (as one noteSailor per entry would).
 */
export async function noteSailors(db: Queryable, sailors: ReadonlyArray<{ id: string; name: string | null }>): Promise<void> {
  const wanted = new Map<string, string | null>();
  for (const sailor of sailors) if (!wanted.has(sailor.id) || sailor.name !== null) wanted.set(sailor.id, sailor.name);
  if (wanted.size === 0) return;
  const known = await db.query<{ id: string; name: string | null; name_source: string }>(`SELECT id, name, name_source FROM sailors WHERE id = ANY($1::uuid[])`, [[...wanted.keys()]]);
  const byId = new Map(known.rows.map((row) => [row.id, row]));
  const writes = [...wanted]
    .filter(([id, name]) => {
      const row = byId.get(id);
      return !row || (name !== null && row.name !== name && !(row.name_source === 'identity' && row.name !== null));
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (writes.length === 0) return;
  await lockProfiles(db);
  await db.query(
    `INSERT INTO sailors (id, name, name_source) SELECT id, name, 'registration' FROM unnest($1::uuid[], $2::text[]) AS t(id, name)
     ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, updated_at = now()
     WHERE sailors.name IS DISTINCT FROM EXCLUDED.name AND EXCLUDED.name IS NOT NULL
       AND NOT (sailors.name_source = 'identity' AND sailors.name IS NOT NULL)`,
    [writes.map(([id]) => id), writes.map(([, name]) => name)],
  );
}
