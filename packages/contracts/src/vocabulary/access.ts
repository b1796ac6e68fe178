/** API key and session scopes (the contract's "Scopes" table), in the order the contract lists them. */
export const SCOPES = ['read', 'write', 'register', 'results', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

/** A member's role in an organization. */
export const MEMBER_ROLES = ['admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const ORGANIZATION_TYPES = ['yacht-club', 'sailing-club', 'race-committee', 'association'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
