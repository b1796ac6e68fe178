/** The organization directory with regatta counts; an embed token sees only its own organization. */
import type { OrganizationType } from '@regatta/contracts';
import type { ServiceContext } from '@regatta/runtime';
import type { OrganizationWithCounts } from '../domain/organization.js';
import { listOrganizations as listOrganizationRows } from '../store/organizations.js';
import type { Viewer } from './viewer.js';

/** Matches no organization: an embed token without an organization sees an empty list. */
const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';

export interface ListOrganizationsQuery {
  limit: number;
  offset: number;
  q?: string | undefined;
  query?: string | undefined;
  location?: string | undefined;
  type?: OrganizationType | undefined;
}

export async function listOrganizations(
  context: ServiceContext,
  viewer: Viewer,
  query: ListOrganizationsQuery,
): Promise<{ items: OrganizationWithCounts[]; count: number }> {
  const onlyId = viewer.via === 'embed' ? (viewer.embedOrganizationId ?? NO_ORGANIZATION) : undefined;
  return listOrganizationRows(context.pool, { ...query, onlyId }, new Date());
}
