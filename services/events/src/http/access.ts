/**
 * Who may do what: organization roles come from the gateway's identity assertion; the creator of an
 * organization (from the organization.created fact) counts as its admin until identity says
 * otherwise, so a request right after creating an organization is not refused for a role the
 * assertion could not carry yet.
 */
import { forbidden, type Identity } from '@regatta/http';
import type { Role, Viewer } from '../domain/events.js';

export interface OrgAccess {
  id: string;
  slug?: string | null;
  name?: string | null;
  createdBy?: string | null;
  creatorRevoked?: boolean;
}

export function roleIn(identity: Identity, org: OrgAccess): Role | undefined {
  if (identity.via === 'embed' || identity.via === 'anonymous') return undefined;
  const role = identity.roles[org.id];
  if (role) return role;
  if (identity.userId && org.createdBy && org.createdBy === identity.userId && !org.creatorRevoked) return 'admin';
  return undefined;
}

export function viewerOf(identity: Identity, orgs: OrgAccess[] = []): Viewer {
  const byId = new Map(orgs.map((org) => [org.id, org]));
  return {
    roleIn: (organizationId) => roleIn(identity, byId.get(organizationId) ?? { id: organizationId }),
    embedOrganizationId: identity.via === 'embed' ? (identity.embedOrganizationId ?? '') : undefined,
  };
}

function orgLabel(org: OrgAccess): string {
  return org.name ? `${org.name} (${org.slug ?? org.id})` : org.id;
}

/** 403 `not_a_member` naming the organization, unless the caller belongs to it. */
export function requireMember(identity: Identity, org: OrgAccess): Role {
  const role = roleIn(identity, org);
  if (!role) {
    throw forbidden('not_a_member', `This needs membership of the organization ${orgLabel(org)}.`, {
      organization: { id: org.id, slug: org.slug ?? null, name: org.name ?? null },
    });
  }
  return role;
}

/** 403 `not_an_admin` naming the organization, unless the caller is one of its admins. */
export function requireAdmin(identity: Identity, org: OrgAccess): void {
  if (roleIn(identity, org) !== 'admin') {
    throw forbidden('not_an_admin', `This needs the admin role in the organization ${orgLabel(org)}.`, {
      organization: { id: org.id, slug: org.slug ?? null, name: org.name ?? null },
    });
  }
}

/** The acting user (API keys and sessions always have one). */
export function actingUser(identity: Identity): string {
  if (!identity.userId) throw forbidden('user_required', 'This needs a signed-in user or a user API key.');
  return identity.userId;
}
