/**
 * Reads the credential a request presents, without any I/O. Precedence: an Authorization header
 * (bearer API key, or a committee device's token) wins over the session cookie, which wins over an
 * embed token. A malformed
 * credential is a refusal (401), never silently ignored.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import jwt from 'jsonwebtoken';
import { hmacKey } from '@regatta/http';
import { headerText } from './door-prelude.js';

export const SESSION_COOKIE = 'regatta_session';
export const EMBED_HEADER = 'x-embed-token';
export const EMBED_QUERY = 'embed_token';
const SESSION_ISSUER = 'regatta-identity';
const SESSION_AUDIENCE = 'regatta-web';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
export const API_KEY_PATTERN = new RegExp(`^rgt_${BASE58}{30,60}$`);
export const EMBED_TOKEN_PATTERN = new RegExp(`^rgt_embed_${BASE58}{30,60}$`);
/** A committee device's token (race capture): checked by race-capture itself, never looked up here. */
export const DEVICE_TOKEN_PATTERN = new RegExp(`^rgd_${BASE58}{40}$`);

export type PresentedCredential =
  | { kind: 'none' }
  | { kind: 'malformed'; detail: string }
  | { kind: 'key'; hash: string }
  | { kind: 'session'; sessionId: string; userId: string }
  | { kind: 'embed'; hash: string }
  | { kind: 'device'; hash: string };

/** What presentedCredential reads: header values by (any-case) name, and the parsed query string. */
export interface CredentialSource {
  header(name: string): string | undefined;
  readonly query?: Record<string, unknown> | undefined;
}

/**
 * A request's credential-bearing parts, read as express reads them (header by lower-case name; the
 * query parsed by node:querystring, express's "simple" parser, only when asked for).
 */
export function credentialSource(req: IncomingMessage): CredentialSource {
  return {
    header(name) {
      return headerText(req.headers[name.toLowerCase()]);
    },
    get query() {
      const url = req.url ?? '';
      const at = url.indexOf('?');
      return at < 0 ? {} : parseQuery(url.slice(at + 1));
    },
  };
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function verifySessionJwt(token: string, secret: string): { sessionId: string; userId: string } | undefined {
  try {
    const payload = jwt.verify(token, hmacKey(secret), { algorithms: ['HS256'], issuer: SESSION_ISSUER, audience: SESSION_AUDIENCE });
    if (typeof payload !== 'object' || typeof payload['sid'] !== 'string' || typeof payload.sub !== 'string') return undefined;
    return { sessionId: payload['sid'], userId: payload.sub };
  } catch {
    return undefined;
  }
}

export function embedTokenOf(req: CredentialSource): string | undefined {
  const header = req.header(EMBED_HEADER);
  if (header !== undefined) return header.trim();
  const query = req.query?.[EMBED_QUERY];
  return typeof query === 'string' ? query : undefined;
}

export function presentedCredential(req: CredentialSource, sessionSecret: string): PresentedCredential {
  const authorization = req.header('authorization');
  if (authorization !== undefined) {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    if (!match) return { kind: 'malformed', detail: 'The Authorization header must be "Bearer <API key>".' };
    const key = match[1]!;
    if (DEVICE_TOKEN_PATTERN.test(key)) return { kind: 'device', hash: sha256Hex(key) };
    if (!API_KEY_PATTERN.test(key)) return { kind: 'malformed', detail: 'The bearer token is not a well-formed API key.' };
    return { kind: 'key', hash: sha256Hex(key) };
  }
  const cookie = cookieValue(req.header('cookie'), SESSION_COOKIE);
  if (cookie !== undefined && cookie !== '') {
    const claims = verifySessionJwt(cookie, sessionSecret);
    if (!claims) return { kind: 'malformed', detail: 'The session cookie is not valid; sign in again.' };
    return { kind: 'session', ...claims };
  }
  const embed = embedTokenOf(req);
  if (embed !== undefined) {
    if (!EMBED_TOKEN_PATTERN.test(embed)) return { kind: 'malformed', detail: 'The embed token is not well formed.' };
    return { kind: 'embed', hash: sha256Hex(embed) };
  }
  return { kind: 'none' };
}
