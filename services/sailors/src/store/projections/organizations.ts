/** organizations.v1 (and identity.v1 for the creator's membership): slug → id, and who counts as admin. */
import type { Queryable } from '@regatta/db';

export interface OrganizationRow {
  id: string;
  slug: string;
  name: string;
  created_by: string | null;
  creator_revoked: boolean;
}

export async function organizationBySlug(db: Queryable, slug: string): Promise<OrganizationRow | undefined> {
  const result = await db.query<OrganizationRow>(`SELECT id, slug, name, created_by, creator_revoked FROM organizations WHERE slug = $1`, [slug.toLowerCase()]);
  return result.rows[0];
}

export async function upsertOrganization(db: Queryable, org: { id: string; slug: string; name: string; createdBy: string | null; updatedAt: Date }): Promise<void> {
  // A slug freed by a rename may still sit on another row; the newest snapshot wins it.
  await db.query(`DELETE FROM organizations WHERE slug = $1 AND id <> $2 AND updated_at <= $3`, [org.slug, org.id, org.updatedAt]);
  await db.query(
    `INSERT INTO organizations (id, slug, name, created_by, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name,
       created_by = coalesce(EXCLUDED.created_by, organizations.created_by), updated_at = EXCLUDED.updated_at
     WHERE organizations.updated_at <= EXCLUDED.updated_at`,
    [org.id, org.slug, org.name, org.createdBy, org.updatedAt],
  );
}

/** membership.revoked (or granted again) for the creator ends (or restores) the creator-as-admin rule. */
export async function markCreatorRevoked(db: Queryable, organizationId: string, userId: string, revoked: boolean): Promise<void> {
  await db.query(`UPDATE organizations SET creator_revoked = $3 WHERE id = $1 AND created_by = $2`, [organizationId, userId, revoked]);
}
