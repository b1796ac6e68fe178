/**
 * The session cookie, HTTP's form of a session row. Its value is a JWT (HS256 pinned, issuer and
 * audience checked) that names the server-side session row. The row is the truth: logout deletes it and the gateway's cache entry is
 * dropped at once, so a stolen cookie dies with its session even before the JWT expires.
 */
import jwt from 'jsonwebtoken';
import { hmacKey } from '@regatta/http';

export const SESSION_COOKIE = 'regatta_session';
export const SESSION_ISSUER = 'regatta-identity';
export const SESSION_AUDIENCE = 'regatta-web';
const ALGORITHM = 'HS256' as const;

export interface SessionClaims {
  sessionId: string;
  userId: string;
}

export function signSessionToken(claims: SessionClaims, secret: string, lifetimeSeconds: number): string {
  return jwt.sign({ sid: claims.sessionId }, hmacKey(secret), {
    algorithm: ALGORITHM,
    issuer: SESSION_ISSUER,
    audience: SESSION_AUDIENCE,
    subject: claims.userId,
    expiresIn: lifetimeSeconds,
  });
}

export function verifySessionToken(token: string, secret: string): SessionClaims | undefined {
  try {
    const payload = jwt.verify(token, hmacKey(secret), { algorithms: [ALGORITHM], issuer: SESSION_ISSUER, audience: SESSION_AUDIENCE });
    if (typeof payload !== 'object' || typeof payload['sid'] !== 'string' || typeof payload.sub !== 'string') return undefined;
    return { sessionId: payload['sid'], userId: payload.sub };
  } catch {
    return undefined;
  }
}

export interface CookieOptions {
  secure: boolean;
  maxAgeSeconds: number;
}

/** HttpOnly, SameSite=Lax, Path=/, Secure outside development. */
export function sessionCookie(token: string, options: CookieOptions): string {
  const parts = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${options.maxAgeSeconds}`];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  const parts = [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}
