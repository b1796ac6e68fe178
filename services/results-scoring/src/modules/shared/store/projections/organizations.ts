/**
 * Projection of organizations.v1 (organization.created / updated): id, slug and name, so a route that
 * names an organization by slug (the Sailwave import) finds its id. The newer snapshot wins.
 */
import type { Queryable } from '@regatta/db';

export interface OrganizationProjection {
  id: string;
  slug: string;
  name: string;
}

export async function upsertOrganization(client: Queryable, org: OrganizationProjection, occurredAt: Date): Promise<void> {
  // A slug freed by a rename may still sit on an older row: the newer snapshot takes it.
  await client.query('DELETE FROM organizations WHERE lower(slug) = lower($1) AND id <> $2 AND occurred_at <= $3', [org.slug, org.id, occurredAt]);
  await client.query(
    `INSERT INTO organizations (id, slug, name, occurred_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, name = EXCLUDED.name, occurred_at = EXCLUDED.occurred_at
     WHERE organizations.occurred_at <= EXCLUDED.occurred_at`,
    [org.id, org.slug, org.name, occurredAt],
  );
}

export async function findOrganizationBySlug(q: Queryable, slug: string): Promise<OrganizationProjection | undefined> {
  const { rows } = await q.query<OrganizationProjection>('SELECT id, slug, name FROM organizations WHERE lower(slug) = lower($1) ORDER BY occurred_at DESC LIMIT 1', [slug]);
  return rows[0];
}
