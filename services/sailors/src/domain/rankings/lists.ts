/** A ranking list as the sailors service keeps it, and who may read or manage it (pure). */
import type { MemberRole } from '@regatta/contracts';
import type { RankingFilters } from './filters.js';
import type { RankingFormula } from './formula.js';

export const VISIBILITIES = ['public', 'members'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export interface RankingList {
  id: string;
  organizationId: string;
  name: string;
  formula: RankingFormula;
  filters: RankingFilters;
  defaultFactor: number;
  visibility: Visibility;
  createdAt: Date;
  updatedAt: Date;
}

/** A member's role (the vocabulary's). */
export type OrganizationRole = MemberRole;

/** The caller as the rules need it (the gateway's identity assertion). */
export interface Caller {
  // A committee device (race capture) reaches no operation of this service; it would see what anyone sees.
  via: 'key' | 'session' | 'embed' | 'device' | 'anonymous';
  userId?: string | undefined;
  roles: Readonly<Record<string, OrganizationRole>>;
}

export interface OrganizationAccess {
  id: string;
  createdBy: string | null;
  creatorRevoked: boolean;
}

/**
 * The caller's role in the organization: from the assertion; the organization's creator counts as
 * admin until identity says their membership was revoked (a request right after creating the
 * organization is not refused for a role the assertion could not carry yet). Embed tokens and
 * anonymous callers have no role.
 */
export function roleIn(caller: Caller, org: OrganizationAccess): OrganizationRole | undefined {
  if (caller.via === 'embed' || caller.via === 'anonymous') return undefined;
  const role = caller.roles[org.id];
  if (role) return role;
  if (caller.userId && org.createdBy === caller.userId && !org.creatorRevoked) return 'admin';
  return undefined;
}

/** Public lists: anyone with the read scope (checked by the gateway); members lists: members only. */
export function mayReadList(caller: Caller, org: OrganizationAccess, list: { visibility: Visibility }): boolean {
  return list.visibility === 'public' || roleIn(caller, org) !== undefined;
}
