/** API key and session scopes (the contract's "Scopes" table), in the order the contract lists them. */
export const SCOPES = ['read', 'write', 'register', 'results', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * A member's role in an organization. Every role is membership (what the contract asks of
 * "organization membership"); only `admin` administers the organization. `race-officer` and
 * `scorer` also record on the water (race capture: signals, finishes, committee devices).
 */
export const MEMBER_ROLES = ['admin', 'member', 'race-officer', 'scorer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The roles that may record on the water for their organization's regattas and enrol committee devices. */
export const CAPTURE_ROLES = ['admin', 'race-officer', 'scorer'] as const satisfies readonly MemberRole[];

export const ORGANIZATION_TYPES = ['yacht-club', 'sailing-club', 'race-committee', 'association'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
