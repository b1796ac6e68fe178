/** The records use cases return; the routes' views map them to the documented shapes. */
export type { ApiKeyRow } from '../store/keys.js';
export type { EmbedTokenRow } from '../store/embed-tokens.js';
export type { MemberDetail, MembershipDetail } from '../store/memberships.js';
export type { UserRow } from '../store/users.js';
