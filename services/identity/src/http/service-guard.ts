/**
 * The notifications service's token on the contact routes (/internal/v1/contacts and account-link
 * tokens): a JWT signed with the assertion secret, issuer "regatta-notifications", audience
 * "regatta-identity-contacts". No client can mint it and the gateway never forwards /internal.
 */
import { serviceTokenOnly } from '@regatta/http';

export function notificationsOnly(assertionSecret: string) {
  return serviceTokenOnly(assertionSecret, { issuer: 'regatta-notifications', audience: 'regatta-identity-contacts' }, 'This endpoint is for the notifications service only.');
}
