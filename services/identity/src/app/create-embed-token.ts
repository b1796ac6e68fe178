/** A new embed token for an organization's widgets (members only); the secret is returned once. */
import { randomUUID } from 'node:crypto';
import { generateEmbedToken } from '../domain/secrets.js';
import { insertEmbedToken, type EmbedTokenRow } from '../store/embed-tokens.js';
import { requireMember } from './access.js';
import { EMBED_MEMBERS_ONLY } from './list-embed-tokens.js';
import type { IdentityContext } from './resources.js';

export interface CreateEmbedTokenInput {
  organizationId: string;
  name: string;
  allowedOrigins: string[];
}

export async function createEmbedToken(
  context: IdentityContext,
  callerId: string,
  input: CreateEmbedTokenInput,
): Promise<{ token: EmbedTokenRow; secret: string }> {
  await requireMember(context.pool, input.organizationId, callerId, EMBED_MEMBERS_ONLY);
  const generated = generateEmbedToken();
  const token = await insertEmbedToken(context.pool, {
    id: randomUUID(),
    organizationId: input.organizationId,
    name: input.name,
    allowedOrigins: [...new Set(input.allowedOrigins)],
    prefix: generated.prefix,
    hash: generated.hash,
    createdBy: callerId,
  });
  return { token, secret: generated.secret };
}
