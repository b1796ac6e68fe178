/** Deactivates an embed token (members of its organization only); gateways drop it at once. */
import { notFound } from '@regatta/http';
import { deactivateEmbedToken as deactivateEmbedTokenRow, findEmbedToken } from '../store/embed-tokens.js';
import { requireMember } from './access.js';
import { EMBED_MEMBERS_ONLY } from './list-embed-tokens.js';
import type { IdentityContext, IdentityResources, InvalidationTarget } from './resources.js';

/** `tokenId` is undefined when the given id cannot name a token (not a uuid): 404. */
export async function deactivateEmbedToken(
  context: IdentityContext,
  resources: IdentityResources,
  callerId: string,
  tokenId: string | undefined,
): Promise<InvalidationTarget[]> {
  const token = tokenId ? await findEmbedToken(context.pool, tokenId) : undefined;
  if (!token) throw notFound('The embed token');
  await requireMember(context.pool, token.organization_id, callerId, EMBED_MEMBERS_ONLY);
  await deactivateEmbedTokenRow(context.pool, token.id);
  const invalidated: InvalidationTarget[] = [`embed:${token.id}`];
  await resources.invalidator.publish(invalidated);
  return invalidated;
}
