/**
 * The gateway's credential lookup: a key or embed token by the SHA-256 of its secret, a session by
 * its id; keys and sessions come with the user's roles. Unknown (or revoked) is 404.
 */
import { notFound } from '@regatta/http';
import type { MemberRole } from '@regatta/contracts';
import { findActiveEmbedTokenByHash, type EmbedTokenRow } from '../store/embed-tokens.js';
import { findKeyByHash, type ApiKeyRow } from '../store/keys.js';
import { rolesOf } from '../store/memberships.js';
import { findLiveSession, type SessionRow } from '../store/sessions.js';
import type { IdentityContext } from './resources.js';

export type CredentialQuery = { type: 'key'; hash: string } | { type: 'embed'; hash: string } | { type: 'session'; id: string };

export type ResolvedCredential =
  | { type: 'key'; key: ApiKeyRow; roles: Record<string, MemberRole> }
  | { type: 'session'; session: SessionRow; roles: Record<string, MemberRole> }
  | { type: 'embed'; token: EmbedTokenRow };

export async function resolveCredential(context: IdentityContext, query: CredentialQuery): Promise<ResolvedCredential> {
  const { pool } = context;
  if (query.type === 'key') {
    const key = await findKeyByHash(pool, query.hash);
    if (!key) throw notFound('The credential');
    return { type: 'key', key, roles: await rolesOf(pool, key.user_id) };
  }
  if (query.type === 'session') {
    const session = await findLiveSession(pool, query.id);
    if (!session) throw notFound('The credential');
    return { type: 'session', session, roles: await rolesOf(pool, session.user_id) };
  }
  const token = await findActiveEmbedTokenByHash(pool, query.hash);
  if (!token) throw notFound('The credential');
  return { type: 'embed', token };
}
