/**
 * Addresses from identity, looked up for each send (POST /internal/v1/contacts) and kept in memory
 * for that send only. Each call carries an anonymous identity assertion (every service demands one)
 * and the notifications service's own token: a JWT signed with the assertion secret, issuer
 * "regatta-notifications", audience "regatta-identity-contacts", which identity's contacts routes
 * alone accept and the gateway never forwards.
 */
import jwt from 'jsonwebtoken';
import { ASSERTION_HEADER, hmacKey, signAssertion } from '@regatta/http';
import type { Contact, ContactDirectory } from '../app/resources.js';

export const SERVICE_TOKEN_HEADER = 'x-service-token';
const LOOKUP_CHUNK = 500;

export function createIdentityDirectory(settings: { baseUrl: string; assertionSecret: string; timeoutMs: number }): ContactDirectory {
  let cached: { headers: Record<string, string>; until: number } | undefined;
  const headers = () => {
    if (!cached || cached.until < Date.now()) {
      cached = {
        until: Date.now() + 30_000,
        headers: {
          [ASSERTION_HEADER]: signAssertion({ scopes: [], roles: {}, via: 'anonymous' }, settings.assertionSecret),
          [SERVICE_TOKEN_HEADER]: jwt.sign({}, hmacKey(settings.assertionSecret), {
            algorithm: 'HS256',
            issuer: 'regatta-notifications',
            audience: 'regatta-identity-contacts',
            expiresIn: 60,
          }),
          'content-type': 'application/json',
        },
      };
    }
    return cached.headers;
  };

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T | undefined }> {
    const response = await fetch(new URL(path, settings.baseUrl), {
      method,
      headers: headers(),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (response.status === 404) return { status: 404, body: undefined };
    if (!response.ok) throw new Error(`identity answered ${response.status} to ${method} ${path}`);
    return { status: response.status, body: (await response.json()) as T };
  }

  return {
    async contacts(userIds) {
      const found = new Map<string, Contact>();
      for (let index = 0; index < userIds.length; index += LOOKUP_CHUNK) {
        const chunk = userIds.slice(index, index + LOOKUP_CHUNK);
        const { body } = await call<{ data: Contact[] }>('POST', '/internal/v1/contacts', { userIds: chunk });
        for (const contact of body?.data ?? []) found.set(contact.userId, contact);
      }
      return found;
    },
    async accountLinkToken(linkId) {
      const { body } = await call<{ token: string }>('GET', `/internal/v1/account-links/${encodeURIComponent(linkId)}/token`);
      return body?.token;
    },
  };
}
