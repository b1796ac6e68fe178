/** Opening a session row: shared by sign-up and login (the route turns it into the cookie). */
import { randomUUID } from 'node:crypto';
import { insertSession } from '../store/sessions.js';
import type { IdentityContext } from './resources.js';

export interface OpenedSession {
  sessionId: string;
  userId: string;
  lifetimeSeconds: number;
}

export async function openSession(context: IdentityContext, userId: string, userAgent: string | undefined): Promise<OpenedSession> {
  const lifetimeSeconds = context.config.SESSION_TTL_HOURS * 3600;
  const sessionId = randomUUID();
  await insertSession(context.pool, { id: sessionId, userId, expiresAt: new Date(Date.now() + lifetimeSeconds * 1000), userAgent });
  return { sessionId, userId, lifetimeSeconds };
}
