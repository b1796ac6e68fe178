/**
 * Changes an organization's profile (its admins only; the slug stays). Only a real change is saved
 * and published as organization.updated, naming the changed fields.
 */
import { withTransaction } from '@regatta/db';
import { canSeeOrganization, notFound, problem } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { ProjectedEvent } from '../domain/calendar.js';
import { applyChanges, type Organization, type OrganizationChanges } from '../domain/organization.js';
import { findOrganizationBySlug, updateOrganization as saveOrganization } from '../store/organizations.js';
import { publicEventsOf } from '../store/projections/events.js';
import { organizationUpdated } from '../facts/organizations.js';
import type { Viewer } from './viewer.js';

/**
 * `readChanges` is called only once the caller is known to be an admin: others are refused (403)
 * whatever the body holds. `slug` is undefined when the path cannot be a slug (404).
 */
export async function updateOrganization(
  context: ServiceContext,
  viewer: Viewer,
  request: { slug: string | undefined; requestId: string | undefined },
  readChanges: () => OrganizationChanges,
): Promise<{ organization: Organization; events: ProjectedEvent[] }> {
  const { pool } = context;
  const found = request.slug ? await findOrganizationBySlug(pool, request.slug) : undefined;
  if (!found || !canSeeOrganization(viewer, found.id)) throw notFound('Organization');
  if (viewer.roles[found.id] !== 'admin') {
    throw problem('organization_admin_required', 'Only administrators of this organization may change it.', { extensions: { organizationId: found.id } });
  }
  const changes = readChanges();
  const organization = await withTransaction(pool, async (client) => {
    const current = await findOrganizationBySlug(client, found.slug, { forUpdate: true });
    if (!current) throw notFound('Organization');
    const { next, changed } = applyChanges(current, changes);
    if (changed.length === 0) return current;
    const saved = await saveOrganization(client, next);
    await context.publish(client, organizationUpdated(saved, changed, request.requestId));
    return saved;
  });
  return { organization, events: await publicEventsOf(pool, organization.id) };
}
