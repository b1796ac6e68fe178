/** The user and membership shapes of the auth routes, as the OpenAPI document states them. */
import type { MembershipDetail, UserRow } from '../app/records.js';
import { iso } from './format.js';

export const userView = (user: UserRow) => ({ id: user.id, email: user.email, name: user.name, createdAt: user.created_at.toISOString() });

export const membershipView = (row: MembershipDetail) => ({
  organizationId: row.organization_id,
  slug: row.slug,
  name: row.name,
  role: row.role,
  grantedAt: iso(row.granted_at),
});
