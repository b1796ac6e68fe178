/** Memberships: who belongs to which organization, and in what role (this service's own table). */
import type { Queryable } from '@regatta/db';
import type { MemberRole } from '@regatta/contracts';

export interface MembershipRow {
  organization_id: string;
  user_id: string;
  role: MemberRole;
  granted_at: Date;
}

export async function rolesOf(db: Queryable, userId: string): Promise<Record<string, MemberRole>> {
  const result = await db.query<{ organization_id: string; role: MemberRole }>(
    `SELECT organization_id, role FROM memberships WHERE user_id = $1`,
    [userId],
  );
  return Object.fromEntries(result.rows.map((row) => [row.organization_id, row.role]));
}

export async function roleIn(db: Queryable, organizationId: string, userId: string): Promise<MemberRole | undefined> {
  const result = await db.query<{ role: MemberRole }>(`SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2`, [
    organizationId,
    userId,
  ]);
  return result.rows[0]?.role;
}

export interface MembershipDetail {
  organization_id: string;
  slug: string | null;
  name: string | null;
  role: MemberRole;
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
  role: MemberRole;
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
  membership: { organizationId: string; userId: string; role: MemberRole; grantedBy: string | null },
): Promise<{ previous: MemberRole | undefined; row: MembershipRow }> {
  const previous = await db.query<{ role: MemberRole }>(
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

export async function deleteMembership(db: Queryable, organizationId: string, userId: string): Promise<MemberRole | undefined> {
  const result = await db.query<{ role: MemberRole }>(
    `DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2 RETURNING role`,
    [organizationId, userId],
  );
  return result.rows[0]?.role;
}

/**
 * Locks the organization's admin memberships for the rest of the transaction and returns their user
 * ids. Two demotions (or a demotion and a removal) of different admins are serialized by it: the
 * second re-reads the rows after the first commits, so it counts the admins that are left.
 */
export async function lockAdmins(db: Queryable, organizationId: string): Promise<string[]> {
  const result = await db.query<{ user_id: string }>(
    `SELECT user_id FROM memberships WHERE organization_id = $1 AND role = 'admin' ORDER BY user_id FOR UPDATE`,
    [organizationId],
  );
  return result.rows.map((row) => row.user_id);
}

/** Sets an existing member's role (granted_at moves only when it changes); undefined when the person is not a member. */
export async function setMemberRole(
  db: Queryable,
  membership: { organizationId: string; userId: string; role: MemberRole; grantedBy: string },
): Promise<{ previous: MemberRole; row: MembershipRow } | undefined> {
  const previous = await db.query<{ role: MemberRole }>(
    `SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2 FOR UPDATE`,
    [membership.organizationId, membership.userId],
  );
  const before = previous.rows[0]?.role;
  if (!before) return undefined;
  const result = await db.query<MembershipRow>(
    `UPDATE memberships SET role = $3,
       granted_by = CASE WHEN role = $3 THEN granted_by ELSE $4 END,
       granted_at = CASE WHEN role = $3 THEN granted_at ELSE now() END
     WHERE organization_id = $1 AND user_id = $2
     RETURNING organization_id, user_id, role, granted_at`,
    [membership.organizationId, membership.userId, membership.role, membership.grantedBy],
  );
  return { previous: before, row: result.rows[0]! };
}
