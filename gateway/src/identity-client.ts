/**
 * The gateway's calls to identity's internal endpoints. Each carries an anonymous assertion (every
 * service demands one) plus the internal token: a JWT signed with the assertion secret for the
 * audience "regatta-identity-internal", which only the gateway can mint. Secrets never travel:
 * keys and embed tokens are sent as their SHA-256, sessions as the id inside the verified cookie.
 */
import jwt from 'jsonwebtoken';
import { ASSERTION_HEADER, HttpProblem, signAssertion, type OrganizationRole, type Scope, hmacKey } from '@regatta/http';

export const INTERNAL_TOKEN_HEADER = 'x-gateway-internal-token';

export type Resolved =
  | { type: 'key'; keyId: string; userId: string; scopes: Scope[]; rateLimit: number; expiresAt: string | null; roles: Record<string, OrganizationRole> }
  | { type: 'session'; sessionId: string; userId: string; expiresAt: string; roles: Record<string, OrganizationRole> }
  | { type: 'embed'; embedTokenId: string; organizationId: string; allowedOrigins: string[] };

export type ResolveRequest = { type: 'key'; hash: string } | { type: 'embed'; hash: string } | { type: 'session'; id: string };

export interface IdentityClient {
  resolve(request: ResolveRequest, requestId?: string): Promise<Resolved | undefined>;
  freshRoles(userId: string, awaitOrganization?: string): Promise<{ roles: Record<string, OrganizationRole>; projected: boolean }>;
  reportLastUsed(body: { keys: Array<{ id: string; at: string }>; embedTokens: Array<{ id: string; at: string }> }): Promise<void>;
}

export function createIdentityClient(settings: { baseUrl: string; assertionSecret: string; timeoutMs: number }): IdentityClient {
  let headers: { value: Record<string, string>; until: number } | undefined;
  const authHeaders = () => {
    if (!headers || headers.until < Date.now()) {
      headers = {
        until: Date.now() + 30_000,
        value: {
          [ASSERTION_HEADER]: signAssertion({ scopes: [], roles: {}, via: 'anonymous' }, settings.assertionSecret),
          [INTERNAL_TOKEN_HEADER]: jwt.sign({}, hmacKey(settings.assertionSecret), {
            algorithm: 'HS256',
            issuer: 'regatta-gateway',
            audience: 'regatta-identity-internal',
            expiresIn: 60,
          }),
        },
      };
    }
    return headers.value;
  };

  async function call(method: string, path: string, body?: unknown, requestId?: string, timeoutMs = settings.timeoutMs): Promise<Response> {
    try {
      return await fetch(new URL(path, settings.baseUrl), {
        method,
        headers: {
          ...authHeaders(),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(requestId ? { 'x-request-id': requestId } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new HttpProblem(503, 'identity_unavailable', 'Credentials cannot be checked right now; try again shortly.', { headers: { 'Retry-After': '2' } });
    }
  }

  return {
    async resolve(request, requestId) {
      const response = await call('POST', '/internal/v1/resolve', request, requestId);
      if (response.status === 404) {
        await response.arrayBuffer();
        return undefined;
      }
      if (!response.ok) {
        await response.arrayBuffer();
        throw new HttpProblem(503, 'identity_unavailable', 'Credentials cannot be checked right now; try again shortly.', { headers: { 'Retry-After': '2' } });
      }
      return (await response.json()) as Resolved;
    },
    async freshRoles(userId, awaitOrganization) {
      const query = awaitOrganization ? `?awaitOrganization=${encodeURIComponent(awaitOrganization)}` : '';
      const response = await call('GET', `/internal/v1/users/${encodeURIComponent(userId)}/roles${query}`, undefined, undefined, 5_000);
      if (!response.ok) throw new Error(`identity answered ${response.status} for fresh roles`);
      return (await response.json()) as { roles: Record<string, OrganizationRole>; projected: boolean };
    },
    async reportLastUsed(body) {
      const response = await call('POST', '/internal/v1/last-used', body);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`identity answered ${response.status} for last-used`);
    },
  };
}
