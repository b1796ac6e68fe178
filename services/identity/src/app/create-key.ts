/** A new API key: shown in full once (the secret is returned here and never stored), kept as SHA-256. */
import { randomUUID } from 'node:crypto';
import type { Scope } from '@regatta/contracts';
import { generateApiKey } from '../domain/secrets.js';
import { insertApiKey, type ApiKeyRow } from '../store/keys.js';
import type { IdentityContext } from './resources.js';

export interface CreateKeyInput {
  name: string;
  scopes: Scope[];
  expiresInDays?: number | undefined;
}

export async function createKey(context: IdentityContext, userId: string, input: CreateKeyInput): Promise<{ key: ApiKeyRow; secret: string }> {
  const generated = generateApiKey();
  const key = await insertApiKey(context.pool, {
    id: randomUUID(),
    userId,
    name: input.name,
    prefix: generated.prefix,
    hash: generated.hash,
    scopes: input.scopes,
    // Stored per key at creation, so a later change of the default leaves existing keys alone.
    rateLimit: context.config.RATE_LIMIT_DEFAULT,
    expiresAt: input.expiresInDays === undefined ? null : new Date(Date.now() + input.expiresInDays * 86_400_000),
  });
  return { key, secret: generated.secret };
}
