import type { Queryable } from '@regatta/db';
import type { OrganizationRole } from '@regatta/http';

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

export async function organizationExists(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query(`SELECT 1 FROM organizations WHERE id = $1`, [id]);
  return (result.rowCount ?? 0) > 0;
}

export interface MembershipRow {
  organization_id: string;
  user_id: string;
  role: OrganizationRole;
  granted_at: Date;
}

export async function rolesOf(db: Queryable, userId: string): Promise<Record<string, OrganizationRole>> {
  const result = await db.query<{ organization_id: string; role: OrganizationRole }>(
    `SELECT organization_id, role FROM memberships WHERE user_id = $1`,
    [userId],
  );
  return Object.fromEntries(result.rows.map((row) => [row.organization_id, row.role]));
}

export async function roleIn(db: Queryable, organizationId: string, userId: string): Promise<OrganizationRole | undefined> {
  const result = await db.query<{ role: OrganizationRole }>(`SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2`, [
    organizationId,
    userId,
  ]);
  return result.rows[0]?.role;
}

export interface MembershipDetail {
  organization_id: string;
  slug: string | null;
  name: string | null;
  role: OrganizationRole;
  granted_at: Date;
}

export async function membershipsOf(db: Queryable, userId: string): Promise<MembershipDetail[]> {
  const result = await db.query<MembershipDetail>(
    `SELECT m.organization_id, o.slug, o.name, m.role, m.granted_at
     FROM memberships m LEFT JOIN organizations o ON o.id = m.organization_id
     WHERE m.user_id = $1 ORDER BY m.granted_at, m.organization_id`,
    [userId],
  );
  return result.rows;
}

export interface MemberDetail {
  user_id: string;
  email: string;
  name: string;
  role: OrganizationRole;
  granted_at: Date;
}

export async function membersOf(db: Queryable, organizationId: string): Promise<MemberDetail[]> {
  const result = await db.query<MemberDetail>(
    `SELECT m.user_id, u.email, u.name, m.role, m.granted_at
     FROM memberships m JOIN users u ON u.id = m.user_id
     WHERE m.organization_id = $1 ORDER BY m.granted_at, u.email`,
    [organizationId],
  );
  return result.rows;
}

/** Grants (or changes) a role; returns the previous role, or undefined when newly added. */
export async function upsertMembership(
  db: Queryable,
  membership: { organizationId: string; userId: string; role: OrganizationRole; grantedBy: string | null },
): Promise<{ previous: OrganizationRole | undefined; row: MembershipRow }> {
  const previous = await db.query<{ role: OrganizationRole }>(
    `SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2 FOR UPDATE`,
    [membership.organizationId, membership.userId],
  );
  const result = await db.query<MembershipRow>(
    `INSERT INTO memberships (organization_id, user_id, role, granted_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (organization_id, user_id) DO UPDATE SET role = EXCLUDED.role, granted_by = EXCLUDED.granted_by,
       granted_at = CASE WHEN memberships.role = EXCLUDED.role THEN memberships.granted_at ELSE now() END
     RETURNING organization_id, user_id, role, granted_at`,
    [membership.organizationId, membership.userId, membership.role, membership.grantedBy],
  );
  return { previous: previous.rows[0]?.role, row: result.rows[0]! };
}

export async function deleteMembership(db: Queryable, organizationId: string, userId: string): Promise<OrganizationRole | undefined> {
  const result = await db.query<{ role: OrganizationRole }>(
    `DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2 RETURNING role`,
    [organizationId, userId],
  );
  return result.rows[0]?.role;
}

export async function countAdmins(db: Queryable, organizationId: string): Promise<number> {
  const result = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM memberships WHERE organization_id = $1 AND role = 'admin'`, [
    organizationId,
  ]);
  return result.rows[0]?.count ?? 0;
}
