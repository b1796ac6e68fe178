/** Revokes one of the caller's keys; unknown, foreign and already revoked keys are all 404. */
import { notFound } from '@regatta/http';
import { revokeKey as revokeKeyRow } from '../store/keys.js';
import type { IdentityContext, IdentityResources, InvalidationTarget } from './resources.js';

export async function revokeKey(context: IdentityContext, resources: IdentityResources, userId: string, keyId: string): Promise<InvalidationTarget[]> {
  if (!(await revokeKeyRow(context.pool, userId, keyId))) throw notFound('The API key');
  const invalidated: InvalidationTarget[] = [`key:${keyId}`];
  await resources.invalidator.publish(invalidated);
  return invalidated;
}
