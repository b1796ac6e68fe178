/**
 * What the notifications service asks of identity when it sends: people's names and addresses (for
 * that send only; they are never published in a fact) and the token of an account link that is still
 * usable.
 */
import { linkToken } from '../domain/account-links.js';
import { contactsOf, findUsableLink } from '../store/account-links.js';
import type { IdentityContext } from './resources.js';

export function contacts(context: IdentityContext, userIds: readonly string[]) {
  return contactsOf(context.pool, userIds);
}

/** The token of a usable link; undefined when it was used, expired or never existed. */
export async function accountLinkToken(context: IdentityContext, linkKey: string, id: string): Promise<string | undefined> {
  const link = await findUsableLink(context.pool, id);
  return link ? linkToken(linkKey, link.purpose, link.id) : undefined;
}
