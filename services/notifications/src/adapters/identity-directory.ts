/**
 * Addresses from identity, looked up for each send (POST /internal/v1/contacts) and kept in memory
 * for that send only. Each call carries an anonymous identity assertion (every service demands one)
 * and the notifications service's own token: a JWT signed with the assertion secret, issuer
 * "regatta-notifications", audience "regatta-identity-contacts", which identity's contacts routes
 * alone accept and the gateway never forwards.
 */
import type { Contact, ContactDirectory } from '../app/resources.js';
import { internalCaller, lookUpInChunks } from './internal-call.js';

export function createIdentityDirectory(settings: { baseUrl: string; assertionSecret: string; timeoutMs: number }): ContactDirectory {
  const call = internalCaller({ ...settings, service: 'identity', audience: 'regatta-identity-contacts' });

  return {
    contacts: (userIds) =>
      lookUpInChunks(userIds, async (chunk) => (await call<{ data: Contact[] }>('POST', '/internal/v1/contacts', { userIds: chunk })).body?.data ?? [], (contact) => contact.userId),
    async accountLinkToken(linkId) {
      const { body } = await call<{ token: string }>('GET', `/internal/v1/account-links/${encodeURIComponent(linkId)}/token`);
      return body?.token;
    },
  };
}
