/**
 * Who may act on an organization, from this service's memberships and its organizations projection.
 * No wait for the projection here: the gateway relays a 201 from POST /organizations only after the
 * creator's membership (hence the projection) is in.
 */
import type { Queryable } from '@regatta/db';
import { notFound, problem } from '@regatta/http';
import { roleIn } from '../store/memberships.js';
import { findOrganizationBySlug, type OrganizationRow } from '../store/projections/organizations.js';

export async function organizationBySlug(db: Queryable, slug: string): Promise<OrganizationRow> {
  const found = await findOrganizationBySlug(db, slug);
  if (!found) throw notFound('The organization');
  return found;
}

export async function requireAdmin(db: Queryable, organizationId: string, userId: string, detail: string): Promise<void> {
  if ((await roleIn(db, organizationId, userId)) !== 'admin') {
    throw problem('organization_admin_required', detail, { extensions: { requiredRole: 'admin' } });
  }
}

export async function requireMember(db: Queryable, organizationId: string, userId: string, detail: string): Promise<void> {
  if (!(await roleIn(db, organizationId, userId))) {
    throw problem('organization_membership_required', detail, { extensions: { requiredRole: 'member' } });
  }
}
