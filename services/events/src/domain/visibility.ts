/**
 * Who counts as a member or admin of an organization here (which events a caller sees is the
 * platform's one rule, canSeeEvent of @regatta/http, given this role):
 * - organization roles come from the gateway's identity assertion;
 * - the creator of an organization (from organization.created) counts as its admin until identity
 *   says their membership was revoked, so a request right after creating an organization is not
 *   refused for a role the assertion could not carry yet;
 * - embed tokens and anonymous callers have no role anywhere.
 */
import type { MemberRole } from '@regatta/contracts';

export type Role = MemberRole;

/** The caller as far as these rules need it (the gateway's identity assertion, decoded). */
export interface Caller {
  // A committee device (race capture) reaches no operation of this service; it would see what anyone sees.
  via: 'key' | 'session' | 'embed' | 'device' | 'anonymous';
  userId?: string | undefined;
  roles: Readonly<Record<string, Role>>;
  embedOrganizationId?: string | undefined;
}

/** An organization as the events service knows it (from the organizations.v1 projection). */
export interface OrgAccess {
  id: string;
  slug?: string | null;
  name?: string | null;
  createdBy?: string | null;
  creatorRevoked?: boolean;
}

export function roleIn(caller: Caller, org: OrgAccess): Role | undefined {
  if (caller.via === 'embed' || caller.via === 'anonymous') return undefined;
  const role = caller.roles[org.id];
  if (role) return role;
  if (caller.userId && org.createdBy && org.createdBy === caller.userId && !org.creatorRevoked) return 'admin';
  return undefined;
}

/** The organization an embed token is bound to, or a nil id matching nothing (lists filter by it). */
export const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';

export function embedScope(caller: Caller): string | undefined {
  return caller.via === 'embed' ? (caller.embedOrganizationId ?? NO_ORGANIZATION) : undefined;
}
