/** Logout: the session row goes (the cookie's JWT names nothing any more) and gateways drop it. */
import { deleteSession } from '../store/sessions.js';
import type { IdentityContext, IdentityResources, InvalidationTarget } from './resources.js';

export async function logOut(context: IdentityContext, resources: IdentityResources, sessionId: string): Promise<InvalidationTarget[]> {
  await deleteSession(context.pool, sessionId);
  const invalidated: InvalidationTarget[] = [`session:${sessionId}`];
  await resources.invalidator.publish(invalidated);
  return invalidated;
}
