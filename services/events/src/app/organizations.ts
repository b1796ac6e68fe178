/** Organizations as events knows them (organizations.v1 projection): lookup and the reference events carry. */
import type { ServiceContext } from '@regatta/runtime';
import { notFound, problem, type Identity } from '@regatta/http';
import { findOrganization, unseenOrganizationIds } from '../store/projections/organizations.js';
import type { OrganizationRow } from '../store/rows.js';
import { awaitProjected } from './projection-wait.js';

export interface OrgRef {
  id: string;
  name: string;
  slug: string;
}

/** The organization of an event row (joined from the projection; empty strings before it arrived). */
export function orgRef(row: { organization_id: string; org_slug: string | null; org_name: string | null }): OrgRef {
  return { id: row.organization_id, name: row.org_name ?? '', slug: row.org_slug ?? '' };
}

export function orgRefOf(org: OrganizationRow): OrgRef {
  return { id: org.id, name: org.name, slug: org.slug };
}

/** The organization a body names (slug or id), waiting for a just-created one; 400 unknown_organization. */
export async function namedOrganization(context: ServiceContext, ref: string): Promise<OrganizationRow> {
  const org = await awaitProjected(context, 'organization', () => findOrganization(context.pool, ref));
  if (!org) throw problem('unknown_organization', `No organization ${ref} is known.`, { errors: [{ field: 'organization', message: 'no such organization' }] });
  return org;
}

/**
 * The organization a path names (slug or id), or 404. An unknown one is waited for (bounded) only when
 * the caller holds a role in an organization this service has not seen yet: one created a moment ago,
 * whose fact is still on its way. Anyone else gets the 404 at once.
 */
export async function pathOrganization(context: ServiceContext, identity: Identity, ref: string): Promise<OrganizationRow> {
  let org = await findOrganization(context.pool, ref);
  if (!org && (await unseenOrganizationIds(context.pool, Object.keys(identity.roles))).length > 0)
    org = await awaitProjected(context, 'organization', () => findOrganization(context.pool, ref));
  if (!org) throw notFound(`Organization ${ref}`);
  return org;
}
