/** The organizations projection (id, slug, name, creator), fed by organizations.v1. */
import type { Queryable } from '@regatta/db';

export interface OrganizationRow {
  id: string;
  slug: string;
  name: string;
  created_by: string | null;
}

export async function upsertOrganization(db: Queryable, org: OrganizationRow & { updatedAt: Date }): Promise<void> {
  await db.query(
    `INSERT INTO organizations (id, slug, name, created_by, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name,
       created_by = COALESCE(organizations.created_by, EXCLUDED.created_by), updated_at = EXCLUDED.updated_at
     WHERE organizations.updated_at <= EXCLUDED.updated_at`,
    [org.id, org.slug, org.name, org.created_by, org.updatedAt],
  );
}

export async function findOrganizationBySlug(db: Queryable, slug: string): Promise<OrganizationRow | undefined> {
  const result = await db.query<OrganizationRow>(`SELECT id, slug, name, created_by FROM organizations WHERE slug = $1`, [slug]);
  return result.rows[0];
}
