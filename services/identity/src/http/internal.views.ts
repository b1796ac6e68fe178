/** What the gateway reads from a credential lookup (its identity client parses exactly these fields). */
import type { ResolvedCredential } from '../app/resolve-credential.js';

export function credentialView(credential: ResolvedCredential) {
  if (credential.type === 'key') {
    const { key, roles } = credential;
    return {
      type: 'key',
      keyId: key.id,
      userId: key.user_id,
      scopes: key.scopes,
      rateLimit: key.rate_limit,
      expiresAt: key.expires_at?.toISOString() ?? null,
      roles,
    };
  }
  if (credential.type === 'session') {
    const { session, roles } = credential;
    return { type: 'session', sessionId: session.id, userId: session.user_id, expiresAt: session.expires_at.toISOString(), roles };
  }
  const { token } = credential;
  return { type: 'embed', embedTokenId: token.id, organizationId: token.organization_id, allowedOrigins: token.allowed_origins };
}
