/**
 * The refusals of the access rules (domain/visibility.ts): 403 naming the organization, and the
 * event a caller may see or write (404 when unknown or invisible, then 403).
 */
import { canSeeEvent, notFound, problem, type Identity } from '@regatta/http';
import type { Queryable } from '@regatta/db';
import { roleIn, type OrgAccess, type Role } from '../domain/visibility.js';
import { eventBySlug } from '../store/events.js';
import type { EventWithOrgRow, OrganizationRow } from '../store/rows.js';

export function orgAccessOfEvent(event: EventWithOrgRow): OrgAccess {
  return { id: event.organization_id, slug: event.org_slug, name: event.org_name, createdBy: event.org_created_by, creatorRevoked: event.org_creator_revoked };
}

export function orgAccessOf(org: OrganizationRow): OrgAccess {
  return { id: org.id, slug: org.slug, name: org.name, createdBy: org.created_by, creatorRevoked: org.creator_revoked };
}

function orgLabel(org: OrgAccess): string {
  return org.name ? `${org.name} (${org.slug ?? org.id})` : org.id;
}

function orgExtension(org: OrgAccess) {
  return { organization: { id: org.id, slug: org.slug ?? null, name: org.name ?? null } };
}

/** 403 `not_a_member` naming the organization, unless the caller belongs to it. */
export function requireMember(identity: Identity, org: OrgAccess): Role {
  const role = roleIn(identity, org);
  if (!role) throw problem('not_a_member', `This needs membership of the organization ${orgLabel(org)}.`, { extensions: orgExtension(org) });
  return role;
}

/** 403 `organization_admin_required` naming the organization, unless the caller is one of its admins. */
export function requireAdmin(identity: Identity, org: OrgAccess): void {
  if (roleIn(identity, org) !== 'admin')
    throw problem('organization_admin_required', `This needs the admin role in the organization ${orgLabel(org)}.`, { extensions: orgExtension(org) });
}

/** 403 `not_a_member` about an event's organization; `detail` words the refusal around the organization's name. */
export function notAMemberOfEvent(event: EventWithOrgRow, detail: (organization: string) => string) {
  return problem('not_a_member', detail(event.org_name ?? event.organization_id), {
    extensions: { organization: { id: event.organization_id, slug: event.org_slug, name: event.org_name } },
  });
}

/** The acting user (API keys and sessions always have one). */
export function actingUser(identity: Identity): string {
  if (!identity.userId) throw problem('user_required', 'This needs a signed-in user or a user API key.');
  return identity.userId;
}

export function isOrganizer(identity: Identity, event: EventWithOrgRow): boolean {
  return roleIn(identity, orgAccessOfEvent(event)) !== undefined;
}

export function mayRead(identity: Identity, event: EventWithOrgRow): boolean {
  const org = orgAccessOfEvent(event);
  return canSeeEvent(identity, { organizationId: event.organization_id, status: event.status }, () => roleIn(identity, org));
}

/** The event a caller may see, or 404 (unknown and invisible look the same). */
export async function visibleEvent(db: Queryable, slug: string, identity: Identity): Promise<EventWithOrgRow> {
  const event = await eventBySlug(db, slug);
  if (!event || !mayRead(identity, event)) throw notFound(`Event ${slug}`);
  return event;
}

/** The event, visible and writable by the caller (404, then 403 `not_a_member`). */
export async function writableEvent(db: Queryable, slug: string, identity: Identity): Promise<EventWithOrgRow> {
  const event = await visibleEvent(db, slug, identity);
  requireMember(identity, orgAccessOfEvent(event));
  return event;
}
