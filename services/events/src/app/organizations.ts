/** Organizations as events knows them (organizations.v1 projection): lookup and the reference events carry. */
import type { ServiceContext } from '@regatta/runtime';
import { problem } from '@regatta/http';
import { findOrganization } from '../store/projections/organizations.js';
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
