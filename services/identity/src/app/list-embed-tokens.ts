/** An organization's embed tokens, newest first: for its members only. */
import { listEmbedTokens as listEmbedTokenRows, type EmbedTokenRow } from '../store/embed-tokens.js';
import { requireMember } from './access.js';
import type { IdentityContext } from './resources.js';

export const EMBED_MEMBERS_ONLY = 'Embed tokens are managed by members of their organization.';

export async function listEmbedTokens(context: IdentityContext, organizationId: string, callerId: string): Promise<EmbedTokenRow[]> {
  await requireMember(context.pool, organizationId, callerId, EMBED_MEMBERS_ONLY);
  return listEmbedTokenRows(context.pool, organizationId);
}
