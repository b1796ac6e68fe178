/**
 * The organization of a rankings route and the refusals of the access rules (domain/rankings/lists.ts):
 * an unknown organization or list is 404 (a members-only list is 404 to others too: it is not
 * theirs to know of); managing needs membership (403 `not_a_member`).
 */
import { notFound, problem, type Identity } from '@regatta/http';
import type { Queryable } from '@regatta/db';
import { mayReadList, roleIn, type OrganizationAccess, type RankingList } from '../domain/rankings/lists.js';
import { organizationBySlug, type OrganizationRow } from '../store/projections/organizations.js';
import { findList } from '../store/rankings.js';

export interface RankingOrganization extends OrganizationAccess {
  slug: string;
  name: string;
}

const accessOf = (row: OrganizationRow): RankingOrganization => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  createdBy: row.created_by,
  creatorRevoked: row.creator_revoked,
});

export async function organizationOf(db: Queryable, slug: string | undefined): Promise<RankingOrganization> {
  const row = slug ? await organizationBySlug(db, slug) : undefined;
  if (!row) throw notFound(`Organization ${slug ?? ''}`.trim());
  return accessOf(row);
}

export function isMember(identity: Identity, org: RankingOrganization): boolean {
  return roleIn(identity, org) !== undefined;
}

/** 403 `not_a_member` naming the organization, unless the caller belongs to it. */
export function requireMember(identity: Identity, org: RankingOrganization): void {
  if (!isMember(identity, org))
    throw problem('not_a_member', `Managing rankings needs membership of the organization ${org.name} (${org.slug}).`, {
      extensions: { organization: { id: org.id, slug: org.slug, name: org.name } },
    });
}

export async function readableList(db: Queryable, identity: Identity, org: RankingOrganization, listId: string | undefined): Promise<RankingList> {
  const list = listId ? await findList(db, org.id, listId) : undefined;
  if (!list || !mayReadList(identity, org, list)) throw notFound(`Ranking list ${listId ?? ''}`.trim());
  return list;
}

/** A list the caller may manage: 404 when they could not see it, then 403 when not a member. */
export async function manageableList(db: Queryable, identity: Identity, org: RankingOrganization, listId: string | undefined, forUpdate = false): Promise<RankingList> {
  await readableList(db, identity, org, listId);
  requireMember(identity, org);
  return (await findList(db, org.id, listId!, forUpdate))!;
}
