/** Batched last-use times of keys and embed tokens, sent by the gateways; times never move backwards. */
import { touchEmbedTokens } from '../store/embed-tokens.js';
import { touchKeys } from '../store/keys.js';
import type { IdentityContext } from './resources.js';

export interface LastUses {
  keys: Array<{ id: string; at: Date }>;
  embedTokens: Array<{ id: string; at: Date }>;
}

export async function recordLastUse(context: IdentityContext, uses: LastUses): Promise<void> {
  await touchKeys(context.pool, uses.keys);
  await touchEmbedTokens(context.pool, uses.embedTokens);
}
