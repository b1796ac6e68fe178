/** Deletes sessions expired for more than a day (hourly background task; failures wait for the next run). */
import { pruneExpiredSessions } from '../store/sessions.js';
import type { IdentityContext } from './resources.js';

export async function pruneSessions(context: IdentityContext): Promise<number> {
  return pruneExpiredSessions(context.pool);
}
