/** The caller's own keys that are not revoked, newest first. */
import { listActiveKeys, type ApiKeyRow } from '../store/keys.js';
import type { IdentityContext } from './resources.js';

export async function listKeys(context: IdentityContext, userId: string): Promise<ApiKeyRow[]> {
  return listActiveKeys(context.pool, userId);
}
