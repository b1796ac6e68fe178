/** organizations.v1 projection: id, slug, name and creator of every organization (events name and authorize by it). */
import type { Queryable } from '@regatta/db';
import type { OrganizationRow } from '../rows.js';
import { isUuid } from '../sql.js';

export async function findOrganization(db: Queryable, ref: string): Promise<OrganizationRow | undefined> {
  const result = isUuid(ref)
    ? await db.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1 OR slug = $2', [ref, ref.toLowerCase()])
    : await db.query<OrganizationRow>('SELECT * FROM organizations WHERE slug = $1', [ref.toLowerCase()]);
  return result.rows[0];
}

/** The ids among `ids` this projection has not seen (yet). */
export async function unseenOrganizationIds(db: Queryable, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = await db.query<{ id: string }>('SELECT id FROM organizations WHERE id = ANY($1::uuid[])', [ids]);
  const seen = new Set(known.rows.map((row) => row.id));
  return ids.filter((id) => !seen.has(id));
}

export async function organizationById(db: Queryable, id: string): Promise<OrganizationRow | undefined> {
  return (await db.query<OrganizationRow>('SELECT * FROM organizations WHERE id = $1', [id])).rows[0];
}

export async function upsertOrganization(
  db: Queryable,
  org: { id: string; slug: string; name: string; createdBy: string | null; updatedAt: Date },
): Promise<void> {
  // A slug freed by a rename may still sit on another row; the newest snapshot wins it.
  await db.query('DELETE FROM organizations WHERE slug = $1 AND id <> $2 AND updated_at <= $3', [org.slug, org.id, org.updatedAt]);
  await db.query(
    `INSERT INTO organizations (id, slug, name, created_by, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name,
       created_by = COALESCE(EXCLUDED.created_by, organizations.created_by), updated_at = EXCLUDED.updated_at
     WHERE organizations.updated_at <= EXCLUDED.updated_at`,
    [org.id, org.slug, org.name, org.createdBy, org.updatedAt],
  );
}
