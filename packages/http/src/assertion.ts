/**
 * The gateway's short-lived signed identity assertion. Services trust this and nothing else; they never
 * see raw API keys or cookies.
 */
import jwt from 'jsonwebtoken';
import { MEMBER_ROLES, SCOPES, type MemberRole, type Scope } from '@regatta/contracts/vocabulary';
import { hmacKey } from './hmac-key.js';

export { MEMBER_ROLES, SCOPES, type Scope };

export const ASSERTION_HEADER = 'x-identity-assertion';
const ISSUER = 'regatta-gateway';
const AUDIENCE = 'regatta-services';
const ALGORITHM = 'HS256' as const;
const LIFETIME_SECONDS = 60;

/** A member's role in an organization (the vocabulary's MemberRole). */
export type OrganizationRole = MemberRole;
export type CredentialKind = 'key' | 'session' | 'embed' | 'device' | 'anonymous';

export interface Identity {
  /** The user behind the request (absent for embed tokens and anonymous calls). */
  userId?: string;
  /** The API key id when the request came with a bearer key. */
  keyId?: string;
  /** The server-side session id when the request came with a session cookie. */
  sessionId?: string;
  /** The embed token id when a widget called. */
  embedTokenId?: string;
  /** For embed tokens: the only organization whose public data may be read. */
  embedOrganizationId?: string;
  /**
   * For an enrolled committee device: the SHA-256 (hex) of its token. The gateway does not look it
   * up; race-capture, whose operations alone accept device tokens, checks it against its devices
   * (regatta, validity window, revocation) on every request.
   */
  deviceTokenHash?: string;
  scopes: Scope[];
  /** organizationId -> role of the user there. */
  roles: Record<string, OrganizationRole>;
  via: CredentialKind;
}

interface AssertionClaims {
  sub?: string;
  kid?: string;
  sid?: string;
  etk?: string;
  org?: string;
  dvh?: string;
  scopes: Scope[];
  roles: Record<string, OrganizationRole>;
  via: CredentialKind;
}

export function signAssertion(identity: Identity, secret: string): string {
  const claims: AssertionClaims = { scopes: identity.scopes, roles: identity.roles, via: identity.via };
  if (identity.keyId) claims.kid = identity.keyId;
  if (identity.sessionId) claims.sid = identity.sessionId;
  if (identity.embedTokenId) claims.etk = identity.embedTokenId;
  if (identity.embedOrganizationId) claims.org = identity.embedOrganizationId;
  if (identity.deviceTokenHash) claims.dvh = identity.deviceTokenHash;
  return jwt.sign(claims, hmacKey(secret), {
    algorithm: ALGORITHM,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: LIFETIME_SECONDS,
    ...(identity.userId ? { subject: identity.userId } : {}),
  });
}

/**
 * Verified assertions by token, kept until their own expiry: the gateway reuses one assertion for
 * many requests (the anonymous one of the public pages, for instance), and verifying the same bytes
 * again gives the same answer until `exp`. A CPU profile of public-results showed JWT verification
 * at about 10 % of busy time. Bounded; only valid tokens are kept.
 */
const verifiedBySecret = new Map<string, Map<string, { identity: Identity; expiresAt: number }>>();
const VERIFIED_MAX = 2_000;

/** Returns the identity, or undefined when the token is missing, forged, expired or malformed. */
export function verifyAssertion(token: string | undefined, secret: string): Identity | undefined {
  if (!token) return undefined;
  let verified = verifiedBySecret.get(secret);
  if (!verified) verifiedBySecret.set(secret, (verified = new Map()));
  const key = token;
  const hit = verified.get(key);
  if (hit) {
    if (hit.expiresAt > Date.now()) return hit.identity;
    verified.delete(key);
  }
  const identity = verifyUncached(token, secret);
  if (identity) {
    const exp = (jwt.decode(token) as jwt.JwtPayload | null)?.exp;
    if (typeof exp === 'number') {
      if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
      verified.set(key, { identity, expiresAt: exp * 1000 });
    }
  }
  return identity;
}

function verifyUncached(token: string, secret: string): Identity | undefined {
  try {
    const claims = jwt.verify(token, hmacKey(secret), { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE }) as jwt.JwtPayload &
      Partial<AssertionClaims>;
    if (!Array.isArray(claims.scopes) || typeof claims.roles !== 'object' || claims.roles === null || !claims.via) return undefined;
    const identity: Identity = { scopes: claims.scopes, roles: claims.roles, via: claims.via };
    if (typeof claims.sub === 'string') identity.userId = claims.sub;
    if (typeof claims.kid === 'string') identity.keyId = claims.kid;
    if (typeof claims.sid === 'string') identity.sessionId = claims.sid;
    if (typeof claims.etk === 'string') identity.embedTokenId = claims.etk;
    if (typeof claims.org === 'string') identity.embedOrganizationId = claims.org;
    if (typeof claims.dvh === 'string') identity.deviceTokenHash = claims.dvh;
    return identity;
  } catch {
    return undefined;
  }
}
