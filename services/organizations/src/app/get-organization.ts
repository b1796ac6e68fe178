/** One organization with its public regattas; unknown and not-visible ones are both 404. */
import { canSeeOrganization, notFound } from '@regatta/http';
import type { ServiceContext } from '@regatta/runtime';
import type { ProjectedEvent } from '../domain/calendar.js';
import type { Organization } from '../domain/organization.js';
import { findOrganizationBySlug } from '../store/organizations.js';
import { publicEventsOf } from '../store/projections/events.js';
import type { Viewer } from './viewer.js';

/** `slug` is undefined when the path cannot be a slug: 404 without a query. */
export async function getOrganization(
  context: ServiceContext,
  viewer: Viewer,
  slug: string | undefined,
): Promise<{ organization: Organization; events: ProjectedEvent[] }> {
  const organization = slug ? await findOrganizationBySlug(context.pool, slug) : undefined;
  if (!organization || !canSeeOrganization(viewer, organization.id)) throw notFound('Organization');
  return { organization, events: await publicEventsOf(context.pool, organization.id) };
}
